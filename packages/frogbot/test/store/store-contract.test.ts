import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { UIMessage } from 'ai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresAdapter, sqliteAdapter, type DatabaseAdapter } from '../../src/index.ts'
import type { NewCall } from '../../src/store/chat-records.ts'
import { type ChatStore, createChatStore } from '../../src/store/chat-store.ts'
import { migrateToLatest } from '../../src/store/migrate.ts'
import { StoreConflict, StoreWriteConflict } from '../../src/store/store-errors.ts'
import { randomId } from '../../src/ids/random-id.ts'
import { colorQuestion } from '../../src/testing/scripted-model.ts'
import { createTestDatabase, describePostgres } from '../../src/testing/postgres.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'

// One contract, every store: the store applies what the engine decided, inside `withChat`, under
// the chat's lock; it knows no turn rules. The same behaviour on a SQLite file and on PostgreSQL.
// "Processes" are separate store instances: on PostgreSQL each has its own connection pool, so
// concurrent transactions really race in the database; SQLite serializes writers.

type Backend = {
  name: string
  describe: (name: string, suite: () => void) => unknown
  open: () => Promise<{ stores: ChatStore[]; adapter: () => DatabaseAdapter; concurrentMigrations: boolean; close: () => Promise<void> }>
}

async function openStores(adapter: DatabaseAdapter, count: number) {
  const stores: ChatStore[] = []
  for (let index = 0; index < count; index++) {
    const db = adapter.connect()
    await migrateToLatest(db)
    stores.push(createChatStore({ db, adapter }))
  }
  return stores
}

const backends: Backend[] = [
  {
    name: 'SQLite file',
    describe,
    open: async () => {
      const temp = tempDir()
      const adapter = () => sqliteAdapter({ filename: join(temp.dir, `${randomId('db')}.db`) })
      // node:sqlite is synchronous: one connection per process, so the three "processes" share it.
      const [store] = await openStores(adapter(), 1)
      return { stores: [store, store, store], adapter, concurrentMigrations: false, close: async () => (await store.close(), temp.remove()) }
    }
  },
  {
    name: 'PostgreSQL',
    describe: describePostgres,
    open: async () => {
      const database = await createTestDatabase()
      const stores = await openStores(postgresAdapter({ url: database.url }), 3)
      return {
        stores,
        adapter: () => postgresAdapter({ url: database.url }),
        concurrentMigrations: true,
        close: async () => {
          await Promise.all(stores.map((store) => store.close()))
          await database.drop()
        }
      }
    }
  }
]

const iso = (ms: number) => new Date(ms).toISOString()
const now = () => iso(Date.now())
const userMessage = (text: string, id = randomId('msg')): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] })
const assistantAsking = (id: string, callIds: string[]): UIMessage => ({
  id,
  role: 'assistant',
  parts: [{ type: 'step-start' }, ...callIds.map((toolCallId) => ({ type: 'tool-question', toolCallId, state: 'input-available', input: colorQuestion }) as UIMessage['parts'][number])]
})
const newCalls = (chatId: string, messageId: string, callIds: string[], expiresAt: string | null = null): NewCall[] =>
  callIds.map((toolCallId) => ({ toolCallId, toolName: 'question', input: colorQuestion, messageId, chatId, agentSlug: 'planner', createdAt: now(), kind: 'question', toolFingerprint: 'fp', expiresAt, quorum: null, assignees: null }))
const newChat = (ownerId: string | null = 'user_ada') => ({ agentSlug: 'planner', ownerId, title: 'Paint the shed' })
const fresh = () => randomId('msg')

for (const backend of backends) {
  backend.describe(`store contract: ${backend.name}`, () => {
    let opened: Awaited<ReturnType<Backend['open']>>
    let store: ChatStore
    let stores: ChatStore[]

    beforeAll(async () => {
      opened = await backend.open()
      stores = opened.stores
      store = stores[0]
    })
    afterAll(async () => {
      await opened?.close()
    })

    /** A chat with a user message and an assistant message waiting at `callIds` (started, then paused by a turn). */
    async function waiting(callIds: string[], expiresAt: string | null = null) {
      const chatId = randomId('chat')
      const messageId = randomId('msg')
      const leaseOwner = randomId('lease')
      expect(await store.startNewChat({ chat: { id: chatId, ...newChat() }, message: userMessage('Paint the shed'), leaseOwner, leaseUntil: iso(Date.now() + 60_000), now: now(), freshId: fresh })).not.toBeNull()
      const paused = await store.pauseTurn({ chatId, leaseOwner, write: { message: assistantAsking(messageId, callIds), settlements: [], position: 1 }, calls: newCalls(chatId, messageId, callIds, expiresAt), now: now() })
      expect(paused).toBe(true)
      return { chatId, messageId }
    }

    it('creates a chat inside withChat and reads it back with a numeric version and ISO times', async () => {
      const chatId = randomId('chat')
      const at = '2026-11-30T12:00:00.000Z'
      const created = await store.withChat(chatId, async (tx) => ({ created: tx.created, chat: tx.chat }), { now: at, create: { id: chatId, ...newChat(null) } })
      expect(created).toMatchObject({ created: true, chat: { id: chatId, agentSlug: 'planner', ownerId: null, title: 'Paint the shed', state: 'idle', channel: null, version: 0, createdAt: at, updatedAt: at } })
      // A second creation of the same id finds the first chat and changes nothing.
      const again = await stores[1].withChat(chatId, async (tx) => ({ created: tx.created, ownerId: tx.chat.ownerId }), { now: now(), create: { id: chatId, ...newChat('user_other') } })
      expect(again).toEqual({ created: false, ownerId: null })
      expect(typeof (await stores[2].getChat(chatId))!.version).toBe('number')
      expect(await store.withChat(randomId('chat'), async () => 'ran', { now: now() })).toBeNull()
    })

    it('a transaction that throws leaves nothing behind, not even the chat it created', async () => {
      const chatId = randomId('chat')
      await expect(
        store.withChat(
          chatId,
          async (tx) => {
            await tx.appendMessage(userMessage('Hello'), fresh)
            throw new Error('the engine refused')
          },
          { now: now(), create: { id: chatId, ...newChat() } }
        )
      ).rejects.toThrow('the engine refused')
      expect(await store.getChat(chatId)).toBeNull()
      expect(await store.getMessages(chatId)).toEqual([])
    })

    it('looks up ids with a NUL character as not found, and stores a title with one', async () => {
      expect(await store.getChat('chat_\0nul')).toBeNull()
      expect(await store.getCalls('chat_\0nul', ['call_\0'])).toEqual([])
      const chatId = randomId('chat')
      await store.withChat(chatId, async () => {}, { now: now(), create: { id: chatId, ...newChat(), title: 'a\0b' } })
      expect((await store.getChat(chatId))!.title).toMatch(/^a(\0|\uFFFD)b$/)
    })

    it('keeps messages in order, never overwrites one with a client-chosen id, and saves in place', async () => {
      const { chatId, messageId } = await waiting(['call_1'])
      const other = await waiting(['call_1'])
      const stolen = await store.withChat(other.chatId, (tx) => tx.appendMessage(userMessage('Hijack', messageId), () => 'msg_fresh_one'), { now: now() })
      expect(stolen).toBe('msg_fresh_one')
      expect((await store.getMessage(chatId, messageId))!.parts).toEqual(assistantAsking(messageId, ['call_1']).parts)
      await store.withChat(chatId, (tx) => tx.saveMessage({ ...assistantAsking(messageId, []), settlements: [] }, fresh), { now: now() })
      const messages = await store.getMessages(chatId)
      expect(messages.map((message) => message.role)).toEqual(['user', 'assistant'])
      expect(messages[1]).toEqual({ id: messageId, role: 'assistant', parts: [{ type: 'step-start' }], settlements: [] })
    })

    it('settleCalls is a compare-and-set: of 20 racing transactions from three processes exactly one ends the call', async () => {
      const { chatId } = await waiting(['call_1'])
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          stores[index % 3].withChat(
            chatId,
            async (tx) => {
              const [call] = await tx.calls(['call_1'])
              if (call.status !== 'pending') return 'lost'
              await tx.settleCalls([{ toolCallId: 'call_1', status: 'answered' }])
              return 'won'
            },
            { now: now() }
          )
        )
      )
      expect(outcomes.filter((outcome) => outcome === 'won')).toHaveLength(1)
      expect(outcomes.filter((outcome) => outcome === 'lost')).toHaveLength(19)
      expect((await store.getCalls(chatId, ['call_1']))[0]).toMatchObject({ status: 'answered', settledAt: expect.any(String) })
    })

    it('a stale compare-and-set rolls the whole transaction back and retries; past the attempts it is a write conflict', async () => {
      const { chatId } = await waiting(['call_1'])
      await store.withChat(chatId, (tx) => tx.settleCalls([{ toolCallId: 'call_1', status: 'dismissed' }]), { now: now() })
      let runs = 0
      await expect(
        store.withChat(
          chatId,
          async (tx) => {
            runs++
            await tx.updateChat({ title: `attempt ${runs}` })
            await tx.settleCalls([{ toolCallId: 'call_1', status: 'answered' }])
          },
          { now: now(), attempts: 3 }
        )
      ).rejects.toBeInstanceOf(StoreWriteConflict)
      expect(runs).toBe(3)
      expect((await store.getChat(chatId))!.title).toBe('Paint the shed')
      await expect(store.withChat(chatId, async () => Promise.reject(new StoreConflict()), { now: now(), attempts: 2 })).rejects.toBeInstanceOf(StoreWriteConflict)
    })

    it('updateChat bumps the version; leases renew only for their holder; a stop is recorded only while a live turn runs', async () => {
      const { chatId } = await waiting(['call_1'])
      const before = (await store.getChat(chatId))!
      expect(await store.requestStop(chatId, now())).toBe(false)
      await store.withChat(chatId, (tx) => tx.updateChat({ state: 'running', leaseOwner: 'p1:a', leaseUntil: iso(Date.now() + 60_000) }), { now: now() })
      const running = (await store.getChat(chatId))!
      expect(running).toMatchObject({ state: 'running', leaseOwner: 'p1:a', version: before.version + 1 })
      expect(await stores[1].renewLease({ chatId, leaseOwner: 'p2:b', leaseUntil: iso(Date.now() + 120_000) })).toBe(false)
      expect(await stores[1].renewLease({ chatId, leaseOwner: 'p1:a', leaseUntil: iso(Date.now() + 120_000) })).toBe(true)
      expect(await stores[2].requestStop(chatId, now())).toBe(true)
      expect(await store.isStopRequested(chatId)).toBe(true)
    })

    it('reads a chat with the ids of its pending calls in one statement (what a Stop is for)', async () => {
      const { chatId } = await waiting(['call_1', 'call_2'])
      const read = await stores[1].getChatAndPendingIds(chatId)
      expect(read?.chat).toEqual(await store.getChat(chatId))
      expect(read?.pendingCallIds.sort()).toEqual(['call_1', 'call_2'])
      const settle = [{ toolCallId: 'call_1', status: 'answered' as const }]
      await store.withChat(chatId, (tx) => tx.settleCalls(settle), { now: now() })
      expect((await stores[2].getChatAndPendingIds(chatId))?.pendingCallIds).toEqual(['call_2'])
      const idle = randomId('chat')
      await store.withChat(idle, async () => {}, { now: now(), create: { id: idle, ...newChat() } })
      const none = { chat: { id: idle, state: 'idle' }, pendingCallIds: [] }
      expect(await store.getChatAndPendingIds(idle)).toMatchObject(none)
      expect(await store.getChatAndPendingIds(randomId('chat'))).toBeNull()
    })

    it('a queue keeps its order, finds messages by their id, and edits or removes them', async () => {
      const { chatId } = await waiting(['call_1'])
      const ids = ['q_a', 'q_b', 'q_c'].map((id) => `${id}_${randomId('m')}`)
      for (const [index, id] of ids.entries()) {
        const sender = { userId: 'user_ada', n: index }
        const entry = { id: randomId('queued'), message: userMessage(`text ${index}`, id), sender }
        const writer = stores[index % 3]
        await writer.withChat(chatId, (tx) => tx.enqueue(entry, () => randomId('m')), { now: now() })
      }
      expect((await store.getQueued(chatId)).map((entry) => entry.messageId)).toEqual(ids)
      const changed = await store.withChat(
        chatId,
        async (tx) => [await tx.replaceQueued(ids[1], userMessage('edited', ids[1])), await tx.removeQueued(ids[0]), await tx.removeQueued('q_missing'), await tx.queueSize()],
        { now: now() }
      )
      expect(changed).toEqual([true, true, false, 2])
      const queued = await store.getQueued(chatId)
      expect(queued.map((entry) => [entry.messageId, entry.message.parts])).toEqual([
        [ids[1], [{ type: 'text', text: 'edited' }]],
        [ids[2], [{ type: 'text', text: 'text 2' }]]
      ])
      expect(queued[0].sender).toEqual({ userId: 'user_ada', n: 1 })
      expect(await store.getStalledQueues(now())).not.toContain(chatId) // it awaits an answer
      await store.withChat(chatId, (tx) => tx.updateChat({ state: 'idle' }), { now: now() })
      expect(await store.getStalledQueues(now())).toContain(chatId)
    })

    it('enqueue returns the id a message is queued under: fresh when another chat uses it', async () => {
      const first = await waiting(['call_1'])
      const second = await waiting(['call_1'])
      const [stored] = await store.getMessages(first.chatId)
      const queuedId = `q_${randomId('m')}`
      const enqueue = (chatId: string, id: string) => {
        const entry = { id: randomId('queued'), message: userMessage('Also', id), sender: {} }
        return store.withChat(chatId, (tx) => tx.enqueue(entry, () => `fresh_${id}`), { now: now() })
      }
      expect(await enqueue(first.chatId, queuedId)).toBe(queuedId)
      // Taken by a stored or a queued message of another chat: a fresh id; the message keeps its own.
      expect(await enqueue(second.chatId, stored.id)).toBe(`fresh_${stored.id}`)
      expect(await enqueue(second.chatId, queuedId)).toBe(`fresh_${queuedId}`)
      const queued = await store.getQueued(second.chatId)
      const ids = queued.map((entry) => [entry.messageId, entry.message.id])
      expect(ids).toEqual([[`fresh_${stored.id}`, stored.id], [`fresh_${queuedId}`, queuedId]])
    })

    it('deleteMessagesAfter removes the later messages and their calls', async () => {
      const { chatId } = await waiting(['call_1'])
      const [first] = await store.getMessages(chatId)
      await store.withChat(chatId, (tx) => tx.deleteMessagesAfter(first.id), { now: now() })
      expect((await store.getMessages(chatId)).map((message) => message.id)).toEqual([first.id])
      expect(await store.getCalls(chatId, ['call_1'])).toEqual([])
    })

    it('lists pending and expired calls; calls keep their input and fingerprint exactly', async () => {
      const due = await waiting(['call_due'], iso(Date.now() - 1000))
      const later = await waiting(['call_later'], iso(Date.now() + 3_600_000))
      const claimUntil = iso(Date.now() + 60_000)
      const [expired, other] = await Promise.all([store.claimExpiredCalls({ now: now(), claimUntil, limit: 1000 }), stores[1].claimExpiredCalls({ now: now(), claimUntil, limit: 1000 })])
      // Claimed by one sweeper: the other, claiming at the same moment, passes it over.
      expect([...expired, ...other].filter((call) => call.chatId === due.chatId).map((call) => call.toolCallId)).toEqual(['call_due'])
      expect([...expired, ...other].some((call) => call.chatId === later.chatId)).toBe(false)
      expect((await store.claimExpiredCalls({ now: now(), claimUntil, limit: 1000 })).some((call) => call.chatId === due.chatId)).toBe(false)
      // A claim whose process died lapses at its time.
      expect((await store.claimExpiredCalls({ now: iso(Date.now() + 61_000), claimUntil: iso(Date.now() + 120_000), limit: 1000 })).map((call) => call.toolCallId)).toContain('call_due')
      expect((await store.getPendingCalls(due.chatId))[0]).toMatchObject({ toolCallId: 'call_due', toolName: 'question', input: colorQuestion, toolFingerprint: 'fp', status: 'pending', messageId: due.messageId })
    })

    it('pages a user’s chats newest first, of some agents or all, and finds a channel thread’s chat once', async () => {
      const owner = randomId('user')
      const made: string[] = []
      for (let index = 0; index < 5; index++) {
        const chatId = randomId('chat')
        await store.withChat(chatId, async () => {}, { now: iso(Date.UTC(2026, 0, 1, 0, 0, index)), create: { id: chatId, agentSlug: index % 2 ? 'writer' : 'planner', ownerId: owner, title: null } })
        made.push(chatId)
      }
      const first = await store.listChats({ ownerId: owner, limit: 2 })
      expect(first.chats.map((chat) => chat.id)).toEqual([made[4], made[3]])
      const second = await store.listChats({ ownerId: owner, limit: 2, before: first.nextCursor! })
      expect(second.chats.map((chat) => chat.id)).toEqual([made[2], made[1]])
      expect((await store.listChats({ ownerId: owner, limit: 10, agentSlugs: ['writer'] })).chats.map((chat) => chat.id)).toEqual([made[3], made[1]])
      expect((await store.listChats({ ownerId: owner, limit: 10, agentSlugs: [] })).chats).toEqual([])

      const thread = randomId('thread')
      const channel = { piece: 'slack', instance: 'slack', account: 'T1', thread }
      const chatId = randomId('chat')
      await store.withChat(chatId, async () => {}, { now: now(), create: { id: chatId, ...newChat(), channel } })
      // A second chat for the same thread is not created: the thread has its chat.
      const twin = randomId('chat')
      expect(await stores[1].withChat(twin, async () => 'created', { now: now(), create: { id: twin, ...newChat(), channel } })).toBeNull()
      expect(await store.findChannelChat('slack', thread)).toMatchObject({ id: chatId, channel })
    })

    it('writes a branch with its messages in one transaction', async () => {
      const chatId = randomId('chat')
      const messages = [{ ...userMessage('Hi'), settlements: [] }, { ...assistantAsking(randomId('msg'), []), settlements: [] }]
      const chat = await store.createChatWithMessages({ chat: { id: chatId, ...newChat() }, messages, now: now() })
      expect(chat).toMatchObject({ id: chatId, state: 'idle' })
      expect(await store.getMessages(chatId)).toEqual(messages)
    })

    it('startNewChat takes a new chat for a turn with its first message; an id that exists gives null and changes nothing', async () => {
      const chatId = randomId('chat')
      const leaseOwner = randomId('lease')
      const first = userMessage('Hello')
      expect(await store.startNewChat({ chat: { id: chatId, ...newChat() }, message: first, leaseOwner, leaseUntil: iso(Date.now() + 60_000), now: now(), freshId: fresh })).toBe(first.id)
      expect(await store.getChat(chatId)).toMatchObject({ state: 'running', leaseOwner, version: 0 })
      expect(await stores[1].startNewChat({ chat: { id: chatId, ...newChat('user_other') }, message: userMessage('Again'), leaseOwner: 'other', leaseUntil: iso(Date.now() + 60_000), now: now(), freshId: fresh })).toBeNull()
      expect((await store.getMessages(chatId)).map((message) => message.parts)).toEqual([first.parts])
      // A client-chosen message id that another chat holds is replaced.
      const twin = randomId('chat')
      expect(await store.startNewChat({ chat: { id: twin, ...newChat() }, message: userMessage('Taken id', first.id), leaseOwner, leaseUntil: iso(Date.now() + 60_000), now: now(), freshId: () => 'msg_replaced_' + twin })).toBe('msg_replaced_' + twin)
    })

    it('pauseTurn and endTurn write only while the turn holds the lease', async () => {
      const chatId = randomId('chat')
      const leaseOwner = randomId('lease')
      await store.startNewChat({ chat: { id: chatId, ...newChat() }, message: userMessage('Hello'), leaseOwner, leaseUntil: iso(Date.now() + 60_000), now: now(), freshId: fresh })
      const reply = { message: { id: randomId('msg'), role: 'assistant' as const, parts: [{ type: 'text' as const, text: 'Hi' }] }, settlements: [], position: 1 }
      expect(await stores[1].endTurn({ chatId, leaseOwner: 'someone else', write: reply, now: now() })).toBeNull()
      expect(await stores[1].pauseTurn({ chatId, leaseOwner: 'someone else', write: reply, calls: newCalls(chatId, reply.message.id, ['call_x']), now: now() })).toBe(false)
      expect(await store.getMessages(chatId)).toHaveLength(1)
      expect(await store.getPendingCalls(chatId)).toEqual([])
      expect(await store.saveStep({ chatId, leaseOwner, leaseUntil: iso(Date.now() + 90_000), write: reply, now: now() })).toBe(true)
      const next = { id: randomId('queued'), message: userMessage('Next'), sender: {} }
      await store.withChat(chatId, (tx) => tx.enqueue(next, () => randomId('m')), { now: now() })
      expect(await store.endTurn({ chatId, leaseOwner, write: { ...reply, message: { ...reply.message, parts: [{ type: 'text', text: 'Hi there' }] } }, now: now() })).toEqual({ queued: true })
      expect(await store.getChat(chatId)).toMatchObject({ state: 'idle', leaseOwner: null })
      expect((await store.getMessages(chatId)).map((message) => message.parts)).toEqual([[{ type: 'text', text: 'Hello' }], [{ type: 'text', text: 'Hi there' }]])
      expect(await store.endTurn({ chatId, leaseOwner, write: null, now: now() })).toBeNull()
    })

    it('settleSnapshot reads the chat, its pending calls and the named ones, and the transcript with versions', async () => {
      const { chatId, messageId } = await waiting(['call_1', 'call_2'])
      const snapshot = await stores[1].settleSnapshot(chatId, ['call_1', 'call_gone'])
      expect(snapshot!.chat).toMatchObject({ id: chatId, state: 'awaiting' })
      expect(snapshot!.calls.map((call) => call.toolCallId).sort()).toEqual(['call_1', 'call_2'])
      expect(snapshot!.messages.map((message) => [message.id, message.role, typeof message.version])).toEqual([
        [expect.any(String), 'user', 'number'],
        [messageId, 'assistant', 'number']
      ])
      expect(await store.settleSnapshot(randomId('chat'), ['call_1'])).toBeNull()
    })

    it('applySettle applies only against the snapshot it was decided from, and of racing settles from three processes one wins', async () => {
      const { chatId, messageId } = await waiting(['call_1'])
      const snapshot = (await store.settleSnapshot(chatId, ['call_1']))!
      const message = snapshot.messages.find((entry) => entry.id === messageId)!
      const write = (status: 'answered' | 'dismissed') => ({
        chatId,
        chatVersion: snapshot.chat.version,
        calls: [{ toolCallId: 'call_1', status }],
        message: { id: messageId, version: message.version, parts: [{ type: 'text' as const, text: status }], settlements: [] },
        chat: { state: 'idle' as const }
      })
      const results = await Promise.all(Array.from({ length: 12 }, (_, index) => stores[index % 3].applySettle(write(index % 2 ? 'dismissed' : 'answered'), now())))
      expect(results.filter(Boolean)).toHaveLength(1)
      const after = (await store.settleSnapshot(chatId, ['call_1']))!
      expect(after.chat).toMatchObject({ state: 'idle', version: snapshot.chat.version + 1 })
      expect(after.calls).toHaveLength(1)
      expect(['answered', 'dismissed']).toContain(after.calls[0].status)
      expect(after.messages.find((entry) => entry.id === messageId)!.parts).toEqual([{ type: 'text', text: after.calls[0].status }])
      // A stale snapshot writes nothing.
      expect(await store.applySettle(write('answered'), now())).toBe(false)
      expect(await store.settleSnapshot(chatId, ['call_1'])).toEqual(after)
    })

    it('migrations run once when several processes start together, and again change nothing', async () => {
      let adapterOf: () => DatabaseAdapter
      let cleanup = async () => {}
      if (opened.concurrentMigrations) {
        const database = await createTestDatabase()
        adapterOf = () => postgresAdapter({ url: database.url })
        cleanup = database.drop
      } else {
        adapterOf = opened.adapter
      }
      const shared = adapterOf()
      const dbs = opened.concurrentMigrations ? Array.from({ length: 4 }, () => shared.connect()) : [shared.connect()]
      try {
        const applied = await Promise.all(dbs.map((db) => migrateToLatest(db)))
        const names = applied.flat()
        expect(names[0]).toBe('001-initial')
        expect(new Set(names).size).toBe(names.length)
        expect(applied.filter((list) => list.length > 0)).toHaveLength(1)
        expect(await migrateToLatest(dbs[0])).toEqual([])
      } finally {
        for (const db of dbs) await db.destroy()
        await cleanup()
      }
    })
  })
}

describe('the store knows no turn rules', () => {
  it('no module under store/ imports from the engine (turns/), tools, agents or http', () => {
    const folder = join(import.meta.dirname, '../../src/store')
    const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'))
    const offending = files.filter((file) => /from '\.\.\/(\.\.\/)?(turns|tools|agents|http)\//.test(readFileSync(join(folder, file), 'utf8')))
    expect(offending).toEqual([])
  })
})
