import { replyParts } from './reply-parts.ts'
import { streamedReply } from './streamed-reply.ts'

/** How a piece's own client draws a streamed reply: see {@link streamedReply}. */
type ReplyDrawing = Parameters<typeof streamedReply>[1]

/**
 * A reply's streamed `text` drawn through a piece's own client in as many messages as it takes
 * (FrogBot's piece kit): cut into parts of at most `max` characters ({@link replyParts}: at a line
 * break or a space where one is near), each streamed in turn as {@link streamedReply} streams
 * one (posted on its first text, edited as it grows, once more at its end) with the same
 * `post`, `edit` and `render`. For a platform whose replies Chat SDK cannot post as the piece
 * needs (Discord's must ping nobody).
 */
export async function streamedReplies(text: AsyncIterable<string>, max: number, drawing: ReplyDrawing) {
  const next = replyParts(text, max)
  for (let part = await next(); part; part = await next()) await streamedReply(part, drawing)
}
