import type { Kysely } from 'kysely'
import type { UIMessage } from 'ai'
import type { Credential, User } from '../auth/frogbot-request.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { PendingCall } from '../turns/pending-call.ts'
import { randomId } from '../turns/ids.ts'
import type { DatabaseAdapter } from './database-adapter.ts'
import type { Database } from './database-schema.ts'
import type { ChatRecord, StoredMessage } from './chat-records.ts'
import { appendMessage, messagesOf, saveAssistantMessage } from './message-writes.ts'
import { closeWaitingCalls } from './settle-in-store.ts'
import { lockChat } from './chat-lock.ts'
import { isTransientError } from './transient-errors.ts'

/**
 * Who sent a message, kept with a queued message so its turn runs as them. `user` is a snapshot,
 * kept for users of a custom `auth.authenticate` strategy, who are not in the users table.
 */
export type Sender = { userId: string | null; credential: Credential; user?: User }

/** A new client tool call to remember as pending when a turn pauses. */
export type NewPendingCall = PendingCall & { toolFingerprint: string; expiresAt: string | null }

/**
 * Outcome of {@link startTurn}:
 * - `started`: the caller holds the chat; `messages` is the transcript to run on, `sender` who sent
 *   the user message (for a queued one, who queued it);
 * - `queued`: a turn is running; the message waits in the queue and runs next;
 * - `busy`: nothing to start (another turn holds the chat, or the queue is empty).
 */
export type StartTurnResult =
  | { status: 'started'; chat: ChatRecord; messages: StoredMessage[]; messageId: string | null; sender: Sender | null }
  | { status: 'queued'; chat: ChatRecord; messageId: string }
  | { status: 'busy'; chat: ChatRecord }

class Conflict extends Error {}

/**
 * Takes the chat for a new turn in one transaction. With `message`: from `idle`, from `running`
 * whose lease has passed (its process died), or from `awaiting-input` (the waiting calls are
 * closed: settlement `closed`, tool error `Closed without an answer.`); while a live turn runs, the
 * message is queued instead. With `fromQueue`: the oldest queued message starts the turn.
 * The chat becomes `running` under `leaseOwner` until `leaseUntil` (ISO time). Throws
 * `FrogbotError('write-conflict')` if the chat kept changing through every retry.
 */
export async function startTurn(
  db: Kysely<Database>,
  adapter: DatabaseAdapter,
  options: { chatId: string; leaseOwner: string; leaseUntil: string; now: string } & ({ message: UIMessage; sender: Sender } | { fromQueue: true })
): Promise<StartTurnResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await adapter.transaction(db, (trx) => startTurnOnce(trx, adapter, options))
    } catch (error) {
      if (!(error instanceof Conflict || isTransientError(error))) throw error
      if (attempt >= 5) throw new FrogbotError('write-conflict', 'The chat kept changing while FrogBot tried to start the turn; retry.')
    }
  }
}

async function startTurnOnce(
  trx: Kysely<Database>,
  adapter: DatabaseAdapter,
  options: { chatId: string; leaseOwner: string; leaseUntil: string; now: string } & ({ message: UIMessage; sender: Sender } | { fromQueue: true })
): Promise<StartTurnResult> {
  const { chatId, leaseOwner, leaseUntil, now } = options
  const before = await lockChat(trx, adapter, chatId)
  if (!before) throw new FrogbotError('not-found', `Chat "${chatId}" was not found.`)
  const bump = async () => {
    const bumped = await trx
      .updateTable('frogbot_chats')
      .set({ version: before.version + 1, updated_at: now })
      .where('id', '=', chatId)
      .where('version', '=', before.version)
      .executeTakeFirst()
    if (Number(bumped.numUpdatedRows) !== 1) throw new Conflict()
  }
  const leaseLive = before.state === 'running' && (before.leaseUntil ?? '') >= now

  let message: UIMessage
  let sender: Sender
  if ('fromQueue' in options) {
    if (leaseLive) return { status: 'busy', chat: before }
    const queued = await trx.selectFrom('frogbot_queued_messages').selectAll().where('chat_id', '=', chatId).orderBy('created_at').orderBy('id').limit(1).executeTakeFirst()
    if (!queued) return { status: 'busy', chat: before }
    await trx.deleteFrom('frogbot_queued_messages').where('id', '=', queued.id).execute()
    message = JSON.parse(queued.message)
    sender = JSON.parse(queued.sender)
  } else {
    message = options.message
    sender = options.sender
    if (leaseLive) {
      await bump()
      const id = randomId('queued')
      await trx
        .insertInto('frogbot_queued_messages')
        .values({ id, chat_id: chatId, message: JSON.stringify(message), sender: JSON.stringify(sender), created_at: now })
        .execute()
      return { status: 'queued', chat: before, messageId: message.id }
    }
  }

  if (before.state === 'awaiting-input') await closeWaitingCalls(trx, chatId, now)
  const taken = await trx
    .updateTable('frogbot_chats')
    .set({ state: 'running', lease_owner: leaseOwner, lease_until: leaseUntil, stop_requested_at: null, updated_at: now, version: before.version + 1 })
    .where('id', '=', chatId)
    .where('version', '=', before.version)
    .executeTakeFirst()
  if (Number(taken.numUpdatedRows) !== 1) throw new Conflict()
  const stored = await appendMessage(trx, chatId, message, now)
  const chat: ChatRecord = { ...before, state: 'running', leaseOwner, leaseUntil, version: before.version + 1 }
  return { status: 'started', chat, messages: await messagesOf(trx, chatId), messageId: stored.id, sender }
}

/** Extends the lease of a running turn held by `leaseOwner`. False if the lease was lost. */
export async function renewLease(db: Kysely<Database>, { chatId, leaseOwner, leaseUntil }: { chatId: string; leaseOwner: string; leaseUntil: string }) {
  const renewed = await db
    .updateTable('frogbot_chats')
    .set({ lease_until: leaseUntil })
    .where('id', '=', chatId)
    .where('state', '=', 'running')
    .where('lease_owner', '=', leaseOwner)
    .executeTakeFirst()
  return Number(renewed.numUpdatedRows) === 1
}

/** Saves the assistant message of a running turn and extends its lease. False if the lease was lost. */
export async function saveProgress(
  db: Kysely<Database>,
  adapter: DatabaseAdapter,
  { chatId, message, leaseOwner, leaseUntil, now }: { chatId: string; message: UIMessage; leaseOwner: string; leaseUntil: string; now: string }
): Promise<boolean> {
  return adapter.transaction(db, async (trx) => {
    if (!(await renewLease(trx, { chatId, leaseOwner, leaseUntil }))) return false
    await saveAssistantMessage(trx, chatId, message, now)
    return true
  })
}

/**
 * Ends a turn held under `leaseOwner`: saves the assistant message, records `pending` calls and
 * leaves the chat `awaiting-input` when there are any, `idle` otherwise. Returns whether messages
 * wait in the queue (the caller starts the next turn), or `null` if the lease was lost.
 */
export async function finishTurn(
  db: Kysely<Database>,
  adapter: DatabaseAdapter,
  { chatId, message, pending, leaseOwner, now }: { chatId: string; message: UIMessage | null; pending: NewPendingCall[]; leaseOwner: string; now: string }
): Promise<{ queued: boolean } | null> {
  return adapter.transaction(db, async (trx) => {
    const released = await trx
      .updateTable('frogbot_chats')
      .set((eb) => ({
        state: pending.length > 0 ? 'awaiting-input' : 'idle',
        lease_owner: null,
        lease_until: null,
        updated_at: now,
        version: eb('version', '+', 1)
      }))
      .where('id', '=', chatId)
      .where('state', '=', 'running')
      .where('lease_owner', '=', leaseOwner)
      .executeTakeFirst()
    if (Number(released.numUpdatedRows) === 0) return null
    if (message) await saveAssistantMessage(trx, chatId, message, now)
    for (const call of pending) {
      const row = {
        message_id: call.messageId,
        tool_name: call.toolName,
        agent_slug: call.agentSlug,
        input: JSON.stringify(call.input ?? null),
        status: 'pending' as const,
        tool_fingerprint: call.toolFingerprint,
        created_at: call.createdAt,
        expires_at: call.expiresAt,
        settled_at: null
      }
      // A model may reuse a tool call id in a later turn of the chat: the new call replaces the
      // record of the old one, which has ended (its settlement stays on its message).
      await trx
        .insertInto('frogbot_pending_calls')
        .values({ chat_id: chatId, tool_call_id: call.toolCallId, ...row })
        .onConflict((conflict) => conflict.columns(['chat_id', 'tool_call_id']).doUpdateSet(row).where('frogbot_pending_calls.status', '!=', 'pending'))
        .execute()
    }
    const queued = await trx.selectFrom('frogbot_queued_messages').select('id').where('chat_id', '=', chatId).limit(1).executeTakeFirst()
    return { queued: queued !== undefined }
  })
}
