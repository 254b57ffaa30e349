import { z } from 'zod'

/** Most bytes a draft may take as JSON (UTF-8): a card's picks, typed text and step, with room to spare. */
export const DRAFT_MAX_BYTES = 16_384

/**
 * What a person has put on a card so far, kept with the pending call it answers (docs/http/overview.md: the draft of a card): the card's own JSON (the question card keeps its step, picks and typed text; another
 * kind of card, an approval's reason or edited input). FrogBot stores it as given and deletes it
 * when the call settles, however it settles. It is never sent to the model and never counts as an
 * answer: only a settle answers. `updatedAt` is ISO 8601.
 */
export const CallDraftSchema = z.object({
  toolCallId: z.string(),
  draft: z.unknown().describe("the card's own JSON, as the last save gave it"),
  updatedAt: z.string().describe('ISO 8601')
})

/** See {@link CallDraftSchema}. */
export type CallDraft = z.output<typeof CallDraftSchema>

/**
 * `GET …/pending/:toolCallId/draft`: the caller's own draft, or `draft: null` and `updatedAt: null`
 * while they keep none.
 */
export const CallDraftReadSchema = z.object({ toolCallId: z.string(), draft: z.unknown(), updatedAt: z.string().nullable() })

/** The size of `draft` as JSON in UTF-8 bytes, the measure of {@link DRAFT_MAX_BYTES}. */
export function draftBytes(draft: unknown): number {
  return new TextEncoder().encode(JSON.stringify(draft) ?? '').length
}

/**
 * Body of `PUT …/chats/:chatId/pending/:toolCallId/draft`: `{ draft }`, any JSON value but `null`
 * (delete the draft instead), at most {@link DRAFT_MAX_BYTES} as JSON.
 */
export const DraftRequest = z.strictObject({
  draft: z
    .unknown()
    .refine((draft) => draft !== undefined && draft !== null, 'is required; send the DELETE request to remove a draft')
    .refine((draft) => draftBytes(draft) <= DRAFT_MAX_BYTES, { error: (issue) => `is ${draftBytes(issue.input)} bytes of JSON; a draft holds at most ${DRAFT_MAX_BYTES}` })
})
