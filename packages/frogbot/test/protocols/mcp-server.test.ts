import { isToolUIPart, type UIMessage } from 'ai'
import { afterEach, describe, expect, it } from 'vitest'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { question } from '../../src/tools/index.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { configProblems } from '../../src/testing/config-problems.ts'
import { buildConfig } from '../../src/index.ts'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { mcpClient } from './mcp-client-kit.ts'

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

const answer = { answers: [{ header: 'Color', selected: ['Blue'] }] }

async function served(model = scriptedModel([textStep('Noted.')]), extra: { access?: boolean; assignees?: string[] } = {}) {
  const app = await testFrogbot({
    model,
    agents: [{
      slug: 'planner',
      model: 'fast',
      tools: [question],
      access: ({ req }) => extra.access !== false || req.user?.email === 'ada@example.com',
      ...(extra.assignees ? { questions: { assignees: extra.assignees } } : {})
    }],
    config: { mcp: { enabled: true, waitSeconds: 1 } }
  })
  cleanup = app.close
  const client = await mcpClient({ fetch: app.frogbot.fetch, token: app.token })
  const closeApp = app.close
  cleanup = async () => {
    await client.close()
    await closeApp()
  }
  return { ...app, client }
}

/** The one waiting chat of the token's user, once `ask_human` made it. */
async function waitingChat(call: Awaited<ReturnType<typeof served>>['call']) {
  for (let tries = 0; tries < 100; tries++) {
    const listed = await call('GET', '/api/chats')
    const chat = listed.json.chats?.find((entry: any) => entry.state === 'awaiting')
    if (chat) {
      const pending = await call('GET', `/api/agents/planner/chats/${chat.id}/pending`)
      return { chatId: chat.id as string, toolCallId: pending.json.pending[0].toolCallId as string, pending: pending.json.pending }
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('ask_human made no waiting chat')
}

/**
 * Runs `agent_planner` ("Paint the shed") on `app` with a client that accepts each form it is
 * asked with the next of `sent`'s contents; resolves every form asked and the tool's result.
 */
async function formsSent(
  app: { frogbot: { fetch: (request: Request) => Promise<Response> }; token: string },
  sent: readonly (readonly [unknown, unknown])[]
) {
  const forms: { message: string }[] = []
  const client = await mcpClient({
    fetch: app.frogbot.fetch,
    token: app.token,
    elicit: async (params) => {
      forms.push(params)
      return { action: 'accept', content: sent[forms.length - 1]![0] as never }
    }
  })
  const result = await client.callTool({ name: 'agent_planner', arguments: { prompt: 'Paint the shed' } })
  expect(forms).toHaveLength(sent.length)
  return { forms, result, client }
}

describe('the MCP server door: ask_human', () => {
  it('lists ask_human with the seed schemas and an agent tool per agent', async () => {
    const { client } = await served()
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name).sort()).toEqual(['agent_planner', 'ask_human'])
    const ask = tools.find((tool) => tool.name === 'ask_human')!
    expect(ask.inputSchema.required).toEqual(['questions'])
    expect(ask.outputSchema?.required).toEqual(['answers'])
  })

  it('asks in a chat of the token user, waits across rounds, and returns the answer settled over HTTP', async () => {
    const { client, call, user } = await served()
    const asked = client.callTool({ name: 'ask_human', arguments: colorQuestion })
    const { chatId, toolCallId, pending } = await waitingChat(call)
    expect(pending).toMatchObject([{ toolName: 'question', kind: 'question', input: colorQuestion, agentSlug: 'planner' }])
    const chat = await call('GET', `/api/agents/planner/chats/${chatId}`)
    expect(chat.json.chat.ownerId ?? user.id).toBe(user.id)
    // More than one round passes before the answer (waitSeconds: 1).
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const settled = await call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId, output: answer })
    expect(settled.status).toBe(200)
    const result = await asked
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toEqual(answer)
  })

  it("asks the agent's questions.assignees, as a question its model asks would", async () => {
    const { client, call } = await served(undefined, { assignees: ['Dana@Example.com'] })
    const asked = client.callTool({ name: 'ask_human', arguments: colorQuestion })
    const { chatId, toolCallId, pending } = await waitingChat(call)
    expect(pending).toMatchObject([{ toolCallId, assignees: ['dana@example.com'] }])
    expect((await call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId, output: answer })).status).toBe(200)
    expect((await asked).structuredContent).toEqual(answer)
  })

  it('ends the chat at the answer: the caller asked a person, so the model does not speak after it; a later message is an ordinary turn', async () => {
    const { client, call } = await served(scriptedModel([textStep('Noted.')]))
    const asked = client.callTool({ name: 'ask_human', arguments: colorQuestion })
    const { chatId, toolCallId } = await waitingChat(call)
    const settled = await call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId, output: answer })
    expect(settled.json).toMatchObject({ status: 'complete', chatId, text: '', settlement: { toolCallId, outcome: 'answered' } })
    expect((await asked).structuredContent).toEqual(answer)
    const read = await call('GET', `/api/agents/planner/chats/${chatId}`)
    expect(read.json.chat.state).toBe('idle')
    expect(read.json.messages.map((message: any) => message.role)).toEqual(['user', 'assistant'])
    const reply = read.json.messages[1]
    expect(reply.metadata).toEqual({ askedFor: 'mcp' })
    expect(reply.parts.filter((part: any) => part.type === 'text')).toEqual([])
    expect(reply.parts.find((part: any) => part.toolCallId === toolCallId)).toMatchObject({ state: 'output-available', output: answer })
    // The person may go on talking to the agent there: the model is called for that message.
    const followed = await call('POST', '/api/agents/planner', { chatId, prompt: 'Thanks' })
    expect(followed.json).toMatchObject({ status: 'complete', text: 'Noted.' })
  })

  it('returns the answer given in the admin chat (the useChat resubmission)', async () => {
    const { client, call } = await served()
    const asked = client.callTool({ name: 'ask_human', arguments: colorQuestion })
    const { chatId, toolCallId } = await waitingChat(call)
    const { json } = await call('GET', `/api/agents/planner/chats/${chatId}`)
    const messages = json.messages.map(({ settlements: _s, ...message }: any) => message as UIMessage)
    const last = messages.at(-1)!
    last.parts = last.parts.map((part: UIMessage['parts'][number]) => (isToolUIPart(part) && part.toolCallId === toolCallId ? { ...part, state: 'output-available', output: answer } : part))
    const resubmitted = await call('POST', '/api/agents/planner', { id: chatId, messages, trigger: 'submit-message', messageId: last.id })
    expect(resubmitted.status).toBe(200)
    expect((await asked).structuredContent).toEqual(answer)
  })

  it('a dismissal is an MCP tool error with the dismissal text', async () => {
    const { client, call } = await served()
    const asked = client.callTool({ name: 'ask_human', arguments: colorQuestion })
    const { chatId, toolCallId } = await waitingChat(call)
    await call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId, dismissed: true, reason: 'Not mine to choose' })
    const result = await asked
    expect(result.isError).toBe(true)
    expect(result.content).toEqual([{ type: 'text', text: 'Dismissed by the user. Reason: Not mine to choose' }])
  })

  // Checked with the agent tools' wording fix: a question stopped in the chat is told as cancelled by Stop.
  it('a question stopped in the chat (POST …/stop) is an MCP tool error saying so', async () => {
    const { client, call } = await served()
    const asked = client.callTool({ name: 'ask_human', arguments: colorQuestion })
    const { chatId, toolCallId } = await waitingChat(call)
    const chatPath = `/api/agents/planner/chats/${chatId}`
    expect((await call('POST', `${chatPath}/stop`)).json).toMatchObject({ stopped: true })
    const result = await asked
    expect(result.isError).toBe(true)
    expect(result.content).toEqual([{ type: 'text', text: 'Cancelled because the user stopped the turn.' }])
    // An answer after it, over HTTP, is told the same, not that a first answer won.
    const late = await call('POST', `${chatPath}/settle`, { toolCallId, output: answer })
    expect(late.status).toBe(409)
    const error = 'This call was cancelled: the turn was stopped; it can no longer be settled.'
    expect(late.json.error).toBe(error)
  })

  it('refuses a question with NUL or a lone surrogate, as typed text is, and asks nobody', async () => {
    const { client, call } = await served()
    const asking = (question: string, label: string) => ({ header: 'Color', question, options: [{ label }] })
    const cases = [
      [asking('Which\u0000 color?', 'Red'), 'questions.0.question: must not contain NUL (U+0000)'],
      [asking('Which color?', 'Red\ud800'), 'questions.0.options.0.label: must be well-formed Unicode']
    ] as const
    for (const [question, error] of cases) {
      const result = await client.callTool({ name: 'ask_human', arguments: { questions: [question] } })
      expect(result.isError).toBe(true)
      expect(JSON.stringify(result.content)).toContain(`arguments.${error}`)
    }
    expect((await call('GET', '/api/chats')).json.chats).toEqual([])
  })

  // A header "\u200b", a question "\ufeff\u202e" and labels "\u2060", "\u200b" made a chat with
  // blank buttons; so did a header "\u001b" or a question of control characters.
  it('refuses a blank header, question or option label, naming it, and asks nobody', async () => {
    const { client, call } = await served()
    const asking = (header: string, question: string, labels: string[]) =>
      ({ questions: [{ header, question, options: labels.map((label) => ({ label })) }] })
    const cases = [
      [asking('\u200b', 'Which color?', ['Red']), 'questions.0.header'],
      [asking('Color', '\ufeff\u202e', ['Red']), 'questions.0.question'],
      [asking('Color', 'Which color?', ['Red', '\u2060']), 'questions.0.options.1.label'],
      [asking('Color', 'Which color?', ['\u200b']), 'questions.0.options.0.label'],
      [asking('\u200b', '\ufeff\u202e', ['\u2060', '\u200b']), 'questions.0.header'],
      // Control characters too: an escape, U+0001, DEL, C1's NEL, beside white space.
      [asking('\u001b', 'Which color?', ['Red']), 'questions.0.header'],
      [asking('Color', ' \u0001\u007f\n', ['Red']), 'questions.0.question'],
      [asking('Color', 'Which color?', ['Red', '\u0085\u200b']), 'questions.0.options.1.label'],
      // The braille pattern blank, a Hangul filler, a combining accent with no letter were asked.
      [asking('\u2800', 'Which color?', ['Red']), 'questions.0.header'],
      [asking('Color', '\u3164\u2800', ['Red']), 'questions.0.question'],
      [asking('Color', 'Which color?', ['Red', '\u0301']), 'questions.0.options.1.label']
    ] as const
    for (const [args, field] of cases) {
      const result = await client.callTool({ name: 'ask_human', arguments: args })
      expect(result.isError).toBe(true)
      const text = `arguments.${field}: must not be empty or blank`
      expect(result.content).toEqual([{ type: 'text', text }])
    }
    expect((await call('GET', '/api/chats')).json.chats).toEqual([])
  })

  // 16 emoji (32 UTF-16 units) or 29 x's and an emoji (31) were asked: Zod's max counts code points.
  it('refuses a header over 30 UTF-16 code units (an emoji is 2), asking nobody; 30 is asked', async () => {
    const { client, call } = await served()
    const asking = (header: string) =>
      ({ questions: [{ header, question: 'Which color?', options: [{ label: 'Red' }] }] })
    for (const [header, units] of [['😀'.repeat(16), 32], [`${'x'.repeat(29)}😀`, 31]] as const) {
      const result = await client.callTool({ name: 'ask_human', arguments: asking(header) })
      expect(result.isError).toBe(true)
      expect(result.content).toEqual([{
        type: 'text',
        text: `arguments.questions.0.header: ${JSON.stringify(header)} is ${units} characters ` +
          '(UTF-16 code units: an emoji counts 2); headers must be at most 30 characters'
      }])
    }
    expect((await call('GET', '/api/chats')).json.chats).toEqual([])
    const asked = client.callTool({ name: 'ask_human', arguments: asking(`${'x'.repeat(28)}😀`) })
    const { chatId, toolCallId, pending } = await waitingChat(call)
    expect(pending[0].input.questions[0].header).toBe(`${'x'.repeat(28)}😀`)
    await call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId, dismissed: true })
    expect((await asked).isError).toBe(true)
  })

  // An empty header read `questions.0.header: questions[0].header: headers must not be empty`, and
  // a 31-character one `questions.0.header: questions[0].header: "<it>" is 31 characters; …`: the
  // path twice, without `arguments.`, unlike the blank and emoji refusals above.
  it('names the field of a schema rule once, as arguments.questions.0.header, as the others', async () => {
    const { client, call } = await served()
    const asking = (header: string, question: string, labels: string[]) =>
      ({ header, question, options: labels.map((label) => ({ label })) })
    const long = 'x'.repeat(31)
    const color = asking('Color', 'Which color?', ['Red'])
    const cases = [
      [[asking('', 'Which color?', ['Red'])], 'questions.0.header: must not be empty or blank'],
      [[asking('Color', '', ['Red'])], 'questions.0.question: must not be empty or blank'],
      [[asking('Color', 'Which color?', ['Red', ''])],
        'questions.0.options.1.label: must not be empty or blank'],
      [[color, asking(long, 'Which shade?', ['Dark'])], `questions.1.header: "${long}" is 31 characters ` +
        '(UTF-16 code units: an emoji counts 2); headers must be at most 30 characters'],
      [[color, color], 'questions.1.header: "Color" is used twice; headers must be unique within a call'],
      [[asking('Color', 'Which color?', [])], 'questions.0.options: offer at least one option'],
      [[], 'questions: ask at least one question'],
      [[{ ...color, colour: 'red' }], 'questions.0: Unrecognized key: "colour"']
    ] as const
    for (const [questions, error] of cases) {
      const result = await client.callTool({ name: 'ask_human', arguments: { questions } })
      expect(result.isError).toBe(true)
      expect(result.content).toEqual([{ type: 'text', text: `arguments.${error}` }])
    }
    expect((await call('GET', '/api/chats')).json.chats).toEqual([])
  })

  // "Color" and "Col\u200bor", or "Red" and "Red\u2060", were asked as two headers or two buttons
  // a person cannot tell apart.
  it('refuses headers or option labels differing only by invisible characters, and asks nobody', async () => {
    const { client, call } = await served()
    const asking = (header: string, labels: string[]) =>
      ({ header, question: 'Which one?', options: labels.map((label) => ({ label })) })
    const cases = [
      [[asking('Color', ['Red']), asking('Col\u200bor', ['Red'])],
        'questions.1.header: "Col\u200bor" reads the same as questions.0.header "Color" ' +
        '(invisible characters aside); headers must be unique within a call'],
      [[asking('Color', ['Red', 'Blue', 'Re\u200bd'])],
        'questions.0.options.2.label: "Re\u200bd" reads the same as questions.0.options.0.label "Red" ' +
        '(invisible characters aside); option labels must be unique within a question'],
      // A control character reads as nothing too (and is quoted escaped, as JSON does).
      [[asking('Color', ['Blue', 'Blue\u0007'])],
        'questions.0.options.1.label: "Blue\\u0007" reads the same as questions.0.options.0.label "Blue" ' +
        '(invisible characters aside); option labels must be unique within a question'],
      [[asking('Color', ['Dark  blue', ' Dark blue'])],
        'questions.0.options.1.label: " Dark blue" reads the same as ' +
        'questions.0.options.0.label "Dark  blue" ' +
        '(invisible characters aside); option labels must be unique within a question']
    ] as const
    for (const [questions, error] of cases) {
      const result = await client.callTool({ name: 'ask_human', arguments: { questions } })
      expect(result.isError).toBe(true)
      expect(result.content).toEqual([{ type: 'text', text: `arguments.${error}` }])
    }
    expect((await call('GET', '/api/chats')).json.chats).toEqual([])
    // Visibly different labels are asked: "Dark blue" and "Darkblue", "Red" in two questions, and
    // "Cafe" beside "Cafe\u0301" (é): a combining mark beside a letter is no invisible character.
    const asked = client.callTool({
      name: 'ask_human',
      arguments: {
        questions: [
          asking('Color', ['Red', 'Dark blue', 'Darkblue', 'Cafe', 'Cafe\u0301']),
          asking('Trim', ['Red'])
        ]
      }
    })
    const { chatId, toolCallId } = await waitingChat(call)
    await call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId, dismissed: true })
    expect((await asked).isError).toBe(true)
  })

  it('refuses an unknown key in ask_human or an agent tool, naming it, and asks or runs nothing', async () => {
    const { client, call } = await served()
    const { tools } = await client.listTools()
    expect(tools.find((tool) => tool.name === 'ask_human')!.inputSchema.additionalProperties).toBe(false)
    const cases = [
      ['ask_human', { ...colorQuestion, extra: 1 }, 'extra'],
      ['ask_human', { questions: [{ ...colorQuestion.questions[0], colour: 'red' }] }, 'colour'],
      ['ask_human', { questions: [{ ...colorQuestion.questions[0], options: [{ label: 'Red', hint: 'warm' }] }] }, 'hint'],
      ['agent_planner', { prompt: 'Paint the shed', bogus: 1 }, 'bogus']
    ] as const
    for (const [name, args, key] of cases) {
      const refused = await client.callTool({ name, arguments: args as Record<string, unknown> })
      expect(refused.isError).toBe(true)
      expect(JSON.stringify(refused.content)).toContain(`Unrecognized key: \\"${key}\\"`)
    }
    expect((await call('GET', '/api/chats')).json.chats).toEqual([])
  })

  it('refuses a forged request state, and a replayed one', async () => {
    const app = await served()
    const forged = await app.client.callTool({ name: 'ask_human', arguments: colorQuestion, requestState: 'v1.eyJwIjp7fX0.AAAA' } as never).catch((error) => error)
    expect(String(forged)).toContain('Invalid or expired requestState')
    // The states the door hands out, read off the wire; the client sends each back once.
    const states: string[] = []
    const recording = async (request: Request) => {
      const response = await app.frogbot.fetch(request)
      const body = await response.clone().text()
      const state = /"requestState":"([^"]+)"/.exec(body)?.[1]
      if (state) states.push(state)
      return response
    }
    const client = await mcpClient({ fetch: recording, token: app.token })
    const asked = client.callTool({ name: 'ask_human', arguments: colorQuestion })
    const { chatId, toolCallId } = await waitingChat(app.call)
    while (states.length < 2) await new Promise((resolve) => setTimeout(resolve, 50))
    const replayed = await app.client.callTool({ name: 'ask_human', arguments: colorQuestion, requestState: states[0] } as never).catch((error) => error)
    expect(String(replayed)).toContain('Invalid or expired requestState')
    await app.call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId, output: answer })
    expect((await asked).structuredContent).toEqual(answer)
    await client.close()
  })

  it('refuses a token whose user may use no agent, and a request without a token', async () => {
    const { frogbot } = await served(undefined, { access: false })
    const bob = await ensureUser(storeOf(frogbot).db, { email: 'bob@example.com' })
    const { token } = await createApiToken(storeOf(frogbot).db, { userId: bob.id, name: 'bob' })
    const refused = await mcpClient({ fetch: frogbot.fetch, token }).catch((error) => error)
    expect(String(refused)).toMatch(/403|forbidden|may use no agent/i)
    const anonymous = await frogbot.fetch(new Request('http://localhost/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }))
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('www-authenticate')).toContain('Bearer')
  })
})

describe('the MCP server door: a 2025 client', () => {
  // No input_required on a 2025 revision: the call was held open with no documented bound.
  it('holds ask_human 9 rounds of waitSeconds, then a tool error; the question still waits', async () => {
    const { frogbot, token, call } = await served()
    const legacy = { versionNegotiation: { mode: 'legacy' as const } }
    const client = new Client({ name: 'frogbot-test-2025', version: '1.0.0' }, legacy)
    const fetch = (url: string | URL | Request, init?: RequestInit) => frogbot.fetch(new Request(url, init))
    const requestInit = { headers: { authorization: `Bearer ${token}` } }
    const url = new URL('http://localhost/mcp')
    const transport = new StreamableHTTPClientTransport(url, { fetch, requestInit })
    await client.connect(transport)
    const started = Date.now()
    const result = await client.callTool({ name: 'ask_human', arguments: colorQuestion })
    const held = Date.now() - started
    // The first round and 8 more, each waiting waitSeconds (1 s here), 250 ms apart.
    expect(held).toBeGreaterThanOrEqual(9 * 1000 + 8 * 250)
    expect(held).toBeLessThan(9 * 1000 + 8 * 250 + 4000)
    expect(result.isError).toBe(true)
    const text = "Multi-round-trip request 'tools/call' still required input after 8 rounds " +
      '(inputRequired.maxRounds)'
    expect(result.content).toEqual([{ type: 'text', text }])
    const { pending } = await waitingChat(call)
    expect(pending).toMatchObject([{ toolName: 'question', input: colorQuestion }])
    await client.close()
  }, 30_000)
})

describe('the MCP server door: bodies', () => {
  it('refuses a body that is not UTF-8 as every door does (400, never patched with U+FFFD), and asks nobody', async () => {
    const { frogbot, token, call } = await served()
    const rpc = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ask_human', arguments: { questions: [{ header: 'Color', question: 'Which color? \u0000', options: [{ label: 'Red' }, { label: 'Blue' }] }] } } }).replace('\\u0000', '@'))
    const at = rpc.indexOf('@')
    rpc[at] = 0xff
    const response = await frogbot.fetch(new Request('http://localhost/mcp', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: rpc }))
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: 'body: not valid UTF-8' })
    expect((await call('GET', '/api/chats')).json.chats).toEqual([])
  })
})

describe('the MCP server door: query parameters', () => {
  const MCP_ACCEPT = 'application/json, text/event-stream'
  it('refuses any query parameter: 400 naming it, as on /api, once signed in; asks nobody', async () => {
    const { frogbot, token, call } = await served()
    const params = { name: 'ask_human', arguments: colorQuestion }
    const rpc = { jsonrpc: '2.0', id: 1, method: 'tools/call', params }
    const post = (query: string, headers: Record<string, string> = { authorization: `Bearer ${token}` }) =>
      frogbot.fetch(new Request(`http://localhost/mcp${query}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', accept: MCP_ACCEPT },
        body: JSON.stringify(rpc)
      }))
    const cases = [
      ['?sessionId=abc', 'sessionId: unknown parameter; this route takes none'],
      ['?dryRun', 'dryRun: unknown parameter; this route takes none'],
      ['?=3', '=3: a value without a parameter\'s name; this route takes none']
    ] as const
    for (const [query, error] of cases) {
      const refused = await post(query)
      expect(refused.status, query).toBe(400)
      expect(await refused.json(), query).toEqual({ error })
      // The API routes answer the same.
      expect((await call('GET', `/api/agents${query}`)).json, query).toEqual({ error })
    }
    expect((await post('?sessionId=abc', {})).status).toBe(401)
    expect((await call('GET', '/api/chats')).json.chats).toEqual([])
  })
})

describe('the MCP server door: agent tools', () => {
  it('agent_<slug> runs a turn and, stopped at a question, says it waits with the chat and pending calls', async () => {
    const model = scriptedModel([toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }], 'Let me ask.'), textStep('Blue it is.'), textStep('You are welcome.')])
    const { client, call } = await served(model)
    const result = await client.callTool({ name: 'agent_planner', arguments: { prompt: 'Paint the shed' } })
    expect(result.structuredContent).toMatchObject({ status: 'awaiting-input', pending: [{ toolCallId: 'call_1', toolName: 'question' }] })
    const chatId = (result.structuredContent as any).chatId
    await call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_1', output: answer })
    const next = await client.callTool({ name: 'agent_planner', arguments: { prompt: 'Thanks', chatId } })
    expect(next.structuredContent, JSON.stringify(next)).toMatchObject({ status: 'complete', chatId, text: 'You are welcome.' })
  })

  it('a client that answers forms gets the question as an elicitation; its answer settles the call and the turn continues', async () => {
    const model = scriptedModel([toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }], 'Let me ask.'), textStep('Blue it is.')])
    const app = await served(model)
    const forms: any[] = []
    const client = await mcpClient({
      fetch: app.frogbot.fetch,
      token: app.token,
      elicit: async (params) => {
        forms.push(params)
        return { action: 'accept', content: { q0: 'Blue' } }
      }
    })
    const result = await client.callTool({ name: 'agent_planner', arguments: { prompt: 'Paint the shed' } })
    expect(forms[0].requestedSchema.properties.q0).toMatchObject({ type: 'string', title: 'Color', enum: ['Red', 'Blue'] })
    expect(result.structuredContent, JSON.stringify(result)).toMatchObject({ status: 'complete', text: 'Blue it is.' })
    const chat = await app.call('GET', `/api/agents/planner/chats/${(result.structuredContent as any).chatId}`)
    expect(chat.json.messages.at(-1).settlements).toMatchObject([{ toolCallId: 'call_1', outcome: 'answered' }])
    await client.close()
  })

  it('answers the settle door refuses are asked again with the reason, on a new state; the next answer settles', async () => {
    const model = scriptedModel([toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }], 'Let me ask.'), textStep('Blue it is.')])
    const app = await served(model)
    const forms: { message: string }[] = []
    const client = await mcpClient({
      fetch: app.frogbot.fetch,
      token: app.token,
      // The first form comes back empty (nothing picked, nothing typed), the second answered.
      elicit: async (params) => (forms.push(params), { action: 'accept', content: forms.length === 1 ? {} : { q0: 'Blue' } })
    })
    const result = await client.callTool({ name: 'agent_planner', arguments: { prompt: 'Paint the shed' } })
    expect(forms).toHaveLength(2)
    expect(forms[0].message).toBe('Which color?')
    expect(forms[1].message).toMatch(/^answers\[0\] \("Color"\): .*; answer again\.\n\nWhich color\?$/s)
    expect(result.structuredContent, JSON.stringify(result)).toMatchObject({ status: 'complete', text: 'Blue it is.' })
    const chat = await app.call('GET', `/api/agents/planner/chats/${(result.structuredContent as any).chatId}`)
    expect(chat.json.messages.at(-1).settlements).toMatchObject([{ toolCallId: 'call_1', outcome: 'answered' }])
    await client.close()
  })

  // `{ q0: "Blue", q9: "Red" }` and `{ q0: "Blue", colour: "red" }` settled as "Blue", the other
  // field dropped unread; so did a typed answer on a question that takes none.
  it('a form field the form does not have is refused naming it; asked again', async () => {
    const sizes = [{ label: 'Small' }, { label: 'Large' }]
    const asked = {
      questions: [
        colorQuestion.questions[0],
        { header: 'Size', question: 'Which size?', options: sizes, custom: false }
      ]
    }
    const asking = toolStep([{ toolCallId: 'call_1', toolName: 'question', input: asked }], 'Let me ask.')
    const app = await served(scriptedModel([asking, textStep('A small blue one.')]))
    const fields = 'the form\'s fields are q0, q0_custom, q1'
    const sent = [
      [{ q0: 'Blue', q1: 'Small', q9: 'Red' }, `content: unknown field "q9"; ${fields}`],
      [{ q0: 'Blue', q1: 'Small', colour: 'red', q2: 'x' },
        `content: unknown fields "colour", "q2"; ${fields}`],
      [{ q0: 'Blue', q1: 'Small', q1_custom: 'Medium' }, `content: unknown field "q1_custom"; ${fields}`],
      [{ q0: 'Blue', q1: 'Small' }, null]
    ] as const
    const { forms, result, client } = await formsSent(app, sent)
    sent.forEach(([, refusal], at) => {
      const again = `${refusal}; answer again.\n\nWhich color?\nWhich size?`
      if (refusal) expect(forms[at + 1]!.message).toBe(again)
    })
    const done = { status: 'complete', text: 'A small blue one.' }
    expect(result.structuredContent, JSON.stringify(result)).toMatchObject(done)
    const chatId = (result.structuredContent as any).chatId
    const chat = await app.call('GET', `/api/agents/planner/chats/${chatId}`)
    const part = chat.json.messages.at(-1).parts.find((entry: any) => entry.toolCallId === 'call_1')
    const answers = [{ header: 'Color', selected: ['Blue'] }, { header: 'Size', selected: ['Small'] }]
    expect(part.output).toEqual({ answers })
    await client.close()
  })

  // The official client sends no null; a raw one may. Docs: null is a field left empty.
  it('a form field sent as null reads as not given, over raw JSON-RPC', async () => {
    const call1 = { toolCallId: 'call_1', toolName: 'question', input: colorQuestion }
    const app = await served(scriptedModel([toolStep([call1], 'Let me ask.'), textStep('Blue it is.')]))
    const callTool = rawAgentCall(app)
    const asked = await callTool({ arguments: { prompt: 'Paint the shed' } })
    const form = { call_1: { method: 'elicitation/create' } }
    expect(asked).toMatchObject({ resultType: 'input_required', inputRequests: form })
    const content = { q0: 'Blue', q0_custom: null }
    const inputResponses = { call_1: { action: 'accept', content } }
    const { requestState } = asked
    const done = await callTool({ arguments: { prompt: 'Paint the shed' }, requestState, inputResponses })
    const complete = { status: 'complete', text: 'Blue it is.' }
    expect(done.structuredContent, JSON.stringify(done)).toMatchObject(complete)
    const chat = await app.call('GET', `/api/agents/planner/chats/${done.structuredContent.chatId}`)
    const part = chat.json.messages.at(-1).parts.find((entry: any) => entry.toolCallId === 'call_1')
    expect(part.output).toEqual({ answers: [{ header: 'Color', selected: ['Blue'] }] })
  })

  // A form answered after its questions were stopped in the web chat (POST …/stop) was told they
  // "were answered elsewhere". The tool error now says how each ended, from its settlement.
  it('forms answered after their questions ended elsewhere are told how (Stop, dismissal, …)', async () => {
    const clock = { now: new Date('2026-12-07T12:00:00.000Z') }
    const quick = { ...question, slug: 'quick_question', client: { ...question.client, expiresIn: 60_000 } }
    const callOf = (at: number, toolName = 'question') => {
      return { toolCallId: `call_${at}`, toolName, input: colorQuestion }
    }
    const asks = (toolName: string) => toolStep([callOf(1, toolName)], 'Let me ask.')
    const both = toolStep([callOf(1), callOf(2)])
    const three = [asks('question'), asks('question'), asks('question')]
    const steps = [...three, textStep('Blue it is.'), asks('quick_question'), both]
    const app = await testFrogbot({
      model: scriptedModel(steps),
      agents: [{ slug: 'planner', model: 'fast', tools: [question, quick] }],
      config: { mcp: { enabled: true, waitSeconds: 1 } },
      options: { now: () => clock.now }
    })
    cleanup = app.close
    const callTool = rawAgentCall(app)
    const accepted = { action: 'accept', content: { q0: 'Blue' } }
    const inputResponses = { call_1: accepted, call_2: accepted }
    /** Asks in a new chat, ends the question there with `end`, then answers the form: the tool's result. */
    const answeredAfter = async (end: (chatId: string) => Promise<unknown>) => {
      const asked = await callTool({ arguments: { prompt: 'Paint the shed' } })
      expect(asked).toMatchObject({ resultType: 'input_required' })
      const listed = (await app.call('GET', '/api/chats')).json.chats
      const chatId = listed.find((chat: { state: string }) => chat.state === 'awaiting').id as string
      await end(chatId)
      const { requestState } = asked
      const late = await callTool({ arguments: { prompt: 'Paint the shed' }, requestState, inputResponses })
      expect(late.isError).toBe(true)
      return { chatId, text: late.content[0].text as string }
    }
    const chatPath = (chatId: string) => `/api/agents/planner/chats/${chatId}`
    const stopped = await answeredAfter((chatId) => app.call('POST', `${chatPath(chatId)}/stop`))
    const questionsOf = (chatId: string) => `The questions of chat ${chatId}`
    const byStop = 'were cancelled: the turn was stopped; read the chat.'
    expect(stopped.text).toBe(`${questionsOf(stopped.chatId)} ${byStop}`)
    const dismissal = { toolCallId: 'call_1', dismissed: true }
    const dismiss = (chatId: string) => app.call('POST', `${chatPath(chatId)}/settle`, dismissal)
    const dismissed = await answeredAfter(dismiss)
    expect(dismissed.text).toBe(`${questionsOf(dismissed.chatId)} were dismissed; read the chat.`)
    const settle = { toolCallId: 'call_1', output: answer }
    const answered = await answeredAfter((chatId) => app.call('POST', `${chatPath(chatId)}/settle`, settle))
    expect(answered.text).toBe(`${questionsOf(answered.chatId)} were answered elsewhere; read the chat.`)
    const expired = await answeredAfter(async () => {
      clock.now = new Date(clock.now.getTime() + 61_000)
      expect(await app.frogbot.maintain()).toMatchObject({ expired: 1 })
    })
    expect(expired.text).toBe(`${questionsOf(expired.chatId)} expired without an answer; read the chat.`)
    // Calls of one step that ended differently are told one by one.
    const mixed = await answeredAfter(async (chatId) => {
      await app.call('POST', `${chatPath(chatId)}/settle`, settle)
      await app.call('POST', `${chatPath(chatId)}/settle`, { toolCallId: 'call_2', dismissed: true })
    })
    const each = 'call "call_1" was answered elsewhere; call "call_2" was dismissed'
    expect(mixed.text).toBe(`${questionsOf(mixed.chatId)} were closed elsewhere: ${each}; read the chat.`)
  })

  it('a form field of the wrong type is refused naming it and its type; asked again', async () => {
    const extras = [{ label: 'Window' }, { label: 'Lock' }]
    const asked = {
      questions: [
        colorQuestion.questions[0],
        { header: 'Extras', question: 'What should it have?', options: extras, multiple: true }
      ]
    }
    const asking = toolStep([{ toolCallId: 'call_1', toolName: 'question', input: asked }], 'Let me ask.')
    const model = scriptedModel([asking, textStep('Blue with a lock.')])
    const app = await served(model)
    const pick = (sent: string) => `q0 ("Color"): must be a string (one of the options), not ${sent}`
    const own = 'q0_custom ("Color"): must be a string (your own answer), not true'
    const picks = 'q1 ("Extras"): must be a list of strings (the options picked), not a string'
    const sent = [
      [{ q0: 5, q1: ['Lock'] }, pick('a number')],
      [{ q0: ['Blue'], q1: ['Lock'] }, pick('a list')],
      [{ q0: 'Blue', q0_custom: true, q1: ['Lock'] }, own],
      [{ q0: 'Blue', q1: 'Lock' }, picks],
      [{ q0: 'Blue', q1: ['Lock'] }, null]
    ] as const
    const { forms, result, client } = await formsSent(app, sent)
    sent.forEach(([, refusal], at) => {
      const again = `${refusal}; answer again.\n\nWhich color?\nWhat should it have?`
      if (refusal) expect(forms[at + 1]!.message).toBe(again)
    })
    const done = { status: 'complete', text: 'Blue with a lock.' }
    expect(result.structuredContent, JSON.stringify(result)).toMatchObject(done)
    const chatId = (result.structuredContent as any).chatId
    const chat = await app.call('GET', `/api/agents/planner/chats/${chatId}`)
    const settled = { toolCallId: 'call_1', outcome: 'answered' }
    expect(chat.json.messages.at(-1).settlements).toMatchObject([settled])
    const answers = [{ header: 'Color', selected: ['Blue'] }, { header: 'Extras', selected: ['Lock'] }]
    const part = chat.json.messages.at(-1).parts.find((entry: any) => entry.toolCallId === 'call_1')
    expect(part.output).toEqual({ answers })
    await client.close()
  })

  it('a declined form dismisses the question', async () => {
    const model = scriptedModel([toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }], 'Let me ask.'), textStep('Never said.')])
    const app = await served(model)
    const client = await mcpClient({ fetch: app.frogbot.fetch, token: app.token, elicit: async () => ({ action: 'decline' }) })
    const result = await client.callTool({ name: 'agent_planner', arguments: { prompt: 'Paint the shed' } })
    expect(result.structuredContent).toMatchObject({ status: 'dismissed' })
    const chat = await app.call('GET', `/api/agents/planner/chats/${(result.structuredContent as any).chatId}`)
    expect(chat.json.messages.at(-1).settlements).toMatchObject([{ toolCallId: 'call_1', outcome: 'dismissed' }])
    await client.close()
  })

  it('is off unless mcp.enabled', async () => {
    const app = await testFrogbot({ model: scriptedModel([textStep('Hi.')]) })
    cleanup = app.close
    const response = await app.frogbot.fetch(new Request('http://localhost/mcp', { method: 'POST', headers: { authorization: `Bearer ${app.token}` }, body: '{}' }))
    expect(response.status).toBe(404)
  })
})

describe('the mcp option', () => {
  const problemsOf = (mcp: unknown) => configProblems(() => buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question] }], mcp } as never))

  it('names the field and the rule of each bad value, and a misspelt key', () => {
    expect(problemsOf({ enabled: 'yes', agent: 'nobody', waitSeconds: 0, stateSeconds: 5, enabeld: true })).toEqual([
      'mcp.enabeld: unknown option; did you mean enabled?',
      'mcp.enabled: must be true or false',
      'mcp.agent: "nobody" must be the slug of one of the agents',
      'mcp.waitSeconds: must be a whole number of seconds from 1 to 60',
      'mcp.stateSeconds: must be a whole number of seconds from 60 to 86400'
    ])
    expect(problemsOf({ enabled: true, agent: 'planner', waitSeconds: 20 })).toEqual([])
  })
})

/**
 * `tools/call` of `agent_planner` over raw JSON-RPC (2026-07-28, a client with form elicitation), as
 * `app`'s token: resolves the JSON-RPC `result`.
 */
function rawAgentCall(app: { token: string; frogbot: { fetch: (request: Request) => Promise<Response> } }) {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } }
  }
  const headers = {
    authorization: `Bearer ${app.token}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-method': 'tools/call',
    'mcp-name': 'agent_planner',
    'mcp-protocol-version': '2026-07-28'
  }
  return async (params: Record<string, unknown>) => {
    const named = { name: 'agent_planner', ...params, _meta: meta }
    const rpc = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: named }
    const request = new Request('http://localhost/mcp', { method: 'POST', headers, body: JSON.stringify(rpc) })
    return (await (await app.frogbot.fetch(request)).json()).result
  }
}
