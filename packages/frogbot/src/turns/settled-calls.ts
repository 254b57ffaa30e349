import type { ChatRecord } from '../store/chat-records.ts'
import type { settlementOf } from './rules/close-calls.ts'
import type { TurnServices } from './services.ts'

/** How many settled calls a process remembers: the most recent, where answers race (each holds its stored tool part). */
export const SETTLED_CALLS_KEPT = 1000

/** A call's settlement with its stored tool part, as `already-settled` reports it. */
type StoredSettlement = NonNullable<ReturnType<typeof settlementOf>>

/** A settled call as this process last saw it: its chat's record (who owns it, its home) and the settlement losers are told. */
type SettledCall = { chat: ChatRecord; settlement: StoredSettlement }

const records = new WeakMap<TurnServices, Map<string, SettledCall>>()

const keyOf = (chatId: string, toolCallId: string) => `${chatId}\u0000${toolCallId}`

function recordOf(services: TurnServices): Map<string, SettledCall> {
  let record = records.get(services)
  if (!record) records.set(services, (record = new Map()))
  return record
}

/**
 * The calls this process saw settled, so that a losing answer is refused from memory instead of a
 * read of the chat (docs/project/guarantees.md: the first valid answer wins). Safe across processes: a
 * settled call never becomes pending again, and what a loser is told is the stored settlement of
 * the winner. The record is a hint: a call it does not know is decided on the database as ever.
 * `remember` keeps the settlements of a chat's calls (the oldest forgotten past
 * {@link SETTLED_CALLS_KEPT}); `forget` drops a chat's (deleted, or its messages edited away);
 * `lookup` gives the chat and the first call's settlement when every one of `toolCallIds` is known.
 */
export const settledCalls = {
  remember(services: TurnServices, chat: ChatRecord, settlements: StoredSettlement[]): void {
    const record = recordOf(services)
    for (const settlement of settlements) {
      const key = keyOf(chat.id, settlement.toolCallId)
      record.delete(key)
      record.set(key, { chat, settlement })
    }
    while (record.size > SETTLED_CALLS_KEPT) record.delete(record.keys().next().value!)
  },
  forget(services: TurnServices, chatId: string): void {
    const record = records.get(services)
    if (!record) return
    for (const key of record.keys()) if (key.startsWith(`${chatId}\u0000`)) record.delete(key)
  },
  lookup(services: TurnServices, chatId: string, toolCallIds: string[]): SettledCall | null {
    const record = records.get(services)
    if (!record || toolCallIds.length === 0) return null
    const known = toolCallIds.map((toolCallId) => record.get(keyOf(chatId, toolCallId)))
    return known.every((entry) => entry !== undefined) ? known[0]! : null
  }
}
