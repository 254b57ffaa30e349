import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { buildConfig, ConfigError, createFrogbot, type AnyTool, type ClientTool, type Frogbot, type Tool } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { colorQuestion } from '../../src/testing/scripted-model.ts'
import { keywordModel } from '../helpers/keyword-model.ts'
import { readAnswer } from '../../src/testing/read-answer.ts'
import { BACKENDS } from '../helpers/databases.ts'

// Who is asked (docs/chat/reach-people.md): a call's assignees, resolved when it starts waiting,
// may answer it besides whoever may continue the chat, and may read the chat they are asked in;
// a stranger is refused as before. Through the app's HTTP handler, on a SQLite file and PostgreSQL.

/** `invoice` asks for an approval, `pick` a client tool, `ask` a question; a tool result is noted. */
const model = keywordModel({
  invoice: { toolName: 'send_invoice', input: { customer: 'ACME', amount: 900 } },
  pick: { toolName: 'pick_file', input: { files: ['a.txt', 'b.txt'] } },
  ask: { toolName: 'question', input: colorQuestion }
})

const seen: { chatId: string; toolName: string; user: string | null }[] = []
const sendInvoice: Tool<z.ZodObject<{ customer: z.ZodString; amount: z.ZodNumber }>> = {
  slug: 'send_invoice',
  description: 'Send an invoice.',
  inputSchema: z.object({ customer: z.string(), amount: z.number() }),
  needsApproval: true,
  approval: { assignees: [' Dana@Example.com ', 'dana@example.com'] },
  execute: async ({ customer }) => ({ sent: customer })
}
const pickFile: ClientTool<z.ZodObject<{ files: z.ZodArray<z.ZodString> }>, z.ZodObject<{ file: z.ZodString }>> = {
  slug: 'pick_file',
  description: 'Ask which file to use.',
  inputSchema: z.object({ files: z.array(z.string()) }),
  outputSchema: z.object({ file: z.string() }),
  client: {
    kind: 'pick-file',
    assignees: ({ chat, call, req }) => {
      seen.push({ chatId: chat.id, toolName: call.toolName, user: req.user?.email ?? null })
      if (req.user?.email === 'fay@example.com') throw new Error('directory is down')
      const many = () => Array.from({ length: 150 }, (_, n) => `p${n}@example.com`)
      if (req.user?.email === 'gus@example.com') return many()
      return [ids.carl]
    }
  }
}

const ids = { ada: '', carl: '', dana: '', eve: '', fay: '', gus: '' }

for (const backend of BACKENDS) {
  backend.describe(`who is asked: ${backend.name}`, () => {
    let frogbot: Frogbot
    let tokens: Record<keyof typeof ids, string>
    let close: () => Promise<void>
    const logs: string[] = []
    beforeAll(async () => {
      const opened = await backend.open()
      const config = buildConfig({
        agents: [{ slug: 'planner', model: 'fast', tools: [question, sendInvoice, pickFile], questions: { assignees: ['DANA@example.com'] } }],
        db: opened.adapter
      })
      frogbot = await createFrogbot(config, { model, log: (line) => logs.push(line), maintenanceIntervalMs: 0 })
      const { db } = storeOf(frogbot)
      const made = {} as Record<keyof typeof ids, string>
      for (const name of Object.keys(ids) as (keyof typeof ids)[]) {
        const user = await ensureUser(db, { email: `${name}@example.com` })
        ids[name] = user.id
        made[name] = (await createApiToken(db, { userId: user.id, name: 'test' })).token
      }
      tokens = made
      close = async () => {
        await frogbot.close()
        await opened.close()
      }
    })
    afterAll(() => close?.())

    const call = async (as: keyof typeof ids, method: string, path: string, body?: unknown) =>
      readAnswer(
        await frogbot.fetch(
          new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${tokens[as]}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
        )
      )
    const chatPath = (chatId: string) => `/api/agents/planner/chats/${chatId}`
    const ask = async (as: keyof typeof ids, prompt: string) => {
      const asked = await call(as, 'POST', '/api/agents/planner', { prompt })
      expect(asked.json.status).toBe('awaiting-input')
      return { chatId: asked.json.chatId as string, pending: asked.json.pending[0] as { toolCallId: string; assignees?: string[] } }
    }
    const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }

    it("the agent's questions.assignees are stored with the question, and an assignee answers a chat she does not own", async () => {
      const { chatId, pending } = await ask('ada', 'ask me the color')
      expect(pending.assignees).toEqual(['dana@example.com'])
      expect((await call('ada', 'GET', `${chatPath(chatId)}/pending`)).json.pending[0].assignees).toEqual(['dana@example.com'])

      // Dana reads the chat she is asked in, and the call waiting in it.
      const read = await call('dana', 'GET', chatPath(chatId))
      expect(read.status).toBe(200)
      expect(read.json.pending.map((entry: { toolCallId: string }) => entry.toolCallId)).toEqual([pending.toolCallId])
      expect(read.json.messages.length).toBeGreaterThan(0)
      expect(read.json.assigneeOnly).toBe(true)
      expect((await call('ada', 'GET', chatPath(chatId))).json.assigneeOnly).toBeUndefined()

      const answered = await call('dana', 'POST', `${chatPath(chatId)}/settle`, { toolCallId: pending.toolCallId, output: blue })
      expect(answered.status).toBe(200)
      expect(answered.json).toMatchObject({ status: 'complete', settlement: { toolCallId: pending.toolCallId, outcome: 'answered', by: { userId: ids.dana } } })
      // After answering she still reads it (the chat she was asked in), and a second answer loses as anyone's would.
      expect((await call('dana', 'GET', chatPath(chatId))).status).toBe(200)
      expect(await call('ada', 'POST', `${chatPath(chatId)}/settle`, { toolCallId: pending.toolCallId, output: blue })).toMatchObject({ status: 409, json: { code: 'already-settled' } })
    })

    it('a stranger is refused as before: not-found for reading and answering, and nothing changes', async () => {
      const { chatId, pending } = await ask('ada', 'ask me the color')
      const before = (await call('ada', 'GET', chatPath(chatId))).json
      expect(await call('eve', 'GET', chatPath(chatId))).toMatchObject({ status: 404, json: { code: 'not-found' } })
      expect(await call('eve', 'GET', `${chatPath(chatId)}/pending`)).toMatchObject({ status: 404 })
      expect(await call('eve', 'POST', `${chatPath(chatId)}/settle`, { toolCallId: pending.toolCallId, output: blue })).toMatchObject({ status: 404, json: { code: 'not-found' } })
      expect(await call('eve', 'PUT', `${chatPath(chatId)}/pending/${pending.toolCallId}/draft`, { draft: { step: 1 } })).toMatchObject({ status: 404 })
      expect((await call('ada', 'GET', chatPath(chatId))).json).toEqual(before)
    })

    it("an assignee's answer that comes with a new message is refused whole, before it settles (useChat, AG-UI)", async () => {
      const { chatId, pending } = await ask('ada', 'ask me the color')
      const before = (await call('ada', 'GET', chatPath(chatId))).json
      const [user, assistant] = before.messages.map(({ settlements: _settlements, ...message }: Record<string, unknown>) => message)
      const answered = (part: { toolCallId?: string }) => (part.toolCallId === pending.toolCallId ? { ...part, state: 'output-available', output: blue } : part)
      const next = { id: 'dana_next', role: 'user', parts: [{ type: 'text', text: 'thanks' }] }
      const messages = [user, { ...assistant, parts: (assistant.parts as { toolCallId?: string }[]).map(answered) }, next]
      const refusal = { status: 403, json: { code: 'forbidden', error: 'You were asked in this chat: assignees may only read it and answer their calls.' } }
      expect(await call('dana', 'POST', '/api/agents/planner', { id: chatId, trigger: 'submit-message', messages })).toMatchObject(refusal)
      const resume = [{ interruptId: pending.toolCallId, status: 'resolved', payload: blue }]
      const run = { threadId: chatId, runId: 'r1', messages: [{ id: 'dana_next', role: 'user', content: 'thanks' }], resume }
      expect(await call('dana', 'POST', '/api/agents/planner/ag-ui', run)).toMatchObject(refusal)
      expect((await call('ada', 'GET', chatPath(chatId))).json).toEqual(before)
      // Her answer alone is hers to give.
      expect((await call('dana', 'POST', `${chatPath(chatId)}/settle`, { toolCallId: pending.toolCallId, output: blue })).status).toBe(200)
    })

    it('an assignee answers and keeps a draft, and nothing more: any other write is 403', async () => {
      const { chatId, pending } = await ask('ada', 'ask me the color')
      expect(await call('dana', 'PUT', `${chatPath(chatId)}/pending/${pending.toolCallId}/draft`, { draft: { step: 1 } })).toMatchObject({ status: 200 })
      const before = (await call('ada', 'GET', chatPath(chatId))).json
      const userMessage = before.messages[0]
      const userId = userMessage.id
      const writes: [string, string, unknown?][] = [
        ['POST', '/api/agents/planner', { chatId, prompt: 'hi' }],
        ['POST', `${chatPath(chatId)}/stop`],
        ['PATCH', chatPath(chatId), { title: 'Mine' }],
        ['POST', '/api/agents/planner', { chatId, messages: [userMessage], trigger: 'regenerate-message' }],
        ['PUT', `${chatPath(chatId)}/messages/${userId}`, { text: 'mine' }],
        ['POST', `${chatPath(chatId)}/branch`, {}],
        ['DELETE', chatPath(chatId)]
      ]
      for (const [method, path, body] of writes) {
        const refused = await call('dana', method, path, body)
        const error = 'You were asked in this chat: assignees may only read it and answer their calls.'
        const expected = [method, path, 403, { error, code: 'forbidden' }]
        expect([method, path, refused.status, refused.json]).toEqual(expected)
        // Someone who cannot read the chat still learns nothing of it.
        expect([method, path, (await call('eve', method, path, body)).status]).toEqual([method, path, 404])
      }
      expect((await call('ada', 'GET', chatPath(chatId))).json).toEqual(before)
    })

    it('approval.assignees: the assignee approves, matched by email whatever its case, listed once', async () => {
      const { chatId, pending } = await ask('ada', 'send the invoice')
      expect(pending.assignees).toEqual(['dana@example.com'])
      const approved = await call('dana', 'POST', `${chatPath(chatId)}/settle`, { toolCallId: pending.toolCallId, approved: true })
      expect(approved).toMatchObject({ status: 200, json: { status: 'complete', settlement: { outcome: 'approved', by: { userId: ids.dana } } } })
    })

    it('client.assignees as a function: evaluated once with the chat, the call and the caller; user ids match', async () => {
      const before = seen.length
      const { chatId, pending } = await ask('ada', 'pick a file')
      expect(seen.slice(before)).toEqual([{ chatId, toolName: 'pick_file', user: 'ada@example.com' }])
      expect(pending.assignees).toEqual([ids.carl])
      expect(await call('dana', 'POST', `${chatPath(chatId)}/settle`, { toolCallId: pending.toolCallId, output: { file: 'a.txt' } })).toMatchObject({ status: 404 })
      expect(await call('carl', 'POST', `${chatPath(chatId)}/settle`, { toolCallId: pending.toolCallId, output: { file: 'a.txt' } })).toMatchObject({ status: 200, json: { status: 'complete' } })
      expect(seen.length).toBe(before + 1)
    })

    it('a function that throws leaves the call without assignees (logged): the chat’s own rule decides', async () => {
      const { chatId, pending } = await ask('fay', 'pick a file')
      expect(pending.assignees).toBeUndefined()
      expect(logs.some((line) => line.includes('assignees of "pick_file" failed') && line.includes('directory is down'))).toBe(true)
      expect(await call('carl', 'POST', `${chatPath(chatId)}/settle`, { toolCallId: pending.toolCallId, output: { file: 'a.txt' } })).toMatchObject({ status: 404 })
      expect(await call('fay', 'POST', `${chatPath(chatId)}/settle`, { toolCallId: pending.toolCallId, output: { file: 'b.txt' } })).toMatchObject({ status: 200 })
    })

    it('a function naming more than 100 people is refused whole, logged: never cut to 100', async () => {
      const { chatId, pending } = await ask('gus', 'pick a file')
      expect(pending.assignees).toBeUndefined()
      const line = `frogbot: assignees of "pick_file" in chat ${chatId} returned 150 people, ` +
        'more than 100; the call has no assignees (a list is never cut)'
      expect(logs).toContain(line)
      const read = await call('gus', 'GET', `${chatPath(chatId)}/pending`)
      expect(read.json.pending[0].assignees).toBeUndefined()
      const answer = { toolCallId: pending.toolCallId, output: { file: 'a.txt' } }
      expect(await call('gus', 'POST', `${chatPath(chatId)}/settle`, answer)).toMatchObject({ status: 200 })
    })
  })
}

describe('assignees options are checked by buildConfig', () => {
  const configError = (agents: unknown[]): ConfigError => {
    try {
      buildConfig({ agents } as never)
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      return error as ConfigError
    }
    throw new Error('expected a ConfigError')
  }

  it('names the field and states the rule', () => {
    const badClient = { ...pickFile, client: { kind: 'pick-file', assignees: 'dana@example.com' } } as unknown as AnyTool
    const badApproval = { ...sendInvoice, approval: { assignees: ['', 3] } } as unknown as AnyTool
    const error = configError([
      { slug: 'planner', model: 'fast', tools: [question, badClient, badApproval], questions: { assignees: [], asignees: 1 } },
      { slug: 'writer', model: 'fast', tools: [], questions: { assignees: ['dana@example.com'] } },
      // An email with a zero-width space named nobody (no user can have it): refused, naming it.
      { slug: 'third', model: 'fast', tools: [question], questions: { assignees: ['d@b.co', 'x\u200b@b'] } }
    ])
    expect(error.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^agents\[0\]\.tools\[1\]\.client\.assignees: must be a list of FrogBot user ids or emails/),
        expect.stringMatching(/^agents\[0\]\.tools\[2\]\.approval\.assignees\[0\]: "" must be a user id or an email/),
        expect.stringMatching(/^agents\[0\]\.tools\[2\]\.approval\.assignees\[1\]: 3 must be a user id or an email/),
        expect.stringMatching(/^agents\[0\]\.questions\.assignees: must be a list/),
        'agents[0].questions.asignees: unknown option; did you mean assignees?',
        expect.stringMatching(/^agents\[2\]\.questions\.assignees\[1\]: an email must not contain control/),
        expect.stringMatching(/^agents\[1\]\.questions: takes effect only on an agent with the question tool/)
      ])
    )
    expect(error.problems).toHaveLength(7)
  })

  it('a list of more than 100 is refused at start, not cut', () => {
    const many = Array.from({ length: 101 }, (_, n) => `p${n}@example.com`)
    const tooMany = { ...sendInvoice, approval: { assignees: many } } as unknown as AnyTool
    const error = configError([{ slug: 'planner', model: 'fast', tools: [tooMany] }])
    const rule = 'agents[0].tools[0].approval.assignees: must be a list of FrogBot user ids or emails ' +
      '(1 to 100)'
    expect(error.problems).toEqual([expect.stringContaining(rule)])
  })
})
