import type { CallDraft } from '@frogbotai/protocol'
import type { Caller } from '../contract/caller.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { chatFor } from './chat-access.ts'
import { settlementOf } from './rules/close-calls.ts'
import { isoIn, type TurnServices } from './services.ts'
import { clipText } from '../text/clip-text.ts'
import { refuseBrokenText } from './rules/nul-text.ts'

/** Which call's draft: the chat (of `agentSlug`, when given), the call, and who asks. */
type DraftTarget = { chatId: string; agentSlug?: string; toolCallId: string; req: Caller }

/**
 * Why call `toolCallId` of a chat takes no draft: `404 call-not-found` when the chat never had it,
 * `409 already-settled` with the stored settlement once it stopped waiting (as the settle door says).
 */
async function notWaiting(services: TurnServices, chatId: string, toolCallId: string, found: 'settled' | 'no-call'): Promise<FrogbotError> {
  if (found === 'no-call') return new FrogbotError('call-not-found', `No pending call "${clipText(toolCallId, 100)}" in this chat.`, { resource: 'call' })
  const [call] = await services.store.getCalls(chatId, [toolCallId])
  const settlement = call ? settlementOf(await services.store.getMessage(chatId, call.messageId), toolCallId) : null
  return new FrogbotError('already-settled', 'This call was already settled; its draft is gone.', { settlement })
}

/**
 * Whose draft `req` reads and writes (docs/http/overview.md: the draft of a card): drafts are per
 * person, `user:<id>` for a signed-in caller, and `anonymous` for every caller without a user
 * (an owner-less chat's writers, counted as one person as a quorum counts them).
 */
export function draftWriterOf(req: Caller): string {
  return req.user ? `user:${req.user.id}` : 'anonymous'
}

/**
 * The caller's own draft of a waiting call's card (docs/http/overview.md: the draft of a card), read
 * by whoever may read the chat: `draft: null` while they keep none (another person's draft is
 * never shown). Throws as `readChat` does, and `call-not-found` or `already-settled` for a call
 * that does not wait (as `saveDraft` and `deleteDraft` do).
 */
export async function readDraft(services: TurnServices, { chatId, agentSlug, toolCallId, req }: DraftTarget): Promise<{ toolCallId: string; draft: unknown; updatedAt: string | null }> {
  const { chat } = await chatFor(services, { chatId, agentSlug, req, write: false, assignee: 'read' })
  const [call] = await services.store.getCalls(chat.id, [toolCallId])
  if (!call || call.status !== 'pending') throw await notWaiting(services, chat.id, toolCallId, call ? 'settled' : 'no-call')
  const drafts = await services.store.getDrafts(chat.id, draftWriterOf(req))
  const draft = drafts.find((entry) => entry.toolCallId === toolCallId)
  return draft ?? { toolCallId, draft: null, updatedAt: null }
}

/**
 * Keeps `draft` (a card's own JSON, checked by the door: not `null`, at most `DRAFT_MAX_BYTES`; and
 * here: `bad-request` naming the first string or key with NUL or a lone surrogate) as the caller's
 * own draft of a waiting call, replacing their one before, for whoever may answer it: the chat's
 * writer or the call's assignee (a channel conversation's cards are answered in the channel:
 * `409 channel-chat`). Each person keeps their own: an assignee or a fellow voter never overwrites
 * the owner's. It is not an answer: nothing settles, nothing reaches the model, and it goes when
 * the call settles.
 */
export async function saveDraft(services: TurnServices, { chatId, agentSlug, toolCallId, draft, req }: DraftTarget & { draft: unknown }): Promise<CallDraft> {
  // A draft is text a person typed: no NUL, no lone surrogate (docs/project/guarantees.md, Limits).
  refuseBrokenText(draft, ['draft'])
  const { chat } = await chatFor(services, { chatId, agentSlug, req, write: true, assignee: { calls: () => services.store.getCalls(chatId, [toolCallId]) } })
  const writer = draftWriterOf(req)
  const now = isoIn(services)
  const saved = await services.store.saveDraft({ chatId: chat.id, toolCallId, writer, draft, now })
  if ('refused' in saved) throw await notWaiting(services, chat.id, toolCallId, saved.refused)
  return saved.saved
}

/**
 * Deletes the caller's own draft of a waiting call's card (whoever may save it; nothing happens
 * when they keep none); `call-not-found` or `already-settled` for a call that does not wait, as
 * `readDraft` and `saveDraft` answer (its drafts went as it settled).
 */
export async function deleteDraft(services: TurnServices, { chatId, agentSlug, toolCallId, req }: DraftTarget): Promise<void> {
  const { chat } = await chatFor(services, { chatId, agentSlug, req, write: true, assignee: { calls: () => services.store.getCalls(chatId, [toolCallId]) } })
  const writer = draftWriterOf(req)
  const deleted = await services.store.deleteDraft({ chatId: chat.id, toolCallId, writer })
  if ('refused' in deleted) throw await notWaiting(services, chat.id, toolCallId, deleted.refused)
}
