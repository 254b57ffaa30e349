import { afterAll, beforeAll, expect, it } from 'vitest'
import { z } from 'zod'
import { buildConfig, createFrogbot, type ClientTool, type Frogbot, type Tool } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { colorQuestion } from '../../src/testing/scripted-model.ts'
import { keywordModel } from '../helpers/keyword-model.ts'
import { readAnswer } from '../../src/testing/read-answer.ts'
import { BACKENDS } from '../helpers/databases.ts'

// The inbox (docs/chat/reach-people.md, "The inbox"): GET /api/pending lists every call the caller
// may answer across chats and agents, newest first, with its chat's title; filtered, paged by an
// opaque cursor; bad parameters are 400 naming them. On a SQLite file and PostgreSQL.

const model = keywordModel({ invoice: { toolName: 'send_invoice', input: { customer: 'ACME' } }, secret: { toolName: 'secret_pick', input: { files: ['a'] } } }, { toolName: 'question', input: colorQuestion })
const sendInvoice: Tool<z.ZodObject<{ customer: z.ZodString }>> = {
  slug: 'send_invoice',
  description: 'Send an invoice.',
  inputSchema: z.object({ customer: z.string() }),
  needsApproval: true,
  approval: { assignees: ['dana@example.com'] },
  execute: async () => ({ sent: true })
}
// Assigned to Dana, but its own access refuses her: the inbox leaves it out.
const secretPick: ClientTool<z.ZodObject<{ files: z.ZodArray<z.ZodString> }>, z.ZodObject<{ file: z.ZodString }>> = {
  slug: 'secret_pick',
  description: 'Pick a secret file.',
  inputSchema: z.object({ files: z.array(z.string()) }),
  outputSchema: z.object({ file: z.string() }),
  client: { kind: 'pick-file', assignees: ['dana@example.com'], access: ({ req }) => req.user?.email !== 'dana@example.com' }
}

type Listed = { toolCallId: string; chatId: string; agentSlug: string; kind: string; title: string | null; createdAt: string; assignees?: string[] }

for (const backend of BACKENDS) {
  backend.describe(`the inbox: ${backend.name}`, () => {
    let frogbot: Frogbot
    let tokens: Record<'ada' | 'dana' | 'eve', string>
    let close: () => Promise<void>
    let clock = Date.parse('2026-12-06T09:00:00.000Z')
    beforeAll(async () => {
      const opened = await backend.open()
      const config = buildConfig({
        agents: [
          { slug: 'planner', model: 'fast', tools: [question, sendInvoice, secretPick], questions: { assignees: ['dana@example.com'] } },
          { slug: 'writer', model: 'fast', tools: [question] },
          { slug: 'vault', model: 'fast', tools: [question], questions: { assignees: ['dana@example.com'] }, access: ({ req }) => req.user?.email === 'ada@example.com' }
        ],
        db: opened.adapter
      })
      frogbot = await createFrogbot(config, { model, log: () => {}, maintenanceIntervalMs: 0, now: () => new Date(clock) })
      const { db } = storeOf(frogbot)
      const made = {} as typeof tokens
      for (const name of ['ada', 'dana', 'eve'] as const) made[name] = (await createApiToken(db, { userId: (await ensureUser(db, { email: `${name}@example.com` })).id, name: 'test' })).token
      tokens = made
      close = async () => {
        await frogbot.close()
        await opened.close()
      }
    })
    afterAll(() => close?.())

    const call = async (as: keyof typeof tokens | null, method: string, path: string, body?: unknown) =>
      readAnswer(
        await frogbot.fetch(
          new Request(`http://localhost${path}`, {
            method,
            headers: { ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}), 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body)
          })
        )
      )
    const ask = async (as: keyof typeof tokens, agent: string, prompt: string) => {
      clock += 60_000
      const asked = await call(as, 'POST', `/api/agents/${agent}`, { prompt })
      expect(asked.json.status).toBe('awaiting-input')
      await call(as, 'PATCH', `/api/agents/${agent}/chats/${asked.json.chatId}`, { title: prompt })
      return { chatId: asked.json.chatId as string, toolCallId: asked.json.pending[0].toolCallId as string }
    }
    const inbox = async (as: keyof typeof tokens, query = '') => {
      const response = await call(as, 'GET', `/api/pending${query}`)
      expect(response.status).toBe(200)
      return response.json as { pending: Listed[]; nextCursor: string | null }
    }
    const ids = (listed: Listed[]) => listed.map((entry) => entry.toolCallId)

    let asked: Record<string, { chatId: string; toolCallId: string }>
    beforeAll(async () => {
      asked = {
        color: await ask('ada', 'planner', 'Paint the shed'),
        invoice: await ask('ada', 'planner', 'Send the invoice'),
        writer: await ask('ada', 'writer', 'Write a poem'),
        own: await ask('dana', 'writer', 'Dana asks herself'),
        secret: await ask('ada', 'planner', 'Pick the secret file'),
        vault: await ask('ada', 'vault', 'Open the vault'),
        eves: await ask('eve', 'writer', 'Eve alone')
      }
    })

    it("lists every call the caller may answer, newest first, with its chat's title, across chats and agents", async () => {
      const dana = await inbox('dana')
      // Her own chat's call and those naming her; not the secret pick (its access refuses her), not the vault (its agent does), not Ada's writer chat.
      expect(ids(dana.pending)).toEqual([asked.own.toolCallId, asked.invoice.toolCallId, asked.color.toolCallId])
      expect(dana.nextCursor).toBeNull()
      expect(dana.pending[1]).toMatchObject({ chatId: asked.invoice.chatId, agentSlug: 'planner', kind: 'approval', title: 'Send the invoice', assignees: ['dana@example.com'], toolName: 'send_invoice', messageId: expect.any(String) })
      expect(dana.pending[0]).toMatchObject({ agentSlug: 'writer', kind: 'question', title: 'Dana asks herself' })
      expect(dana.pending[0].assignees).toBeUndefined()

      const ada = await inbox('ada')
      expect(ids(ada.pending)).toEqual([asked.vault, asked.secret, asked.writer, asked.invoice, asked.color].map((entry) => entry.toolCallId))
      expect(ids((await inbox('eve')).pending)).toEqual([asked.eves.toolCallId])
    })

    it('filters by agent, kind and age (a duration before now or an ISO time)', async () => {
      expect(ids((await inbox('ada', '?agent=writer')).pending)).toEqual([asked.writer.toolCallId])
      expect(ids((await inbox('dana', '?kind=approval')).pending)).toEqual([asked.invoice.toolCallId])
      expect(ids((await inbox('ada', '?kind=pick-file')).pending)).toEqual([asked.secret.toolCallId])
      // The calls were asked a minute apart, from 09:01 to 09:07; now is 09:07.
      expect(ids((await inbox('ada', '?newerThan=2m')).pending)).toEqual([asked.vault.toolCallId])
      expect(ids((await inbox('ada', '?olderThan=240000')).pending)).toEqual([asked.invoice, asked.color].map((entry) => entry.toolCallId))
      const invoiceAt = new Date(Date.parse('2026-12-06T09:00:00.000Z') + 2 * 60_000).toISOString()
      expect(ids((await inbox('dana', `?olderThan=${invoiceAt}`)).pending)).toEqual([asked.color.toolCallId])
      expect(ids((await inbox('dana', `?newerThan=${invoiceAt}&agent=planner`)).pending)).toEqual([])
      expect(ids((await inbox('dana', '?newerThan=2026-12-06')).pending)).toHaveLength(3)
      // Thirteen digits are milliseconds too (not an epoch time); a + sent unescaped arrives as a space and is read as +.
      expect(ids((await inbox('dana', '?olderThan=1000000000000')).pending)).toEqual([])
      const invoiceInParis = '2026-12-06T10:02:00+01:00'
      expect(ids((await inbox('dana', `?olderThan=${invoiceInParis}`)).pending)).toEqual([asked.color.toolCallId])
      expect(ids((await inbox('dana', `?olderThan=${encodeURIComponent(invoiceInParis)}`)).pending)).toEqual([asked.color.toolCallId])
      // A time without an offset is UTC, whatever the server's time zone.
      const zone = process.env.TZ
      process.env.TZ = 'Asia/Tokyo'
      try {
        expect(ids((await inbox('dana', `?olderThan=${invoiceAt.replace('Z', '')}`)).pending)).toEqual([asked.color.toolCallId])
      } finally {
        if (zone === undefined) delete process.env.TZ
        else process.env.TZ = zone
      }
    })

    it('pages by an opaque cursor: every call once, in order', async () => {
      const seen: string[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const page: { pending: Listed[]; nextCursor: string | null } = await inbox('ada', `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
        seen.push(...ids(page.pending))
        cursor = page.nextCursor
        pages++
      } while (cursor)
      expect(pages).toBe(3)
      expect(seen).toEqual(ids((await inbox('ada')).pending))

      // A cursor goes on with the filters it was listed with; with others, its next page would skip or repeat calls.
      const first = await inbox('ada', '?limit=1&agent=planner')
      expect(first.nextCursor).not.toBeNull()
      const next = `&cursor=${encodeURIComponent(first.nextCursor!)}`
      expect((await call('ada', 'GET', `/api/pending?limit=1&agent=planner${next}`)).status).toBe(200)
      // The same age written another way is the same filter: 1s is 1000 ms, a date its instant.
      const aged = await inbox('ada', '?limit=1&olderThan=1s&newerThan=2026-12-06')
      expect(aged.nextCursor).not.toBeNull()
      const agedNext = `&cursor=${encodeURIComponent(aged.nextCursor!)}`
      expect((await call('ada', 'GET', `/api/pending?limit=1&olderThan=1000&newerThan=2026-12-06T00:00:00Z${agedNext}`)).status).toBe(200)
      expect((await call('ada', 'GET', `/api/pending?limit=1&olderThan=2s&newerThan=2026-12-06${agedNext}`)).status).toBe(400)
      const other = await call('ada', 'GET', `/api/pending?limit=1${next}`)
      expect(other.status).toBe(400)
      expect(other.json.error).toBe('cursor: belongs to a page listed with other filters (agent, kind, olderThan, newerThan): pass the same ones, or start again without a cursor')
    })

    it('a duration pages one window: the instant of the first page, not one sliding with each page', async () => {
      // Now 09:07: newerThan=5m is after 09:02, the writer (09:03), own (09:04), secret (09:05) and vault (09:06) calls.
      const first = await inbox('ada', '?limit=2&newerThan=5m')
      expect(ids(first.pending)).toEqual([asked.vault, asked.secret].map((entry) => entry.toolCallId))
      const saved = clock
      clock += 2 * 60_000
      try {
        // Two minutes later, 5m would be after 09:04 and leave the writer call out; the cursor keeps 09:02.
        const next = await inbox('ada', `?limit=2&newerThan=5m&cursor=${encodeURIComponent(first.nextCursor!)}`)
        expect(ids(next.pending)).toEqual([asked.writer.toolCallId])
        // A new first page lists the window of its own now: after 09:04.
        const fresh = await inbox('ada', '?limit=2&newerThan=5m')
        expect(ids(fresh.pending)).toEqual([asked.vault, asked.secret].map((entry) => entry.toolCallId))
        expect(fresh.nextCursor).toBeNull()
      } finally {
        clock = saved
      }
    })

    it('a settled call leaves the inbox of everyone it was waiting for', async () => {
      const { chatId, toolCallId } = await ask('ada', 'planner', 'Paint the door')
      expect(ids((await inbox('dana')).pending)).toContain(toolCallId)
      const settled = await call('dana', 'POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId, output: { answers: [{ header: 'Color', selected: ['Red'] }] } })
      expect(settled.status).toBe(200)
      expect(ids((await inbox('dana')).pending)).not.toContain(toolCallId)
      expect(ids((await inbox('ada')).pending)).not.toContain(toolCallId)
    })

    it.each([
      ['limit=0', 'limit: must be a whole number from 1 to 100'],
      ['limit=many', 'limit: must be a whole number from 1 to 100'],
      ['limit=0x3', 'limit: must be a whole number from 1 to 100'],
      ['limit=3e0', 'limit: must be a whole number from 1 to 100'],
      ['limit=%2B3', 'limit: must be a whole number from 1 to 100'],
      ['limit=101', 'limit: must be a whole number from 1 to 100'],
      ['cursor=', 'cursor: not a cursor: pass the nextCursor of the previous page'],
      ['olderThan=yesterday', 'olderThan: must be a duration'],
      ['newerThan=2h30', 'newerThan: must be a duration'],
      ['olderThan=2026-02-30', 'olderThan: must be a duration'],
      ['newerThan=2026-04-31T10:00:00Z', 'newerThan: must be a duration'],
      ['cursor=abc', 'cursor: not a cursor'],
      ['olderThan=2h&newerThan=1h', 'olderThan: 2h leaves no time after newerThan: 1h'],
      ['olderThan=2026-01-01&newerThan=2026-01-01', 'newerThan must name the earlier instant (the longer duration): newerThan=2h&olderThan=1h is between two hours and one hour ago'],
      ['agent=nope', 'agent: no agent "nope" that you may use'],
      ['agent=vault', 'agent: no agent "vault" that you may use'],
      ['kind=', 'kind: must not be empty'],
      ['kind=aproval', 'kind: no call of kind "aproval" can wait here; the kinds are question, pick-file, approval, mcp-elicitation'],
      ['sort=asc', 'sort: unknown parameter'],
      ['=3', '=3: a value without a parameter\'s name; the parameters are agent, kind, olderThan, newerThan, limit, cursor'],
      ['=', '=: a parameter without a name; the parameters are agent'],
      ['limit=2&=', '=: a parameter without a name'],
      ['olderThan=14880000w', 'olderThan: is a duration reaching back past the earliest date there is'],
      ['newerThan=99999999999999999999', 'newerThan: is a duration reaching back past the earliest date there is'],
      ['olderThan=123456789012345678901', 'olderThan: is a duration reaching back past the earliest date there is'],
      ['olderThan=12h30', 'olderThan: must be a duration'],
      ['limit=2&limit=3', 'limit: give it once']
    ])('?%s is 400 naming the parameter', async (query, message) => {
      const response = await call('dana', 'GET', `/api/pending?${query}`)
      expect(response.status).toBe(400)
      expect(response.json.error).toContain(message)
    })

    it('counts lengths in UTF-16 code units: an emoji is 2 (Zod\'s max counts it 1)', async () => {
      const emoji = (count: number) => encodeURIComponent('😀'.repeat(count))
      const refused = async (query: string) => (await call('dana', 'GET', `/api/pending?${query}`)).json.error
      // 33 emoji are 66 units, over 64; 101 are 202, over 200.
      expect(await refused(`agent=${emoji(33)}`)).toBe('agent: is too long (at most 64 characters)')
      expect(await refused(`kind=${emoji(101)}`)).toBe('kind: is too long (at most 200 characters)')
      // 32 emoji are 64 units: long enough to be read, and no agent.
      expect(await refused(`agent=${emoji(32)}`)).toBe(`agent: no agent "${'😀'.repeat(32)}" that you may use`)
    })

    it('refuses a query value or name that is not UTF-8 (400 naming it), never read as "%FF"', async () => {
      const refused = async (query: string) => {
        const response = await call('dana', 'GET', `/api/pending?${query}`)
        return [response.status, response.json.error]
      }
      expect(await refused('agent=%FF')).toEqual([400, 'agent: not valid UTF-8'])
      expect(await refused('kind=approval&cursor=a%C3')).toEqual([400, 'cursor: not valid UTF-8'])
      expect(await refused('%FF=1')).toEqual([400, "a parameter's name: not valid UTF-8"])
      // Percent-encoded UTF-8 is read as the text it encodes.
      expect(await refused('agent=%C3%A9')).toEqual([400, 'agent: no agent "é" that you may use'])
      // The chat lists read their query the same way.
      const chats = await call('dana', 'GET', '/api/chats?cursor=%FF')
      expect(chats).toMatchObject({ status: 400, json: { error: 'cursor: not valid UTF-8' } })
    })

    it('needs someone signed in (401), and is in the OpenAPI document', async () => {
      expect((await call(null, 'GET', '/api/pending')).status).toBe(401)
      // Not signed in is 401 before any parameter is read.
      expect((await call(null, 'GET', '/api/pending?limit=abc')).status).toBe(401)
      const document = (await call(null, 'GET', '/api/openapi.json')).json
      const listed = document.paths['/api/pending'].get
      expect(listed.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['agent', 'kind', 'olderThan', 'newerThan', 'limit', 'cursor'])
      expect(JSON.stringify(listed.responses['200'])).toContain('title')
    })
  })
}
