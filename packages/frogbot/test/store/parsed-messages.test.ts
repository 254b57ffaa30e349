import { join } from 'node:path'
import type { UIMessage } from 'ai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqliteAdapter } from '../../src/index.ts'
import { type ChatStore, createChatStore } from '../../src/store/chat-store.ts'
import { migrateToLatest } from '../../src/store/migrate.ts'
import { LONG_CHAT_MESSAGES, PARSED_TEXT_KEPT } from '../../src/store/parsed-messages.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'

// A long chat's messages are parsed once per stored text: a later read of the same text gets the
// same (frozen) message, and any change of the text, by this process or another, is read anew.

const temp = tempDir()
const file = join(temp.dir, 'parsed.db')
const at = () => new Date().toISOString()
const text = (id: string, said: string, role: UIMessage['role'] = 'user'): UIMessage => ({ id, role, parts: [{ type: 'text', text: said }] })
let store: ChatStore
let other: ChatStore

async function open() {
  const adapter = sqliteAdapter({ filename: file })
  const db = adapter.connect()
  await migrateToLatest(db)
  return createChatStore({ db, adapter })
}

/** A chat of `count` messages, each saying its index. */
async function chatOf(chatId: string, count: number) {
  await store.withChat(
    chatId,
    async (tx) => {
      for (let index = 0; index < count; index++) await tx.appendMessage(text(`${chatId}_m${index}`, `said ${index}`, index % 2 ? 'assistant' : 'user'), () => `${chatId}_fresh${index}`)
    },
    { now: at(), create: { id: chatId, agentSlug: 'planner', ownerId: null, title: null } }
  )
}

beforeAll(async () => {
  store = await open()
  other = await open()
})
afterAll(async () => {
  await store.close()
  await other.close()
  temp.remove()
})

describe('parsed messages of a long chat', () => {
  it('returns the same frozen message for an unchanged text, and a new one once its text changed', async () => {
    await chatOf('chat_long', LONG_CHAT_MESSAGES + 4)
    const first = await store.getMessages('chat_long')
    const second = await store.getMessages('chat_long')
    expect(second).toEqual(first)
    expect(second[3]).toBe(first[3])
    expect(Object.isFrozen(second[3].parts[0])).toBe(true)
    // Another connection (another process) rewrites a message: this process reads the new text.
    await other.withChat('chat_long', (tx) => tx.saveMessage({ ...text('chat_long_m3', 'changed', 'assistant'), settlements: [] }, () => 'unused'), { now: at() })
    const third = await store.getMessages('chat_long')
    expect(third[3].parts).toEqual([{ type: 'text', text: 'changed' }])
    expect(third[2]).toBe(first[2])
  })

  it('reads a message deleted and stored again under the same id with other text anew', async () => {
    await chatOf('chat_again', LONG_CHAT_MESSAGES + 2)
    const before = await store.getMessages('chat_again')
    const lastId = before.at(-1)!.id
    await other.withChat('chat_again', async (tx) => {
      await tx.deleteMessagesAfter(before.at(-2)!.id)
      await tx.appendMessage(text(lastId, 'stored again', 'assistant'), () => 'unused')
    }, { now: at() })
    const after = await store.getMessages('chat_again')
    expect(after.at(-1)).toMatchObject({ id: lastId, parts: [{ type: 'text', text: 'stored again' }] })
  })

  it('never keeps a message whose text is more than 1/64 of what may be kept (a file inlined as a data URL)', async () => {
    await chatOf('chat_big', LONG_CHAT_MESSAGES)
    await store.withChat('chat_big', (tx) => tx.saveMessage({ ...text('chat_big_m1', 'x'.repeat(PARSED_TEXT_KEPT / 64 + 1), 'assistant'), settlements: [] }, () => 'unused'), { now: at() })
    const first = await store.getMessages('chat_big')
    const second = await store.getMessages('chat_big')
    expect(second[1]).toEqual(first[1])
    expect(second[1]).not.toBe(first[1])
    expect(second[0]).toBe(first[0])
  })

  it('keeps nothing of a short chat: each read parses again', async () => {
    await chatOf('chat_short', 2)
    const [first] = await store.getMessages('chat_short')
    const [second] = await store.getMessages('chat_short')
    expect(second).toEqual(first)
    expect(second).not.toBe(first)
    expect(Object.isFrozen(second.parts)).toBe(false)
  })
})
