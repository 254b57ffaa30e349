import { readAnswer } from '../../src/testing/read-answer.ts'
import { join } from 'node:path'
import { convertArrayToReadableStream } from 'ai/test'
import type { Kysely } from 'kysely'
import { buildConfig, createFrogbot, sqliteAdapter, type AgentConfig, type AuthOptions, type DatabaseAdapter, type Frogbot, type User } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { hashPassword } from '../../src/auth/password-hash.ts'
import { ensureUser, findUserByEmail } from '../../src/auth/users.ts'
import type { Database } from '../../src/store/database-schema.ts'
import { colorQuestion, mockModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'
import { storeOf } from '../../src/frogbot-internals.ts'

export const ORIGIN = 'http://localhost'
export const ADA_PASSWORD = 'correct horse battery staple'
export const BOB_PASSWORD = 'bob-password-123'

/**
 * A model that asks the seed's color question whenever the last prompt message is not a tool
 * result, and otherwise answers "Done.". Every call gets a fresh id (`call_1`, `call_2`, …).
 */
export function questionModel() {
  let next = 0
  return mockModel({
    doStream: async ({ prompt }) => {
      const last = prompt.at(-1)
      const step = last?.role === 'tool' ? textStep('Done.') : toolStep([{ toolCallId: `call_${++next}`, toolName: 'question', input: colorQuestion }])
      return { stream: convertArrayToReadableStream(step as never[]) }
    }
  })
}

let passwordHashes: Promise<string[]> | undefined

/** A parsed HTTP answer: status, JSON (or text) body and headers. */
export type Answer = { status: number; json: any; headers: Headers }

/**
 * A FrogBot on a fresh SQLite file (or the `db` adapter given) for auth tests:
 * - agents `planner` (default access: any signed-in user) and `open` (`access: () => true`, so
 *   anonymous callers start owner-less chats), both with `question`;
 * - users Ada and Bob with passwords and an API token each (`adaToken`, `bobToken`);
 * - a custom strategy: header `x-sso-user: <email>` signs in as that user from the database, or as
 *   a user `sso-<name>` FrogBot does not know when the email is not in it;
 * - `clock.advance(ms)` moves FrogBot's clock.
 */
export async function authApp({
  filename,
  db: adapter,
  auth = {},
  serverURL,
  agents,
  log = () => {}
}: { filename?: string; db?: DatabaseAdapter; auth?: AuthOptions; serverURL?: string; agents?: AgentConfig[]; log?: (line: string) => void } = {}) {
  const temp = filename || adapter ? null : tempDir()
  const file = filename ?? (temp ? join(temp.dir, 'frogbot.db') : '')
  let offset = 0
  const clock = { now: () => new Date(Date.now() + offset), advance: (ms: number) => void (offset += ms) }
  let frogbot!: Frogbot
  const customStrategy = async (request: Request): Promise<User | null> => {
    const email = request.headers.get('x-sso-user')
    if (!email) return null
    return (await findUserByEmail(storeOf(frogbot).db, email)) ?? { id: `sso-${email.split('@')[0]}`, email, name: null }
  }
  const config = buildConfig({
    agents: agents ?? [
      { slug: 'planner', model: 'fast', tools: [question], profile: { name: 'Planner' } },
      { slug: 'open', model: 'fast', tools: [question], access: () => true, profile: { name: 'Open desk' } }
    ],
    db: adapter ?? sqliteAdapter({ filename: file }),
    auth: { authenticate: customStrategy, ...auth },
    serverURL
  })
  const model = questionModel()
  frogbot = await createFrogbot(config, { model, log, maintenanceIntervalMs: 0, now: clock.now })
  const db: Kysely<Database> = storeOf(frogbot).db
  const ada = await ensureUser(db, { email: 'ada@example.com', name: 'Ada' })
  const bob = await ensureUser(db, { email: 'bob@example.com', name: 'Bob' })
  // The same scrypt hashes for every app of a test file: hashing is slow on purpose.
  passwordHashes ??= Promise.all([hashPassword(ADA_PASSWORD), hashPassword(BOB_PASSWORD)])
  const [adaHash, bobHash] = await passwordHashes
  await db.updateTable('frogbot_users').set({ password_hash: adaHash }).where('id', '=', ada.id).execute()
  await db.updateTable('frogbot_users').set({ password_hash: bobHash }).where('id', '=', bob.id).execute()
  const adaToken = (await createApiToken(db, { userId: ada.id, name: 'test' })).token
  const bobToken = (await createApiToken(db, { userId: bob.id, name: 'bob-laptop' })).token

  /** One request to the handler; `body` is JSON-encoded unless it is a string. */
  const request = async (method: string, path: string, { body, headers = {}, base = ORIGIN }: { body?: unknown; headers?: Record<string, string>; base?: string } = {}): Promise<Answer> => {
    const response = await frogbot.fetch(
      new Request(`${base}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
      })
    )
    return readAnswer(response)
  }

  /** Signs in and returns the `Cookie` header value for the session (with `origin` unless null). */
  const login = async (email: string, password: string, headers: Record<string, string> = { origin: ORIGIN }) => {
    const answer = await request('POST', '/api/auth/login', { body: { email, password }, headers })
    if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${JSON.stringify(answer.json)}`)
    return { cookie: cookieOf(answer.headers), answer }
  }

  /** Every row of the chat tables, to compare before and after a refused request. */
  const chatState = async () => ({
    chats: await db.selectFrom('frogbot_chats').selectAll().orderBy('id').execute(),
    messages: await db.selectFrom('frogbot_messages').selectAll().orderBy('id').execute(),
    calls: await db.selectFrom('frogbot_pending_calls').selectAll().orderBy('chat_id').orderBy('tool_call_id').execute(),
    queued: await db.selectFrom('frogbot_queued_messages').selectAll().orderBy('id').execute()
  })

  return {
    frogbot,
    db,
    file,
    model,
    clock,
    ada,
    bob,
    adaToken,
    bobToken,
    request,
    login,
    chatState,
    close: async () => {
      await frogbot.close()
      temp?.remove()
    }
  }
}

/** The `name=value` of the first `Set-Cookie` of a response, ready for a `Cookie` header. */
export function cookieOf(headers: Headers): string {
  const setCookie = headers.getSetCookie()[0]
  if (!setCookie) throw new Error('no Set-Cookie in the response')
  return setCookie.split(';')[0]
}

export const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }
