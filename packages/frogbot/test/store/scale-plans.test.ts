import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildConfig, createFrogbot, postgresAdapter, type Frogbot } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { createTestDatabase, describePostgres, type TestDatabase } from '../../src/testing/postgres.ts'
import { bulkWaitingChats, copyOf } from '../../src/testing/bulk-waiting-chats.ts'
import { colorQuestion, mockModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { convertArrayToReadableStream } from 'ai/test'

// Every query of the paths a million waiting chats must keep fast (an answer to the first text and
// the turn's end, a chat's pending list, a new question, the sweeper's pass, a user's chat list,
// the inbox's first and next page)
// reads its rows through an index: with 40,000 waiting chats in the tables and their statistics
// fresh, PostgreSQL's plan of each query FrogBot sent has no sequential scan of the calls or
// messages tables.

const WAITING = 40_000
const WATCHED = ['frogbot_pending_calls', 'frogbot_messages']
const sent: { text: string; values: unknown[] }[] = []
let recording = false

/** A `pg` client that keeps every parameterized query it sends while `recording`. */
class RecordingClient extends pg.Client {
  query(...args: unknown[]): any {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined]
    const text = typeof first === 'string' ? first : first?.text
    const values = typeof first === 'string' ? second : first?.values
    if (recording && typeof text === 'string') sent.push({ text, values: Array.isArray(values) ? values : [] })
    return (super.query as (...rest: unknown[]) => unknown)(...args)
  }
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] }
const scans = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(scans)]

describePostgres('the hot queries at scale', () => {
  let database: TestDatabase
  let pool: pg.Pool
  let frogbot: Frogbot
  let token: string

  const request = (method: string, path: string, body?: unknown) =>
    frogbot.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(path.endsWith('/settle') ? { accept: 'text/event-stream' } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body)
      })
    )

  beforeAll(async () => {
    database = await createTestDatabase()
    pool = new pg.Pool({ connectionString: database.url, max: 4, Client: RecordingClient })
    const model = mockModel({
      doStream: async ({ prompt }) => {
        const last = (prompt as { role: string }[]).at(-1)!
        const parts = last.role === 'tool' ? textStep('Blue it is.') : toolStep([{ toolCallId: `call_${Math.random().toString(36).slice(2)}`, toolName: 'question', input: colorQuestion }])
        return { stream: convertArrayToReadableStream(parts as never[]) }
      }
    })
    const expiring = { ...question, client: { ...question.client, expiresIn: 3_600_000 } }
    frogbot = await createFrogbot(buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question] }, { slug: 'timed', model: 'fast', tools: [expiring] }], db: postgresAdapter({ pool }) }), { model, log: () => {}, maintenanceIntervalMs: 0 })
    const { db } = storeOf(frogbot)
    const user = await ensureUser(db, { email: 'ada@example.com' })
    ;({ token } = await createApiToken(db, { userId: user.id, name: 'plans' }))
    const asked = await (await request('POST', '/api/agents/planner', { prompt: 'Paint the shed' })).json()
    const template = { chatId: asked.chatId, toolCallId: asked.pending[0].toolCallId }
    await bulkWaitingChats(db, { template, from: 1, to: WAITING, batch: 20_000 })
    // Some calls with a deadline, one of them past it, as the sweeper meets them.
    const timed = await (await request('POST', '/api/agents/timed', { prompt: 'Paint the shed' })).json()
    await bulkWaitingChats(db, { template: { chatId: timed.chatId, toolCallId: timed.pending[0].toolCallId }, from: 1, to: 200 })
    await pool.query(`update frogbot_pending_calls set expires_at = '2000-01-01T00:00:00.000Z' where tool_call_id = $1`, [`${timed.pending[0].toolCallId}_7`])
    await pool.query('analyze')

    recording = true
    const waiting = copyOf(template, 1234)
    await (await request('GET', `/api/agents/planner/chats/${waiting.chatId}/pending`)).text()
    const answered = await request('POST', `/api/agents/planner/chats/${waiting.chatId}/settle`, { toolCallId: waiting.toolCallId, output: { answers: [{ header: 'Color', selected: ['Blue'] }] } })
    expect(answered.status).toBe(200)
    await answered.text()
    await (await request('GET', `/api/agents/planner/chats/${copyOf(template, 99).chatId}`)).text()
    await (await request('POST', '/api/agents/planner', { prompt: 'Paint the fence' })).text()
    await (await request('GET', '/api/chats')).text()
    const inbox = await (await request('GET', '/api/pending?limit=5')).json()
    expect(inbox.pending).toHaveLength(5)
    await (await request('GET', `/api/pending?cursor=${encodeURIComponent(inbox.nextCursor)}`)).text()
    expect(await frogbot.maintain()).toMatchObject({ expired: 1 })
    await new Promise((resolve) => setTimeout(resolve, 200))
    recording = false
  }, 180_000)

  afterAll(async () => {
    await frogbot?.close()
    await pool?.end()
    await database?.drop()
  })

  it('no query FrogBot sent scans the calls or the messages table from end to end', async () => {
    const queries = sent.filter(({ text }) => !/^\s*(begin|commit|rollback|select 1)\b/i.test(text))
    expect(queries.length).toBeGreaterThan(10)
    const offending: string[] = []
    const client = await pool.connect()
    try {
      for (const { text, values } of queries) {
        const { rows } = await client.query(`explain (format json) ${text}`, values)
        const plan = rows[0]['QUERY PLAN'][0].Plan as PlanNode
        const sequential = scans(plan).filter((node) => node['Node Type'] === 'Seq Scan' && WATCHED.includes(node['Relation Name'] ?? ''))
        if (sequential.length > 0) offending.push(`${sequential.map((node) => node['Relation Name']).join(', ')}: ${text}`)
      }
    } finally {
      client.release()
    }
    expect(offending).toEqual([])
  })
})
