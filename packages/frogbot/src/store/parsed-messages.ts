import type { MessagesTable } from './database-schema.ts'
import { type StoredMessage, toStoredMessage } from './chat-records.ts'

/** The columns a message is made from. */
export type MessageText = Pick<MessagesTable, 'id' | 'role' | 'parts' | 'metadata' | 'settlements'>

/** A chat of at least this many messages keeps its messages parsed; a shorter one is cheap to parse again. */
export const LONG_CHAT_MESSAGES = 16

/** How many parsed messages this process keeps at most, least recently read first out. */
export const PARSED_MESSAGES_KEPT = 4096

/** How much stored text (UTF-16 code units of parts, metadata and settlements) the kept messages hold at most, least recently read first out; a longer message is never kept (a file inlined as a data URL). */
export const PARSED_TEXT_KEPT = 8 * 1024 * 1024

type Entry = { role: string; parts: string; metadata: string | null; settlements: string; message: StoredMessage }

const kept = new Map<string, Entry>()
let keptText = 0

const textOf = (entry: Pick<Entry, 'parts' | 'metadata' | 'settlements'>) => entry.parts.length + (entry.metadata?.length ?? 0) + entry.settlements.length

function forget(id: string, entry: Entry) {
  kept.delete(id)
  keptText -= textOf(entry)
}

/** In tests, a kept message is frozen, so that code changing a message it read fails loudly instead of changing what later reads get. */
const freezeKept = Boolean(process.env.VITEST)

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const item of Object.values(value)) deepFreeze(item)
  }
  return value
}

/**
 * The messages of rows read in one go, parsed (see `toStoredMessage`). In a chat of at least
 * {@link LONG_CHAT_MESSAGES} messages, a message whose stored text (role, parts, metadata,
 * settlements) is exactly the text parsed at an earlier read is not parsed again: the earlier
 * message is returned, the same object, which nobody may change (frozen in tests). The text is
 * compared, not a version, so a message rewritten by another process, or deleted and stored again
 * under the same id, is parsed anew. At most {@link PARSED_MESSAGES_KEPT} messages and
 * {@link PARSED_TEXT_KEPT} of their text are kept; a message of more than 1/64 of it is never kept.
 */
export function parsedMessages(rows: readonly MessageText[]): StoredMessage[] {
  if (rows.length < LONG_CHAT_MESSAGES) return rows.map(toStoredMessage)
  return rows.map((row) => {
    const entry = kept.get(row.id)
    if (entry && entry.parts === row.parts && entry.settlements === row.settlements && entry.metadata === row.metadata && entry.role === row.role) {
      kept.delete(row.id)
      kept.set(row.id, entry)
      return entry.message
    }
    const message = toStoredMessage(row)
    if (entry) forget(row.id, entry)
    const text = textOf(row)
    if (text > PARSED_TEXT_KEPT / 64) return message
    for (const [id, oldest] of kept) {
      if (kept.size < PARSED_MESSAGES_KEPT && keptText + text <= PARSED_TEXT_KEPT) break
      forget(id, oldest)
    }
    kept.set(row.id, { role: row.role, parts: row.parts, metadata: row.metadata, settlements: row.settlements, message: freezeKept ? deepFreeze(message) : message })
    keptText += text
    return message
  })
}

/** Forgets every parsed message this process keeps (benchmarks: a process that never read the chat). */
export function forgetParsedMessages(): void {
  kept.clear()
  keptText = 0
}
