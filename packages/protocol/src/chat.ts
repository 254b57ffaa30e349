import { z } from 'zod'
import { CallDraftSchema } from './call-drafts.ts'
import { ChannelIdentitySchema } from './channels.ts'
import { PendingCallSchema } from './pending-call.ts'
import { SettlementSchema } from './settlement.ts'

/**
 * A chat's turn state (docs/chat/turns.md): `idle`, `running` (a turn streams), or
 * `awaiting` (paused at client tool calls). `awaiting-input` is only the `status` of a turn result.
 */
export const ChatStateSchema = z.enum(['idle', 'running', 'awaiting'])

/** See {@link ChatStateSchema}. */
export type ChatState = z.output<typeof ChatStateSchema>

/**
 * A chat as lists and reads show it. `channel` is set for a channel conversation, which is
 * written only in its channel; `channelLabel` names its platform (`Slack`), `null` for web chats.
 * Times are ISO 8601.
 */
export const ChatSummarySchema = z.object({
  id: z.string(),
  agentSlug: z.string(),
  title: z.string().nullable(),
  state: ChatStateSchema,
  channel: ChannelIdentitySchema.nullable(),
  channelLabel: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string()
})

/** See {@link ChatSummarySchema}. */
export type ChatSummary = z.output<typeof ChatSummarySchema>

/** A stored message: an AI SDK UI message plus the `settlements` of its client tool calls. */
export const StoredMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['system', 'user', 'assistant']),
  parts: z.array(z.object({ type: z.string() }).loose()),
  metadata: z.unknown().optional(),
  settlements: z.array(SettlementSchema)
})

/**
 * A user message waiting in a chat's queue (sent while a turn ran or a question waited). Its
 * sender may edit or delete it until it starts. `sender.userId` is `null` for an anonymous sender.
 */
export const QueuedMessageSchema = z.object({
  messageId: z.string(),
  chatId: z.string(),
  parts: z.array(z.object({ type: z.string() }).loose()),
  text: z.string().describe('the text parts joined'),
  sender: z.object({ userId: z.string().nullable() }),
  createdAt: z.string()
})

/** See {@link QueuedMessageSchema}. */
export type QueuedMessage = z.output<typeof QueuedMessageSchema>

/**
 * `GET /api/agents/:slug/chats/:chatId`: the chat, its messages, the calls still waiting, the queue
 * (oldest first) and the caller's own drafts of the waiting calls' cards (see `CallDraftSchema`);
 * `assigneeOnly: true` when the caller reads it only because a call in it names them
 * (docs/chat/reach-people.md):
 * they answer the calls that name them, and write nothing else.
 */
export const ChatReadSchema = z.object({
  chat: ChatSummarySchema,
  messages: z.array(StoredMessageSchema),
  pending: z.array(PendingCallSchema),
  queued: z.array(QueuedMessageSchema),
  drafts: z.array(CallDraftSchema),
  assigneeOnly: z.literal(true).optional().describe('the caller reads this chat only as an assignee of its calls')
})

/** A page of chats, newest first; pass `nextCursor` as `cursor` for the next page (`null`: last page). */
export const ChatListSchema = z.object({ chats: z.array(ChatSummarySchema), nextCursor: z.string().nullable() })

/** `GET …/pending` (seed: "Answer over HTTP"): the turn `state` and the calls still waiting. */
export const PendingListSchema = z.object({ chatId: z.string(), state: ChatStateSchema, pending: z.array(PendingCallSchema) })
