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
 * The draft of a waiting call's card (docs/http/overview.md: the draft of a card), read by whoever may read the
 * chat: `draft: null` while the card has none. Throws as `readChat` does, and `call-not-found` or
 * `already-settled` for a call that does not wait.
 */
export async function readDraft(services: TurnServices, { chatId, agentSlug, toolCallId, req }: DraftTarget): Promise<{ toolCallId: string; draft: unknown; updatedAt: string | null }> {
  const { chat } = await chatFor(services, { chatId, agentSlug, req, write: false, assignee: 'read' })
  const [call] = await services.store.getCalls(chat.id, [toolCallId])
  if (!call || call.status !== 'pending') throw await notWaiting(services, chat.id, toolCallId, call ? 'settled' : 'no-call')
  const draft = (await services.store.getDrafts(chat.id)).find((entry) => entry.toolCallId === toolCallId)
  return draft ?? { toolCallId, draft: null, updatedAt: null }
}

/**
 * Keeps `draft` (a card's own JSON, checked by the door: not `null`, at most `DRAFT_MAX_BYTES`; and
 * here: `bad-request` naming the first string or key with NUL or a lone surrogate) for a
 * waiting call, replacing the one before, for whoever may answer it: the chat's writer or the call's assignee (a channel
 * conversation's cards are answered in the channel: `409 channel-chat`). It is not an answer:
 * nothing settles, nothing reaches the model, and it goes when the call settles.
 */
export async function saveDraft(services: TurnServices, { chatId, agentSlug, toolCallId, draft, req }: DraftTarget & { draft: unknown }): Promise<CallDraft> {
  // A draft is text a person typed: no NUL, no lone surrogate (docs/project/guarantees.md, Limits).
  refuseBrokenText(draft, ['draft'])
  const { chat } = await chatFor(services, { chatId, agentSlug, req, write: true, assignee: { calls: () => services.store.getCalls(chatId, [toolCallId]) } })
  const saved = await services.store.saveDraft({ chatId: chat.id, toolCallId, draft, now: isoIn(services) })
  if ('refused' in saved) throw await notWaiting(services, chat.id, toolCallId, saved.refused)
  return saved.saved
}

/** Deletes a card's draft (the chat's writer only; nothing happens when there is none, or the call settled). */
export async function deleteDraft(services: TurnServices, { chatId, agentSlug, toolCallId, req }: DraftTarget): Promise<void> {
  const { chat } = await chatFor(services, { chatId, agentSlug, req, write: true, assignee: { calls: () => services.store.getCalls(chatId, [toolCallId]) } })
  await services.store.deleteDraft(chat.id, toolCallId)
}
