import type { Kysely } from 'kysely'
import { isToolUIPart, type UIMessage } from 'ai'
import { CLOSED_TEXT, EXPIRED_TEXT, type SettledBy, type Settlement, dismissedText } from '../turns/settlement.ts'
import type { DatabaseAdapter } from './database-adapter.ts'
import type { Database } from './database-schema.ts'
import { type CallRecord, type StoredMessage, toCallRecord, toStoredMessage } from './chat-records.ts'
import { lockChat } from './chat-lock.ts'
import { isTransientError } from './transient-errors.ts'

/**
 * What a settle does to the call: record an answer, dismiss it (with an optional reason), or
 * expire it (`client.expiresIn` passed). Dismissal and expiry end the turn without calling the model.
 */
export type SettleChange = { outcome: 'answered'; output: unknown } | { outcome: 'dismissed'; reason?: string } | { outcome: 'expired' }

/** A settlement as returned to callers: the record plus the stored tool part (`part`). */
export type SettlementWithPart = Settlement & { part: unknown }

/** Outcome of {@link settleInStore}. Every status but `settled` leaves the database unchanged. */
export type SettleResult =
  | { status: 'settled'; settlement: SettlementWithPart; message: StoredMessage; remaining: CallRecord[]; continues: boolean }
  | { status: 'call-not-found' }
  | { status: 'already-settled'; settlement: SettlementWithPart | null }
  | { status: 'not-awaiting' }
  | { status: 'write-conflict' }

class Conflict extends Error {}

/** A lost compare-and-set, a PostgreSQL serialization failure or deadlock, or a busy SQLite file. */
function isRetryable(error: unknown): boolean {
  return error instanceof Conflict || isTransientError(error)
}

function toolPartOf(message: UIMessage, toolCallId: string) {
  return message.parts.find((part) => isToolUIPart(part) && part.toolCallId === toolCallId)
}

function settledPart(part: Record<string, unknown>, change: { output: unknown } | { errorText: string }) {
  const { output: _output, errorText: _errorText, ...rest } = part
  return 'output' in change
    ? { ...rest, state: 'output-available', output: change.output }
    : { ...rest, state: 'output-error', errorText: change.errorText }
}

/**
 * Settles one pending call as a single transaction and compare-and-set: the call's `status` must
 * still be `pending` and its message's `version` unchanged, so the first valid answer wins across
 * tabs and processes. The transaction holds the chat (see `lockChat`), so concurrent settles of
 * one chat run one after the other and each sees what the previous one wrote. In the same
 * transaction the tool part of the message gets its output (or tool error), the settlement is
 * recorded, and:
 * - an answer that settles the last pending call of the step moves the chat to `running` under
 *   `leaseOwner` (`continues: true`): exactly one caller continues the turn;
 * - a dismissal or expiry closes the step's other pending calls (`Closed without an answer.`) and
 *   leaves the chat `idle`; the model is not called.
 * Retries up to `attempts` times when another writer changed the message; then `write-conflict`.
 */
export async function settleInStore({ db, adapter, attempts = 5, ...settle }: SettleOptions & {
  db: Kysely<Database>
  adapter: DatabaseAdapter
  attempts?: number
}): Promise<SettleResult> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await adapter.transaction(db, (trx) => settleOnce(trx, adapter, settle))
    } catch (error) {
      if (!isRetryable(error)) throw error
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * (attempt + 1)))
    }
  }
  return { status: 'write-conflict' }
}

/** One settle: which call, what to record, who did it, and the lease the continuation gets (ISO times). */
type SettleOptions = {
  chatId: string
  toolCallId: string
  change: SettleChange
  by: SettledBy
  leaseOwner: string
  leaseUntil: string
  now: string
}

async function settleOnce(
  trx: Kysely<Database>,
  adapter: DatabaseAdapter,
  { chatId, toolCallId, change, by, leaseOwner, leaseUntil, now }: SettleOptions
): Promise<SettleResult> {
  const chat = await lockChat(trx, adapter, chatId)
  if (!chat) return { status: 'call-not-found' }
  const callRow = await trx
    .selectFrom('frogbot_pending_calls')
    .selectAll()
    .where('chat_id', '=', chatId)
    .where('tool_call_id', '=', toolCallId)
    .executeTakeFirst()
  if (!callRow) return { status: 'call-not-found' }
  const messageRow = await trx.selectFrom('frogbot_messages').selectAll().where('id', '=', callRow.message_id).executeTakeFirst()
  if (!messageRow) return { status: 'call-not-found' }
  const message = toStoredMessage(messageRow)

  if (callRow.status !== 'pending') {
    const settlement = message.settlements.find((entry) => entry.toolCallId === toolCallId)
    return { status: 'already-settled', settlement: settlement ? { ...settlement, part: toolPartOf(message, toolCallId) ?? null } : null }
  }
  if (chat.state !== 'awaiting-input') return { status: 'not-awaiting' }

  const stepCalls = (
    await trx
      .selectFrom('frogbot_pending_calls')
      .selectAll()
      .where('chat_id', '=', chatId)
      .where('message_id', '=', callRow.message_id)
      .where('status', '=', 'pending')
      .execute()
  ).map(toCallRecord)
  const others = stepCalls.filter((call) => call.toolCallId !== toolCallId)
  const endsTurn = change.outcome !== 'answered'
  const closing = endsTurn ? others : []
  const remaining = endsTurn ? [] : others

  const settlement: Settlement = {
    toolCallId,
    outcome: change.outcome,
    by,
    at: now,
    ...(change.outcome === 'dismissed' && change.reason ? { reason: change.reason } : {})
  }
  const closedSettlements: Settlement[] = closing.map((call) => ({ toolCallId: call.toolCallId, outcome: 'closed', by: { system: true }, at: now }))
  const parts = message.parts.map((part) => {
    if (!isToolUIPart(part)) return part
    if (part.toolCallId === toolCallId) {
      if (change.outcome === 'answered') return settledPart(part, { output: change.output })
      return settledPart(part, { errorText: change.outcome === 'expired' ? EXPIRED_TEXT : dismissedText(change.reason) })
    }
    if (closing.some((call) => call.toolCallId === part.toolCallId)) return settledPart(part, { errorText: CLOSED_TEXT })
    return part
  }) as UIMessage['parts']
  const settlements = [...message.settlements, settlement, ...closedSettlements]

  const messageWrite = await trx
    .updateTable('frogbot_messages')
    .set({ parts: JSON.stringify(parts), settlements: JSON.stringify(settlements), version: messageRow.version + 1, updated_at: now })
    .where('id', '=', messageRow.id)
    .where('version', '=', messageRow.version)
    .executeTakeFirst()
  if (Number(messageWrite.numUpdatedRows) !== 1) throw new Conflict()

  const callWrite = await trx
    .updateTable('frogbot_pending_calls')
    .set({ status: change.outcome, settled_at: now })
    .where('chat_id', '=', chatId)
    .where('tool_call_id', '=', toolCallId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  if (Number(callWrite.numUpdatedRows) !== 1) throw new Conflict()
  for (const call of closing) {
    await trx
      .updateTable('frogbot_pending_calls')
      .set({ status: 'closed', settled_at: now })
      .where('chat_id', '=', chatId)
      .where('tool_call_id', '=', call.toolCallId)
      .where('status', '=', 'pending')
      .execute()
  }

  const continues = change.outcome === 'answered' && remaining.length === 0
  if (continues || endsTurn) {
    const chatWrite = await trx
      .updateTable('frogbot_chats')
      .set((eb) => ({
        state: continues ? 'running' : 'idle',
        lease_owner: continues ? leaseOwner : null,
        lease_until: continues ? leaseUntil : null,
        stop_requested_at: null,
        updated_at: now,
        version: eb('version', '+', 1)
      }))
      .where('id', '=', chatId)
      .where('state', '=', 'awaiting-input')
      .executeTakeFirst()
    if (Number(chatWrite.numUpdatedRows) !== 1) throw new Conflict()
  }

  const stored: StoredMessage = { ...message, parts, settlements }
  return { status: 'settled', settlement: { ...settlement, part: toolPartOf(stored, toolCallId) ?? null }, message: stored, remaining, continues }
}

/**
 * Closes every pending call of a chat inside an open transaction: each tool part gets the tool
 * error `Closed without an answer.` and a `closed` settlement by the system. Used when a new user
 * message reaches a chat that awaits input (SPEC §4).
 */
export async function closeWaitingCalls(trx: Kysely<Database>, chatId: string, now: string): Promise<void> {
  const calls = (
    await trx.selectFrom('frogbot_pending_calls').selectAll().where('chat_id', '=', chatId).where('status', '=', 'pending').execute()
  ).map(toCallRecord)
  for (const messageId of new Set(calls.map((call) => call.messageId))) {
    const row = await trx.selectFrom('frogbot_messages').selectAll().where('id', '=', messageId).executeTakeFirst()
    if (!row) continue
    const message = toStoredMessage(row)
    const closing = new Set(calls.filter((call) => call.messageId === messageId).map((call) => call.toolCallId))
    const parts = message.parts.map((part) =>
      isToolUIPart(part) && closing.has(part.toolCallId) ? settledPart(part, { errorText: CLOSED_TEXT }) : part
    )
    const settlements = [
      ...message.settlements,
      ...[...closing].map((toolCallId): Settlement => ({ toolCallId, outcome: 'closed', by: { system: true }, at: now }))
    ]
    await trx
      .updateTable('frogbot_messages')
      .set({ parts: JSON.stringify(parts), settlements: JSON.stringify(settlements), version: row.version + 1, updated_at: now })
      .where('id', '=', messageId)
      .execute()
  }
  await trx
    .updateTable('frogbot_pending_calls')
    .set({ status: 'closed', settled_at: now })
    .where('chat_id', '=', chatId)
    .where('status', '=', 'pending')
    .execute()
}
