import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scriptedModel, textStep } from '../../src/testing/scripted-model.ts'
import { readAnswer } from '../../src/testing/read-answer.ts'
import { question } from '../../src/tools/index.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// docs/http/errors.md: a caller not signed in is 401 before any parameter (or body) is read, on
// every route that needs a caller; a signed-in caller still gets the 400 naming the parameter.
// Public routes (sign-in, health, the manifest, the OpenAPI document) keep refusing a parameter first.

let made: Awaited<ReturnType<typeof testFrogbot>>
let openChat: string
beforeAll(async () => {
  made = await testFrogbot({
    model: scriptedModel([textStep('Hi.'), textStep('Hello.')]),
    agents: [
      { slug: 'planner', model: 'fast', tools: [question] },
      { slug: 'open', model: 'fast', tools: [question], access: () => true },
      { slug: 'staff', model: 'fast', tools: [question], access: ({ req }) => req.user?.email === 'x@x.test' }
    ]
  })
  // Ada's chat (the routes below name it: a chat the caller may not see is refused before its
  // query or body, docs/http/errors.md), and an owner-less chat of `open`, started anonymously.
  expect((await made.call('POST', '/api/agents/planner', { chatId: CHAT, prompt: 'Hi' })).status).toBe(200)
  openChat = (await send('POST', '/api/agents/open', '{"prompt":"Hi"}')).json.chatId
})
afterAll(() => made?.close())

/** A request through the app's handler, with `authorization` (none: signed out). */
async function send(method: string, path: string, body?: string, authorization?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (authorization) headers.authorization = authorization
  const request = new Request(`http://localhost${path}`, { method, headers, body })
  return readAnswer(await made.frogbot.fetch(request))
}

const CHAT = 'chat_0123456789abcdefghij'
const NONE = 'x: unknown parameter; this route takes none'
const LIST = 'sort: unknown parameter; the parameters are limit, cursor'
const LIMIT = 'limit: must be a whole number from 1 to 100'
const SIGN_IN_TO_LIST = 'Sign in to list your chats; an owner-less chat is opened by its id.'
const ADA = () => `Bearer ${made.token}`

/**
 * Requests with a bad query (and a bad body where there is one), each on a route that needs a
 * caller, and what a signed-in caller is told: method, path, body, the 400's message.
 */
const routes: [string, string, string | undefined, string][] = [
  ['GET', '/api/chats?sort=x', undefined, LIST],
  ['GET', '/api/chats?limit=abc', undefined, LIMIT],
  ['GET', '/api/auth/me?x=1', undefined, NONE],
  ['GET', '/api/pending?limit=abc', undefined, LIMIT],
  ['GET', '/api/agents/planner/chats?sort=x', undefined, LIST],
  // An agent anonymous callers may use: its chat list still needs someone signed in.
  ['GET', '/api/agents/open/chats?limit=0', undefined, LIMIT],
  ['GET', `/api/agents/planner/chats/${CHAT}?x=1`, undefined, NONE],
  ['POST', '/api/agents/planner?x=1', '{"prompt":"Hi"}', NONE],
  ['POST', '/api/agents/planner?x=1', '{not json', NONE],
  ['POST', '/api/agents/planner/ag-ui?x=1', '{}', NONE],
  ['DELETE', `/api/agents/planner/chats/${CHAT}?x=1`, '{"force":true}', NONE],
  ['POST', `/api/agents/planner/chats/${CHAT}/settle?x=1`, '{}', NONE]
]

describe('a caller not signed in is 401 before a bad query or body', () => {
  for (const [method, path, body, rule] of routes) {
    it(`${method} ${path}: 401 signed out, 400 signed in`, async () => {
      const signedOut = await send(method, path, body)
      expect(signedOut.status).toBe(401)
      expect(signedOut.json.code).toBe('unauthorized')
      const signedIn = await send(method, path, body, ADA())
      expect(signedIn.status).toBe(400)
      expect(signedIn.json.error).toBe(rule)
    })
  }

  it('names what to do: the chat list, the agent and the account each say to sign in', async () => {
    expect((await send('GET', '/api/chats?sort=x')).json.error).toBe(SIGN_IN_TO_LIST)
    expect((await send('GET', '/api/agents/open/chats?sort=x')).json.error).toBe(SIGN_IN_TO_LIST)
    const { json: agent } = await send('GET', `/api/agents/planner/chats/${CHAT}?x=1`)
    expect(agent.error).toBe('Sign in or send "Authorization: Bearer <token>" to use the agent "planner".')
    const me = await send('GET', '/api/auth/me?x=1')
    expect(me.json.error).toMatch(/^Not signed in: sign in with POST \/api\/auth\/login/)
  })

  it('a bad bearer token is 401 before a bad query on GET /api/auth/me too', async () => {
    const refused = await send('GET', '/api/auth/me?x=1', undefined, 'Bearer frogbot_nope')
    expect(refused.status).toBe(401)
    expect(refused.json.code).toBe('unauthorized')
  })

  it("the agent's refusal and a missing agent come before the query, as before the body", async () => {
    const forbidden = await send('GET', `/api/agents/staff/chats/${CHAT}?x=1`, undefined, ADA())
    expect(forbidden.status).toBe(403)
    expect(forbidden.json.code).toBe('forbidden')
    const missing = await send('GET', `/api/agents/nobody/chats/${CHAT}?x=1`, undefined, ADA())
    expect(missing.status).toBe(404)
    expect(missing.json.code).toBe('agent-not-found')
  })

  it('an agent anonymous callers may use refuses their bad query with 400, as before', async () => {
    const refused = await send('GET', `/api/agents/open/chats/${openChat}?x=1`)
    expect(refused.status).toBe(400)
    expect(refused.json.error).toBe(NONE)
    // A chat they may not see (another agent's, or none) is refused as it is with a good query.
    for (const chat of [CHAT, 'chat_nothing0123456789abcdef']) {
      const unseen = await send('GET', `/api/agents/open/chats/${chat}?x=1`)
      expect(unseen.status).toBe(401)
      expect(unseen.json.error).toBe('Sign in or send "Authorization: Bearer <token>" to open this chat.')
    }
  })

  it('a path no route answers stays 404 or 405, whoever calls', async () => {
    expect((await send('GET', '/api/agents/planner/nowhere/at/all?x=1')).status).toBe(404)
    const wrong = await send('GET', `/api/agents/planner/chats/${CHAT}/settle?x=1`)
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('POST')
  })
})

describe('public routes keep refusing a bad query first', () => {
  for (const [method, path, body] of [
    ['GET', '/api/health?x=1'],
    ['GET', '/api/frogbot?x=1'],
    ['GET', '/api/openapi.json?x=1'],
    ['GET', '/api/agents?x=1'],
    ['POST', '/api/auth/login?x=1', '{"email":"ada@example.com","password":"wrong password"}'],
    ['POST', '/api/auth/logout?x=1']
  ]) {
    it(`${method} ${path} signed out: 400 naming the parameter`, async () => {
      const refused = await send(method, path, body)
      expect(refused.status).toBe(400)
      expect(refused.json.error).toBe(NONE)
    })
  }
})
