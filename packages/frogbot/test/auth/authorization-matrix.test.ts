import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiToken, hashToken } from '../../src/auth/api-tokens.ts'
import { createSession } from '../../src/auth/sessions.ts'
import { postgresAdapter, type SettledBy } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { createTestDatabase, describePostgres, type TestDatabase } from '../../src/testing/postgres.ts'
import { ADA_PASSWORD, BOB_PASSWORD, ORIGIN, authApp, blue } from './auth-kit.ts'

// Who may do what (docs/auth/access.md): every caller against every
// operation (renaming and deleting a chat are writes like the rest), on a chat owned by Ada (agent `planner`, default access: any signed-in user) and on an
// owner-less chat (agent `open`, access allows anonymous callers). A refusal stores nothing.
// On SQLite and on PostgreSQL.

type App = Awaited<ReturnType<typeof authApp>>

const ACTORS = [
  'owner by cookie',
  'owner by token',
  'owner by custom strategy',
  'other user by token',
  'other user by cookie',
  'other user by custom strategy',
  'anonymous',
  'revoked token',
  'expired session'
] as const
type ActorName = (typeof ACTORS)[number]

const OPERATIONS = ['list agents', 'start chat', 'continue chat', 'read chat', 'pending', 'settle', 'dismiss', 'rename', 'delete'] as const
type Operation = (typeof OPERATIONS)[number]

/** Status of each operation, in the order of OPERATIONS, on Ada's `planner` chat. */
const OWNED_CHAT: Record<ActorName, number[]> = {
  // (a message to a waiting chat is queued: 202)
  //                               list start cont read pend settle dismiss rename delete
  'owner by cookie':              [200, 200, 202, 200, 200, 200, 200, 200, 204],
  'owner by token':               [200, 200, 202, 200, 200, 200, 200, 200, 204],
  'owner by custom strategy':     [200, 200, 202, 200, 200, 200, 200, 200, 204],
  'other user by token':          [200, 200, 404, 404, 404, 404, 404, 404, 404],
  'other user by cookie':         [200, 200, 404, 404, 404, 404, 404, 404, 404],
  'other user by custom strategy':[200, 200, 404, 404, 404, 404, 404, 404, 404],
  anonymous:                      [200, 401, 401, 401, 401, 401, 401, 401, 401],
  'revoked token':                [401, 401, 401, 401, 401, 401, 401, 401, 401],
  'expired session':              [401, 401, 401, 401, 401, 401, 401, 401, 401]
}

/** Status of each operation on an owner-less chat of the `open` agent, started anonymously. */
const OWNERLESS_CHAT: Record<ActorName, number[]> = {
  'owner by cookie':              [200, 200, 202, 200, 200, 200, 200, 200, 204],
  'owner by token':               [200, 200, 202, 200, 200, 200, 200, 200, 204],
  'owner by custom strategy':     [200, 200, 202, 200, 200, 200, 200, 200, 204],
  'other user by token':          [200, 200, 202, 200, 200, 200, 200, 200, 204],
  'other user by cookie':         [200, 200, 202, 200, 200, 200, 200, 200, 204],
  'other user by custom strategy':[200, 200, 202, 200, 200, 200, 200, 200, 204],
  anonymous:                      [200, 200, 202, 200, 200, 200, 200, 200, 204],
  'revoked token':                [401, 401, 401, 401, 401, 401, 401, 401, 401],
  'expired session':              [401, 401, 401, 401, 401, 401, 401, 401, 401]
}

function matrixSuite(makeApp: () => Promise<App>, closeBackend?: () => Promise<void>) {
  let app: App
  let actors: Record<string, Record<string, string>>

  beforeAll(async () => {
    app = await makeApp()
    const { db, ada, adaToken, bobToken, login } = app
    const revoked = (await createApiToken(db, { userId: ada.id, name: 'old-laptop' })).token
    await db.updateTable('frogbot_api_tokens').set({ revoked_at: new Date().toISOString() }).where('token_hash', '=', hashToken(revoked)).execute()
    const expired = await createSession(db, { userId: ada.id, now: new Date(Date.now() - 8 * 24 * 3600 * 1000), maxAgeSeconds: 7 * 24 * 3600 })
    actors = {
      'owner by cookie': { cookie: (await login('ada@example.com', ADA_PASSWORD)).cookie, origin: ORIGIN },
      'owner by token': { authorization: `Bearer ${adaToken}` },
      'owner by custom strategy': { 'x-sso-user': 'ada@example.com' },
      'other user by token': { authorization: `Bearer ${bobToken}` },
      'other user by cookie': { cookie: (await login('bob@example.com', BOB_PASSWORD)).cookie, origin: ORIGIN },
      'other user by custom strategy': { 'x-sso-user': 'carol@example.com' },
      anonymous: {},
      'revoked token': { authorization: `Bearer ${revoked}` },
      'expired session': { cookie: `frogbot_session=${expired.token}`, origin: ORIGIN }
    }
  })
  afterAll(async () => {
    await app?.close()
    await closeBackend?.()
  })

  /** A chat that waits for an answer: Ada's on `planner`, or an anonymous one on `open`. */
  async function waitingChat(agent: 'planner' | 'open') {
    const headers: Record<string, string> = agent === 'planner' ? { authorization: `Bearer ${app.adaToken}` } : {}
    const started = await app.request('POST', `/api/agents/${agent}`, { body: { prompt: 'Paint the shed' }, headers })
    expect(started.json.status).toBe('awaiting-input')
    return { chatId: started.json.chatId as string, toolCallId: started.json.pending[0].toolCallId as string }
  }

  function requestOf(operation: Operation, agent: string, chatId: string, toolCallId: string): [string, string, unknown] {
    const chat = `/api/agents/${agent}/chats/${chatId}`
    switch (operation) {
      case 'list agents':
        return ['GET', '/api/agents', undefined]
      case 'start chat':
        return ['POST', `/api/agents/${agent}`, { prompt: 'A new plan' }]
      case 'continue chat':
        return ['POST', `/api/agents/${agent}`, { prompt: 'Also the fence', chatId }]
      case 'read chat':
        return ['GET', chat, undefined]
      case 'pending':
        return ['GET', `${chat}/pending`, undefined]
      case 'settle':
        return ['POST', `${chat}/settle`, { toolCallId, output: blue }]
      case 'dismiss':
        return ['POST', `${chat}/settle`, { toolCallId, dismissed: true }]
      case 'rename':
        return ['PATCH', chat, { title: 'The shed, renamed' }]
      case 'delete':
        return ['DELETE', chat, undefined]
    }
  }

  /** Who a settlement by each signed-in actor is recorded as. */
  function expectedBy(actor: ActorName): SettledBy {
    const { ada, bob, adaToken, bobToken } = app
    switch (actor) {
      case 'owner by token':
        return { userId: ada.id, token: { name: 'test', prefix: adaToken.slice(0, 10) } }
      case 'other user by token':
        return { userId: bob.id, token: { name: 'bob-laptop', prefix: bobToken.slice(0, 10) } }
      case 'owner by cookie':
      case 'owner by custom strategy':
        return { userId: ada.id }
      case 'other user by cookie':
        return { userId: bob.id }
      case 'other user by custom strategy':
        return { userId: 'sso-carol' }
      default:
        return { anonymous: true }
    }
  }

  function ownerOf(actor: ActorName): string | null {
    if (actor.startsWith('owner')) return app.ada.id
    if (actor === 'other user by custom strategy') return 'sso-carol'
    if (actor.startsWith('other user')) return app.bob.id
    return null
  }

  async function checkCell(matrix: Record<ActorName, number[]>, agent: 'planner' | 'open', actor: ActorName, operation: Operation) {
    const expected = matrix[actor][OPERATIONS.indexOf(operation)]
    const { chatId, toolCallId } = await waitingChat(agent)
    const [method, path, body] = requestOf(operation, agent, chatId, toolCallId)
    const before = await app.chatState()
    const modelCalls = app.model.doStreamCalls.length
    const answer = await app.request(method, path, { body, headers: actors[actor] })
    const cell = `${actor} × ${operation} (${agent})`
    expect(answer.status, `${cell}: ${JSON.stringify(answer.json)}`).toBe(expected)

    if (expected >= 400) {
      // a refusal stores nothing and never runs the model
      expect(await app.chatState(), cell).toEqual(before)
      expect(app.model.doStreamCalls.length, cell).toBe(modelCalls)
      expect(answer.json.code).toBe(expected === 401 ? 'unauthorized' : 'not-found')
      if (expected === 404 && operation !== 'continue chat') {
        // exactly what a chat that does not exist answers (a POST with an unused chatId starts a new chat)
        const [, missingPath, missingBody] = requestOf(operation, agent, 'chat_doesNotExistAnywhere12345', toolCallId)
        const missing = await app.request(method, missingPath, { body: missingBody, headers: actors[actor] })
        expect(missing.status).toBe(404)
        expect(JSON.stringify(missing.json).replaceAll('chat_doesNotExistAnywhere12345', 'ID')).toBe(JSON.stringify(answer.json).replaceAll(chatId, 'ID'))
      }
      return
    }
    switch (operation) {
      case 'list agents': {
        const slugs = answer.json.agents.map((entry: { slug: string }) => entry.slug)
        expect(slugs, cell).toEqual(actor === 'anonymous' ? ['open'] : ['planner', 'open'])
        break
      }
      case 'start chat': {
        expect(answer.json.status).toBe('awaiting-input')
        const row = await app.db.selectFrom('frogbot_chats').select('owner_id').where('id', '=', answer.json.chatId).executeTakeFirstOrThrow()
        expect(row.owner_id, cell).toBe(agent === 'open' && actor === 'anonymous' ? null : ownerOf(actor))
        expect(answer.json.chatId).toMatch(/^chat_[A-Za-z0-9_-]{24}$/) // 144 random bits
        break
      }
      case 'continue chat':
        expect(answer.json).toMatchObject({ status: 'queued', chatId, delivery: 'queue' })
        break
      case 'read chat':
        expect(answer.json.chat).toMatchObject({ id: chatId, state: 'awaiting' })
        break
      case 'pending':
        expect(answer.json.pending.map((call: { toolCallId: string }) => call.toolCallId)).toEqual([toolCallId])
        break
      case 'settle':
      case 'dismiss': {
        expect(answer.json.status).toBe(operation === 'settle' ? 'complete' : 'dismissed')
        expect(answer.json.settlement.by, cell).toEqual(expectedBy(actor))
        const stored = await app.request('GET', `/api/agents/${agent}/chats/${chatId}`, { headers: agent === 'planner' ? { authorization: `Bearer ${app.adaToken}` } : {} })
        const settlements = stored.json.messages.flatMap((message: { settlements?: unknown[] }) => message.settlements ?? [])
        expect(settlements).toEqual([expect.objectContaining({ toolCallId, outcome: operation === 'settle' ? 'answered' : 'dismissed', by: expectedBy(actor) })])
        break
      }
      case 'rename':
        expect(answer.json.chat).toMatchObject({ id: chatId, title: 'The shed, renamed', state: 'awaiting' })
        break
      case 'delete':
        expect(await app.db.selectFrom('frogbot_chats').select('id').where('id', '=', chatId).execute(), cell).toEqual([])
        for (const table of ['frogbot_messages', 'frogbot_pending_calls', 'frogbot_queued_messages'] as const) {
          expect(await app.db.selectFrom(table).select('chat_id').where('chat_id', '=', chatId).execute(), `${cell}: ${table}`).toEqual([])
        }
        break
    }
  }

  describe("a chat owned by its user (agent access: any signed-in user)", () => {
    for (const actor of ACTORS) {
      it(`${actor}: ${OPERATIONS.map((operation, i) => `${operation} ${OWNED_CHAT[actor][i]}`).join(', ')}`, async () => {
        for (const operation of OPERATIONS) await checkCell(OWNED_CHAT, 'planner', actor, operation)
      })
    }
  })

  describe('an owner-less chat (agent access allows anonymous callers): anyone with the id', () => {
    for (const actor of ACTORS) {
      it(`${actor}: ${OPERATIONS.map((operation, i) => `${operation} ${OWNERLESS_CHAT[actor][i]}`).join(', ')}`, async () => {
        for (const operation of OPERATIONS) await checkCell(OWNERLESS_CHAT, 'open', actor, operation)
      })
    }
  })

  describe('client.access comes after the chat rules', () => {
    it("refusing client.access is 403 for the owner, while other users still get 404 and anonymous 401", async () => {
      const locked = { ...question, client: { ...question.client, access: () => false } }
      const guarded = await authApp({ agents: [{ slug: 'planner', model: 'fast', tools: [locked] }] })
      try {
        const started = await guarded.request('POST', '/api/agents/planner', { body: { prompt: 'Paint the shed' }, headers: { authorization: `Bearer ${guarded.adaToken}` } })
        const settle = `/api/agents/planner/chats/${started.json.chatId}/settle`
        const body = { toolCallId: started.json.pending[0].toolCallId, output: blue }
        const before = await guarded.chatState()
        const owner = await guarded.request('POST', settle, { body, headers: { authorization: `Bearer ${guarded.adaToken}` } })
        expect(owner.status).toBe(403)
        expect(owner.json.code).toBe('forbidden')
        expect((await guarded.request('POST', settle, { body, headers: { authorization: `Bearer ${guarded.bobToken}` } })).status).toBe(404)
        expect((await guarded.request('POST', settle, { body })).status).toBe(401)
        expect(await guarded.chatState()).toEqual(before)
      } finally {
        await guarded.close()
      }
    })
  })

  describe('owner-less chat ids', () => {
    it('refuse a client-chosen id under 22 characters for an anonymous new chat, and accept a long one', async () => {
      const short = await app.request('POST', '/api/agents/open', { body: { prompt: 'Hi', chatId: 'short-but-16-chars' } })
      expect(short.status).toBe(400)
      expect(short.json.error).toMatch(/^chatId: a chat without an owner needs an id of at least 22 random characters/)
      const id = 'client_' + 'Ab3dEf6hIj9kLmNoPq'
      const long = await app.request('POST', '/api/agents/open', { body: { prompt: 'Hi', chatId: id } })
      expect(long.status).toBe(200)
      expect(long.json.chatId).toBe(id)
    })
  })
}

describe('SQLite', () => matrixSuite(() => authApp()))

describePostgres('PostgreSQL', () => {
  let database: TestDatabase | undefined
  matrixSuite(
    async () => {
      database = await createTestDatabase()
      return authApp({ db: postgresAdapter({ url: database.url }) })
    },
    async () => database?.drop()
  )
})
