import { convertArrayToReadableStream } from 'ai/test'
import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { createSession } from '../../src/auth/sessions.ts'
import { ensureUser, setPassword } from '../../src/auth/users.ts'
import { internalsOf, storeOf } from '../../src/frogbot-internals.ts'
import type { Frogbot } from '../../src/index.ts'
import { colorQuestion, mockModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { question } from '../../src/tools/index.ts'
import { pickFile } from '../turns/turn-test-kit.ts'

// The FrogBot the HTTP fuzz suite drives through its own handler (a real SQLite file): two users
// with tokens, a session for Ada, a model that asks when told to, and fixture chats in every state
// an endpoint cares about (an owner-less one too). Helpers to snapshot what is stored and to wait
// until no turn runs.

type PromptMessage = { role: string; content: unknown }

const promptText = (message: PromptMessage | undefined) =>
  typeof message?.content === 'string' ? message.content : ((message?.content as { text?: string }[] | undefined) ?? []).map((part) => part.text ?? '').join('')

/**
 * A model that follows the prompt: a user message containing "ask" gets the Color question,
 * "file" the `pick_file` call, a tool result gets "Thanks.", anything else "Reply.".
 */
export function promptFollowingModel() {
  return mockModel({
    doStream: async ({ prompt }) => {
      const last = (prompt as PromptMessage[]).at(-1)
      const text = last?.role === 'user' ? promptText(last) : ''
      const step = last?.role === 'tool'
        ? textStep('Thanks.')
        : text.includes('ask')
          ? toolStep([{ toolCallId: `call_${randomUUID()}`, toolName: 'question', input: colorQuestion }])
          : text.includes('file')
            ? toolStep([{ toolCallId: `call_${randomUUID()}`, toolName: 'pick_file', input: { files: ['a.txt', 'b.txt'] } }])
            : textStep('Reply.')
      return { stream: convertArrayToReadableStream(step as never[]) }
    }
  })
}

/** The chats every run starts from (made again after a request changed them). */
export type Fixture = {
  /** Ada's chat whose Color question waits, with a message of hers queued behind it. */
  awaiting: { chatId: string; toolCallId: string; messageId: string; queuedId: string }
  /** Ada's idle chat: one user message and the reply. */
  idle: { chatId: string; userMessageId: string; assistantMessageId: string }
  /** A chat without an owner (agent `open`, started anonymously) whose question waits, with a message of Ada's queued. */
  open: { chatId: string; toolCallId: string; messageId: string; queuedId: string }
}

/** Builds the fuzz app; `log()` holds what the server logged (unexpected errors included). */
export async function fuzzApp() {
  const logged: string[] = []
  const tools = [question, pickFile]
  const app = await testFrogbot({
    model: promptFollowingModel(),
    agents: [
      { slug: 'planner', model: 'fast', instructions: 'Ask before choosing.', tools },
      { slug: 'open', model: 'fast', instructions: 'Anyone may ask.', tools, access: () => true }
    ],
    options: { log: (line) => logged.push(line) },
    // The sign-in and token limits count per address: let a header choose it, as a proxy would.
    // A low sign-in limit holds accounts and addresses sooner, so fewer generated sign-ins pay for a hash.
    config: { auth: { clientAddress: (request) => request.headers.get('x-fuzz-address'), loginRateLimit: { failures: 3, windowSeconds: 900 } } }
  })
  const db = storeOf(app.frogbot).db
  await setPassword(db, app.user.id, 'correct horse battery')
  const bob = await ensureUser(db, { email: 'bob@example.com' })
  const bobToken = (await createApiToken(db, { userId: bob.id, name: 'bob' })).token
  const session = await createSession(db, { userId: app.user.id, now: new Date(), maxAgeSeconds: 3600 })

  const json = async (method: string, path: string, body?: unknown) => {
    const answer = await app.call(method, path, body)
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.json)}`).toBeLessThan(300)
    return answer.json
  }

  async function seed(): Promise<Fixture> {
    const asked = await json('POST', '/api/agents/planner', { prompt: 'Paint the shed: ask me the color' })
    const queued = await json('POST', '/api/agents/planner', { chatId: asked.chatId, prompt: 'And the door?' })
    const replied = await json('POST', '/api/agents/planner', { prompt: 'Hello there' })
    const read = await json('GET', `/api/agents/planner/chats/${replied.chatId}`)
    const anonymous = await app.frogbot.fetch(
      new Request('http://localhost/api/agents/open', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prompt: 'Anyone: ask me the color' }) })
    )
    const open = await anonymous.json()
    expect(open.status, JSON.stringify(open)).toBe('awaiting-input')
    const openQueued = await json('POST', '/api/agents/open', { chatId: open.chatId, prompt: 'Ada queues this' })
    return {
      awaiting: { chatId: asked.chatId, toolCallId: asked.pending[0].toolCallId, messageId: asked.pending[0].messageId, queuedId: queued.messageId },
      idle: { chatId: replied.chatId, userMessageId: read.messages[0].id, assistantMessageId: read.messages[1].id },
      open: { chatId: open.chatId, toolCallId: open.pending[0].toolCallId, messageId: open.pending[0].messageId, queuedId: openQueued.messageId }
    }
  }

  /** Waits (bounded) until no turn runs in this process and no chat is `running`. */
  async function quiescent() {
    const deadline = Date.now() + 10_000
    for (;;) {
      const running = await db.selectFrom('frogbot_chats').select('id').where('state', '=', 'running').execute()
      if (running.length === 0 && internalsOf(app.frogbot).engine.services.activeRuns.size === 0) return
      if (Date.now() > deadline) throw new Error(`turns still running after 10 s: ${running.map((row) => row.id).join(', ')}`)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }

  /**
   * What a refused request must leave alone: how many rows each table holds, every row of the
   * fixture chats, and the users, tokens and sessions. Sign-in attempts and wrong-token counts
   * (`frogbot_login_attempts`) are the limits' own memory and change by design; a token's
   * `last_used_at` is bookkeeping.
   */
  async function snapshot(fixture: Fixture) {
    const chats = [fixture.awaiting.chatId, fixture.idle.chatId, fixture.open.chatId]
    const count = (table: 'frogbot_chats' | 'frogbot_messages' | 'frogbot_pending_calls' | 'frogbot_queued_messages' | 'frogbot_users' | 'frogbot_sessions' | 'frogbot_api_tokens') =>
      db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
    return JSON.stringify({
      counts: await Promise.all(
        (['frogbot_chats', 'frogbot_messages', 'frogbot_pending_calls', 'frogbot_queued_messages', 'frogbot_users', 'frogbot_sessions', 'frogbot_api_tokens'] as const).map(count)
      ),
      chats: await db.selectFrom('frogbot_chats').selectAll().where('id', 'in', chats).orderBy('id').execute(),
      messages: await db.selectFrom('frogbot_messages').selectAll().where('chat_id', 'in', chats).orderBy('chat_id').orderBy('position').execute(),
      calls: await db.selectFrom('frogbot_pending_calls').selectAll().where('chat_id', 'in', chats).orderBy('tool_call_id').execute(),
      queued: await db.selectFrom('frogbot_queued_messages').selectAll().where('chat_id', 'in', chats).orderBy('id').execute(),
      users: await db.selectFrom('frogbot_users').selectAll().orderBy('id').execute(),
      sessions: await db.selectFrom('frogbot_sessions').selectAll().orderBy('id').execute(),
      tokens: await db.selectFrom('frogbot_api_tokens').select(['id', 'user_id', 'name', 'prefix', 'token_hash', 'revoked_at']).orderBy('id').execute()
    })
  }

  return { ...app, db, logged, bobToken, sessionToken: session.token, seed, quiescent, snapshot }
}

export type FuzzApp = Awaited<ReturnType<typeof fuzzApp>>

/** Sends `request` to `frogbot` and reads the whole answer, failing when either takes over `ms`. */
export async function answerWithin(frogbot: Frogbot, request: Request, ms = 15_000): Promise<{ status: number; text: string; headers: Headers }> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no complete answer within ${ms} ms`)), ms)))
  try {
    return await Promise.race([
      (async () => {
        const response = await frogbot.fetch(request)
        return { status: response.status, text: await response.text(), headers: response.headers }
      })(),
      timeout
    ])
  } finally {
    clearTimeout(timer)
  }
}
