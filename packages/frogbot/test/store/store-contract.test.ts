import { join } from 'node:path'
import type { UIMessage } from 'ai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresAdapter, sqliteAdapter, type DatabaseAdapter } from '../../src/index.ts'
import { type ChatStore, createChatStore, type NewPendingCall, type Sender } from '../../src/store/chat-store.ts'
import { migrateToLatest } from '../../src/store/migrate.ts'
import type { SettleChange } from '../../src/store/settle-in-store.ts'
import { randomId } from '../../src/turns/ids.ts'
import { colorQuestion } from '../helpers/scripted-model.ts'
import { createTestDatabase, describePostgres } from '../helpers/postgres.ts'
import { tempDir } from '../helpers/test-frogbot.ts'

// One contract, every store: the same chats, turns, settlements, queues and leases on a SQLite file
// and on PostgreSQL. "Processes" are separate store instances: on PostgreSQL each has its own
// connection pool, so concurrent calls really race in the database; SQLite serializes writers.

type Backend = {
  name: string
  describe: (name: string, suite: () => void) => unknown
  /** Opens the store contract's database: `stores[0..2]` act as three processes. */
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
      const shared = adapter()
      // node:sqlite is synchronous: one connection per process, so the three "processes" share it.
      const [store] = await openStores(shared, 1)
      return {
        stores: [store, store, store],
        adapter,
        concurrentMigrations: false,
        close: async () => {
          await store.close()
          temp.remove()
        }
      }
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

const sender: Sender = { userId: 'user_ada', credential: { type: 'token', tokenId: 'tok_1', name: 'laptop', prefix: 'fbt_abcdef' } }
const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }
const answer = (index: number) => ({ answers: [{ header: 'Color', selected: [], custom: `answer ${index}` }] })
const iso = (ms: number) => new Date(ms).toISOString()
const userMessage = (text: string, id = randomId('msg')): UIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] })

function assistantAsking(messageId: string, callIds: string[], text = 'Let me ask.'): UIMessage {
  return {
    id: messageId,
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      { type: 'text', text, state: 'done' },
      ...callIds.map((toolCallId) => ({ type: 'tool-question', toolCallId, state: 'input-available', input: colorQuestion }) as UIMessage['parts'][number])
    ]
  }
}

function pendingCalls(chatId: string, messageId: string, callIds: string[], { createdAt, expiresAt = null }: { createdAt: string; expiresAt?: string | null }): NewPendingCall[] {
  return callIds.map((toolCallId) => ({
    toolCallId,
    toolName: 'question',
    input: colorQuestion,
    messageId,
    chatId,
    agentSlug: 'planner',
    createdAt,
    toolFingerprint: 'fp_question',
    expiresAt
  }))
}

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

    const settle = (on: ChatStore, chatId: string, toolCallId: string, change: SettleChange, extra: { attempts?: number; now?: string; leaseOwner?: string } = {}) =>
      on.settle({
        chatId,
        toolCallId,
        change,
        by: { userId: 'user_ada' },
        leaseOwner: extra.leaseOwner ?? randomId('lease'),
        leaseUntil: iso(Date.now() + 60_000),
        now: extra.now ?? iso(Date.now()),
        attempts: extra.attempts
      })

    /** A new chat whose turn paused at `callIds` (one step, one assistant message). */
    async function awaiting(callIds: string[], { expiresAt = null }: { expiresAt?: string | null } = {}) {
      const chatId = randomId('chat')
      const now = iso(Date.now())
      await store.createChat({ id: chatId, agentSlug: 'planner', ownerId: 'user_ada', title: 'Paint the shed', now })
      const leaseOwner = randomId('lease')
      const started = await store.startTurn({ chatId, message: userMessage('Paint the shed'), sender, leaseOwner, leaseUntil: iso(Date.now() + 60_000), now })
      expect(started.status).toBe('started')
      const messageId = randomId('msg')
      const finished = await store.finishTurn({
        chatId,
        message: assistantAsking(messageId, callIds),
        pending: pendingCalls(chatId, messageId, callIds, { createdAt: now, expiresAt }),
        leaseOwner,
        now
      })
      expect(finished).toEqual({ queued: false })
      return { chatId, messageId }
    }

    it('creates a chat once and reads it back with a numeric version and ISO times', async () => {
      const chatId = randomId('chat')
      const now = '2026-11-30T12:00:00.000Z'
      await store.createChat({ id: chatId, agentSlug: 'planner', ownerId: null, title: 'First', now })
      await stores[1].createChat({ id: chatId, agentSlug: 'planner', ownerId: 'user_other', title: 'Second', now: '2026-12-01T00:00:00.000Z' })
      const chat = await stores[2].getChat(chatId)
      expect(chat).toMatchObject({ id: chatId, agentSlug: 'planner', ownerId: null, title: 'First', state: 'idle', version: 0, createdAt: now, updatedAt: now, leaseOwner: null, leaseUntil: null })
      expect(typeof chat!.version).toBe('number')
      expect(await store.getChat(randomId('chat'))).toBeNull()
    })

    it('looks up ids with a NUL character as not found, and stores a title with one', async () => {
      expect(await store.getChat('chat_\0nul')).toBeNull()
      expect(await store.getCall('chat_\0nul', 'call_\0')).toBeNull()
      const chatId = randomId('chat')
      await store.createChat({ id: chatId, agentSlug: 'planner', ownerId: null, title: 'a\0b', now: iso(Date.now()) })
      expect((await store.getChat(chatId))!.title).toMatch(/^a(\0|\uFFFD)b$/)
    })

    it('startTurn then finishTurn with pending calls leaves the chat awaiting input with exact JSON', async () => {
      const chatId = randomId('chat')
      const now = iso(Date.now())
      await store.createChat({ id: chatId, agentSlug: 'planner', ownerId: 'user_ada', title: null, now })
      const text = 'Ünïcödé 🐸 "quotes" \\ back\\slash \n newline ' + 'x'.repeat(200_000)
      const user = userMessage(text)
      const started = await store.startTurn({ chatId, message: user, sender, leaseOwner: 'owner-a', leaseUntil: iso(Date.now() + 60_000), now })
      expect(started).toMatchObject({ status: 'started', messageId: user.id, sender, chat: { state: 'running', leaseOwner: 'owner-a' } })
      if (started.status !== 'started') return
      expect(started.messages.map((message) => message.id)).toEqual([user.id])

      const messageId = randomId('msg')
      const finished = await store.finishTurn({
        chatId,
        message: { ...assistantAsking(messageId, ['call_a', 'call_b']), metadata: { model: 'mock', n: 1 } },
        pending: pendingCalls(chatId, messageId, ['call_a', 'call_b'], { createdAt: now }),
        leaseOwner: 'owner-a',
        now
      })
      expect(finished).toEqual({ queued: false })
      const chat = await stores[1].getChat(chatId)
      expect(chat).toMatchObject({ state: 'awaiting-input', leaseOwner: null, leaseUntil: null })
      expect(chat!.version).toBeGreaterThan(0)
      const messages = await stores[1].getMessages(chatId)
      expect(messages.map((message) => [message.role, message.id])).toEqual([['user', user.id], ['assistant', messageId]])
      expect((messages[0].parts[0] as { text: string }).text).toBe(text)
      expect(messages[1]).toMatchObject({ metadata: { model: 'mock', n: 1 }, settlements: [] })
      const pending = await stores[2].getPendingCalls(chatId)
      expect(pending.map((call) => call.toolCallId).sort()).toEqual(['call_a', 'call_b'])
      expect(pending[0]).toMatchObject({ status: 'pending', input: colorQuestion, messageId, chatId, createdAt: now, settledAt: null, expiresAt: null })
    })

    it('settle: the first answer wins; a later one is already-settled with the stored part', async () => {
      const { chatId } = await awaiting(['call_1'])
      const first = await settle(store, chatId, 'call_1', { outcome: 'answered', output: blue }, { leaseOwner: 'winner' })
      expect(first).toMatchObject({ status: 'settled', continues: true, remaining: [], settlement: { outcome: 'answered', part: { state: 'output-available', output: blue } } })
      expect(await store.getChat(chatId)).toMatchObject({ state: 'running', leaseOwner: 'winner' })
      const second = await settle(stores[1], chatId, 'call_1', { outcome: 'answered', output: answer(2) })
      expect(second).toMatchObject({ status: 'already-settled', settlement: { outcome: 'answered', part: { output: blue } } })
      expect(await settle(store, chatId, 'call_nope', { outcome: 'answered', output: blue })).toEqual({ status: 'call-not-found' })
    })

    it('20 concurrent answers to one call from three processes: one settles and continues, 19 see the winning answer', async () => {
      const { chatId } = await awaiting(['call_1'])
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) => settle(stores[index % 3], chatId, 'call_1', { outcome: 'answered', output: answer(index) }, { leaseOwner: `owner-${index}` }))
      )
      const settled = results.filter((result) => result.status === 'settled')
      expect(results.map((result) => result.status).sort()).toEqual([...Array(19).fill('already-settled'), 'settled'])
      const winner = settled[0]
      if (winner.status !== 'settled') return
      expect(winner.continues).toBe(true)
      for (const result of results) {
        if (result.status === 'already-settled') expect(result.settlement).toEqual(winner.settlement)
      }
      const messages = await store.getMessages(chatId)
      expect(messages[1].settlements).toHaveLength(1)
      expect((await store.getChat(chatId))!.leaseOwner).toBe(`owner-${results.indexOf(winner)}`)
    })

    it('two calls of one step answered at the same time: exactly one answer continues the turn', async () => {
      for (let round = 0; round < 8; round++) {
        const { chatId } = await awaiting(['call_x', 'call_y'])
        const [x, y] = await Promise.all([
          settle(stores[round % 3], chatId, 'call_x', { outcome: 'answered', output: blue }),
          settle(stores[(round + 1) % 3], chatId, 'call_y', { outcome: 'answered', output: answer(round) })
        ])
        expect([x.status, y.status]).toEqual(['settled', 'settled'])
        if (x.status !== 'settled' || y.status !== 'settled') return
        expect([x.continues, y.continues].filter(Boolean)).toHaveLength(1)
        const first = x.continues ? y : x
        expect(first.remaining.map((call) => call.toolCallId)).toEqual([x.continues ? 'call_x' : 'call_y'])
        expect((await store.getChat(chatId))!.state).toBe('running')
        const [assistant] = (await store.getMessages(chatId)).slice(1)
        expect(assistant.settlements.map((entry) => entry.toolCallId).sort()).toEqual(['call_x', 'call_y'])
        expect(assistant.parts.filter((part) => (part as { state?: string }).state === 'output-available')).toHaveLength(2)
      }
    })

    it('dismiss closes the other calls of the step and leaves the chat idle without continuing', async () => {
      const { chatId } = await awaiting(['call_1', 'call_2', 'call_3'])
      const answered = await settle(store, chatId, 'call_1', { outcome: 'answered', output: blue })
      expect(answered).toMatchObject({ status: 'settled', continues: false })
      const dismissed = await settle(stores[1], chatId, 'call_2', { outcome: 'dismissed', reason: 'Not now' })
      expect(dismissed).toMatchObject({ status: 'settled', continues: false, remaining: [], settlement: { outcome: 'dismissed', reason: 'Not now' } })
      expect(await store.getChat(chatId)).toMatchObject({ state: 'idle', leaseOwner: null })
      expect(await store.getPendingCalls(chatId)).toEqual([])
      expect((await store.getCall(chatId, 'call_3'))!.status).toBe('closed')
      const parts = (await store.getMessages(chatId))[1].parts as { toolCallId?: string; state?: string; errorText?: string }[]
      expect(parts.filter((part) => part.toolCallId).map((part) => [part.toolCallId, part.state, part.errorText])).toEqual([
        ['call_1', 'output-available', undefined],
        ['call_2', 'output-error', 'Dismissed by the user. Reason: Not now'],
        ['call_3', 'output-error', 'Closed without an answer.']
      ])
      const late = await settle(stores[2], chatId, 'call_3', { outcome: 'answered', output: blue })
      expect(late).toMatchObject({ status: 'already-settled', settlement: { outcome: 'closed', by: { system: true } } })
    })

    it('a dismissal racing an answer to another call of the step: never continues, ends idle', async () => {
      for (let round = 0; round < 8; round++) {
        const { chatId } = await awaiting(['call_d', 'call_a'])
        const [dismissed, answered] = await Promise.all([
          settle(stores[round % 3], chatId, 'call_d', { outcome: 'dismissed' }),
          settle(stores[(round + 1) % 3], chatId, 'call_a', { outcome: 'answered', output: blue })
        ])
        expect(dismissed.status).toBe('settled')
        if (answered.status === 'settled') expect(answered.continues).toBe(false)
        else expect(answered).toMatchObject({ status: 'already-settled', settlement: { outcome: 'closed' } })
        expect((await store.getChat(chatId))!.state).toBe('idle')
        expect(await store.getPendingCalls(chatId)).toEqual([])
      }
    })

    it('a message sent while a turn runs is queued, reported by finishTurn, and started once from the queue', async () => {
      const chatId = randomId('chat')
      const now = iso(Date.now())
      await store.createChat({ id: chatId, agentSlug: 'planner', ownerId: 'user_ada', title: null, now })
      const first = await store.startTurn({ chatId, message: userMessage('First'), sender, leaseOwner: 'owner-1', leaseUntil: iso(Date.now() + 60_000), now })
      expect(first.status).toBe('started')
      const second = userMessage('Second')
      const queued = await stores[1].startTurn({ chatId, message: second, sender, leaseOwner: 'owner-2', leaseUntil: iso(Date.now() + 60_000), now: iso(Date.now()) })
      expect(queued).toMatchObject({ status: 'queued', messageId: second.id })
      expect(await stores[2].startTurn({ chatId, fromQueue: true, leaseOwner: 'owner-3', leaseUntil: iso(Date.now() + 60_000), now: iso(Date.now()) })).toMatchObject({ status: 'busy' })

      const done = await store.finishTurn({ chatId, message: { id: randomId('msg'), role: 'assistant', parts: [{ type: 'text', text: 'One.' }] }, pending: [], leaseOwner: 'owner-1', now: iso(Date.now()) })
      expect(done).toEqual({ queued: true })
      const drains = await Promise.all(
        stores.map((each, index) => each.startTurn({ chatId, fromQueue: true, leaseOwner: `drain-${index}`, leaseUntil: iso(Date.now() + 60_000), now: iso(Date.now()) }))
      )
      const started = drains.filter((result) => result.status === 'started')
      expect(started).toHaveLength(1)
      expect(drains.filter((result) => result.status === 'busy')).toHaveLength(2)
      if (started[0].status !== 'started') return
      expect(started[0].sender).toEqual(sender)
      expect(started[0].messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user'])
      expect(started[0].messages.at(-1)!.parts).toEqual(second.parts)
      expect(await store.getStalledQueues(iso(Date.now() + 3_600_000))).not.toContain(chatId)
    })

    it('concurrent first messages to an idle chat: one turn starts, every other message is queued', async () => {
      const chatId = randomId('chat')
      await store.createChat({ id: chatId, agentSlug: 'planner', ownerId: 'user_ada', title: null, now: iso(Date.now()) })
      const results = await Promise.all(
        Array.from({ length: 9 }, (_, index) =>
          stores[index % 3].startTurn({ chatId, message: userMessage(`m${index}`), sender, leaseOwner: `owner-${index}`, leaseUntil: iso(Date.now() + 60_000), now: iso(Date.now()) })
        )
      )
      expect(results.filter((result) => result.status === 'started')).toHaveLength(1)
      expect(results.filter((result) => result.status === 'queued')).toHaveLength(8)
      expect(await store.getMessages(chatId)).toHaveLength(1)
    })

    it('lease: after it passes another process takes the chat over; the old holder can no longer save', async () => {
      const chatId = randomId('chat')
      const t0 = Date.parse('2026-11-30T12:00:00.000Z')
      await store.createChat({ id: chatId, agentSlug: 'planner', ownerId: 'user_ada', title: null, now: iso(t0) })
      const old = await store.startTurn({ chatId, message: userMessage('First'), sender, leaseOwner: 'old', leaseUntil: iso(t0 + 1000), now: iso(t0) })
      expect(old.status).toBe('started')
      expect(await stores[1].startTurn({ chatId, message: userMessage('Early'), sender, leaseOwner: 'early', leaseUntil: iso(t0 + 61_000), now: iso(t0 + 999) })).toMatchObject({ status: 'queued' })
      expect(await store.getStalledQueues(iso(t0 + 999))).not.toContain(chatId)
      expect(await store.getStalledQueues(iso(t0 + 1001))).toContain(chatId)

      const takeover = await stores[2].startTurn({ chatId, message: userMessage('Still there?'), sender, leaseOwner: 'new', leaseUntil: iso(t0 + 60_000), now: iso(t0 + 1001) })
      expect(takeover).toMatchObject({ status: 'started', chat: { leaseOwner: 'new' } })
      const message = { id: randomId('msg'), role: 'assistant' as const, parts: [{ type: 'text' as const, text: 'late' }] }
      expect(await store.renewLease({ chatId, leaseOwner: 'old', leaseUntil: iso(t0 + 99_000) })).toBe(false)
      expect(await store.saveProgress({ chatId, message, leaseOwner: 'old', leaseUntil: iso(t0 + 99_000), now: iso(t0 + 1002) })).toBe(false)
      expect(await store.finishTurn({ chatId, message, pending: [], leaseOwner: 'old', now: iso(t0 + 1003) })).toBeNull()
      expect((await store.getMessages(chatId)).map((entry) => entry.id)).not.toContain(message.id)
      expect(await stores[2].renewLease({ chatId, leaseOwner: 'new', leaseUntil: iso(t0 + 90_000) })).toBe(true)
      expect(await stores[2].finishTurn({ chatId, message: null, pending: [], leaseOwner: 'new', now: iso(t0 + 1004) })).toEqual({ queued: true })
    })

    it('a new message racing an answer: either the answer continues and the message waits, or the message closes the call', async () => {
      for (let round = 0; round < 8; round++) {
        const { chatId } = await awaiting(['call_1'])
        const [settled, sent] = await Promise.all([
          settle(stores[round % 3], chatId, 'call_1', { outcome: 'answered', output: blue }),
          stores[(round + 1) % 3].startTurn({ chatId, message: userMessage('Never mind'), sender, leaseOwner: `sender-${round}`, leaseUntil: iso(Date.now() + 60_000), now: iso(Date.now()) })
        ])
        if (settled.status === 'settled') {
          expect(settled.continues).toBe(true)
          expect(sent.status).toBe('queued')
        } else {
          expect(settled).toMatchObject({ status: 'already-settled', settlement: { outcome: 'closed' } })
          expect(sent.status).toBe('started')
        }
        const assistant = (await store.getMessages(chatId))[1]
        expect(assistant.settlements).toHaveLength(1)
      }
    })

    it('expired calls: only due calls are listed, and expiring one from three processes settles it once', async () => {
      const deadline = iso(Date.now() + 1000)
      const { chatId } = await awaiting(['call_e'], { expiresAt: deadline })
      const { chatId: otherChat } = await awaiting(['call_never'])
      expect((await store.getExpiredCalls(iso(Date.parse(deadline) - 1))).map((call) => call.chatId)).not.toContain(chatId)
      const due = await store.getExpiredCalls(deadline, 10_000)
      expect(due.map((call) => call.chatId)).toContain(chatId)
      expect(due.map((call) => call.chatId)).not.toContain(otherChat)
      const results = await Promise.all(stores.map((each) => settle(each, chatId, 'call_e', { outcome: 'expired' }, { now: deadline })))
      expect(results.map((result) => result.status).sort()).toEqual(['already-settled', 'already-settled', 'settled'])
      expect(await store.getChat(chatId)).toMatchObject({ state: 'idle' })
      const part = (await store.getMessages(chatId))[1].parts.find((entry) => (entry as { toolCallId?: string }).toolCallId === 'call_e')
      expect(part).toMatchObject({ state: 'output-error', errorText: 'Expired without an answer.' })
      expect((await store.getExpiredCalls(iso(Date.now() + 3_600_000), 10_000)).map((call) => call.chatId)).not.toContain(chatId)
    })

    it('message id collisions never overwrite a stored message', async () => {
      const { chatId: chatA, messageId: assistantA } = await awaiting(['call_1'])
      const [userA] = await store.getMessages(chatA)
      const chatB = randomId('chat')
      const now = iso(Date.now())
      await store.createChat({ id: chatB, agentSlug: 'planner', ownerId: 'user_ada', title: null, now })
      const started = await stores[1].startTurn({ chatId: chatB, message: userMessage('Hijack', userA.id), sender, leaseOwner: 'b', leaseUntil: iso(Date.now() + 60_000), now })
      expect(started.status).toBe('started')
      if (started.status !== 'started') return
      expect(started.messageId).not.toBe(userA.id)
      // An assistant message whose id belongs to another chat, then one whose id is this chat's user message.
      await stores[1].saveProgress({ chatId: chatB, message: { id: assistantA, role: 'assistant', parts: [{ type: 'text', text: 'X' }] }, leaseOwner: 'b', leaseUntil: iso(Date.now() + 60_000), now })
      await stores[1].finishTurn({ chatId: chatB, message: { id: started.messageId!, role: 'assistant', parts: [{ type: 'text', text: 'Y' }] }, pending: [], leaseOwner: 'b', now })
      const a = await store.getMessages(chatA)
      expect(a.map((message) => message.id)).toEqual([userA.id, assistantA])
      expect(a[0].parts).toEqual(userA.parts)
      expect((a[1].parts[1] as { text: string }).text).toBe('Let me ask.')
      const b = await store.getMessages(chatB)
      expect(b.map((message) => message.role)).toEqual(['user', 'assistant', 'assistant'])
      expect(new Set(b.map((message) => message.id)).size).toBe(3)
      expect(b.map((message) => message.id)).not.toContain(assistantA)
      expect((b[0].parts[0] as { text: string }).text).toBe('Hijack')
    })

    it('a tool call id the model reuses in a later turn of the chat waits again as a new call', async () => {
      const { chatId } = await awaiting(['call_1'])
      const first = await settle(store, chatId, 'call_1', { outcome: 'answered', output: blue }, { leaseOwner: 'cont' })
      expect(first).toMatchObject({ status: 'settled', continues: true })
      await store.finishTurn({ chatId, message: null, pending: [], leaseOwner: 'cont', now: iso(Date.now()) })
      const now = iso(Date.now())
      await store.startTurn({ chatId, message: userMessage('Again'), sender, leaseOwner: 'again', leaseUntil: iso(Date.now() + 60_000), now })
      const messageId = randomId('msg')
      const finished = await store.finishTurn({ chatId, message: assistantAsking(messageId, ['call_1']), pending: pendingCalls(chatId, messageId, ['call_1'], { createdAt: now }), leaseOwner: 'again', now })
      expect(finished).toEqual({ queued: false })
      expect(await store.getPendingCalls(chatId)).toMatchObject([{ toolCallId: 'call_1', messageId, status: 'pending' }])
      const second = await settle(stores[1], chatId, 'call_1', { outcome: 'answered', output: answer(7) })
      expect(second).toMatchObject({ status: 'settled', continues: true, settlement: { part: { output: answer(7) } } })
      const messages = await store.getMessages(chatId)
      expect(messages[1].settlements).toHaveLength(1)
      expect(messages.at(-1)!.settlements).toHaveLength(1)
    })

    it('write-conflict is not reachable under normal concurrency, even without retries', async () => {
      const { chatId } = await awaiting(['call_1', 'call_2', 'call_3'])
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          settle(stores[index % 3], chatId, `call_${(index % 3) + 1}`, { outcome: 'answered', output: answer(index) }, { attempts: 1 })
        )
      )
      const statuses = results.map((result) => result.status)
      expect(statuses.filter((status) => status === 'settled')).toHaveLength(3)
      expect(statuses.filter((status) => status === 'already-settled')).toHaveLength(27)
      expect(results.filter((result) => result.status === 'settled' && result.continues)).toHaveLength(1)
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
