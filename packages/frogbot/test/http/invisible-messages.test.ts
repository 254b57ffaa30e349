import { afterEach, describe, expect, it } from 'vitest'
import { promptedModel } from '../../src/testing/prompted-model.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { mcpClient } from '../protocols/mcp-client-kit.ts'

// A message of only characters nobody sees (zero-width spaces and joiners, word joiner, BOM, bidi
// marks and controls, variation selectors, Hangul fillers, U+034F) was sent as if it said
// something, while a title of them was refused. Every door that takes a message now refuses it
// exactly as a blank one: the same status and body, naming the same field, nothing stored.
// Likewise a message of only control characters (U+0001, an escape, DEL, C1's NEL; NUL has its
// own rule), alone or beside white space and invisible ones, was sent as if it said something.
// So was one of only U+2800 (braille pattern blank) or of a lone combining accent (U+0301).

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const INVISIBLE = [
  '\u200b',
  '\u200c\u200d',
  '\u2060',
  '\ufeff',
  '\u200e\u202e\u2066',
  '\ufe0f\u{e0100}',
  '\u3164\u115f\uffa0',
  '\u034f',
  ' \u200b\n\t\u00ad ',
  '\u0001',
  '\u001b',
  '\u007f',
  '\u0085',
  ' \u001b\u200b\u0007\n\u009f\t',
  // The braille pattern blank, Hangul fillers, and combining marks with no letter to sit on.
  '\u2800',
  '\u3164\u2800 \u1160',
  '\u0301',
  '\u200b\u0301\u0308'
]

async function app() {
  const config = { mcp: { enabled: true, waitSeconds: 1 } }
  const made = await testFrogbot({ model: promptedModel(), config })
  cleanups.push(made.close)
  return made
}

describe('a message of only invisible characters is refused as a blank one', () => {
  it('useChat, prompt, edits (sent or queued) and AG-UI: the blank answer, nothing stored', async () => {
    const { call, frogbot } = await app()
    const asked = await call('POST', '/api/agents/planner', { prompt: 'Paint the shed: ask color' })
    expect(asked.json.status).toBe('awaiting-input')
    const chatId = asked.json.chatId as string
    const queued = await call('POST', '/api/agents/planner', { chatId, prompt: 'And the fence?' })
    expect(queued.status).toBe(202)
    const chatPath = `/api/agents/planner/chats/${chatId}`
    const store = storeOf(frogbot)
    const stored = async () => ({
      messages: await store.getMessages(chatId),
      queued: await store.getQueued(chatId),
      pending: await store.getPendingCalls(chatId)
    })
    const before = await stored()
    const firstId = before.messages[0]!.id
    const textPart = (text: string) => ({ type: 'text', text })
    const userMessage = (text: string, id = 'u_new') =>
      ({ id, role: 'user', parts: [textPart(text), textPart(text)] })
    const agUi = '/api/agents/planner/ag-ui'
    const agUiBody = (threadId: string, content: unknown) =>
      ({ threadId, runId: 'r2', messages: [{ id: 'u_new', role: 'user', content }] })
    const requests: [string, string, (text: string) => unknown][] = [
      ['POST', '/api/agents/planner', (text) => ({ prompt: text })],
      ['POST', '/api/agents/planner', (text) => ({ messages: [userMessage(text)] })],
      ['POST', '/api/agents/planner', (text) => ({ id: chatId, messages: [userMessage(text)] })],
      ['PUT', `${chatPath}/messages/${firstId}`, (text) => ({ text })],
      ['PATCH', `${chatPath}/messages/${queued.json.messageId}`, (text) => ({ text })],
      ['POST', '/api/agents/planner', (text) =>
        ({ id: chatId, messageId: firstId, messages: [userMessage(text, firstId)] })],
      ['POST', agUi, (text) => agUiBody(chatId, text)],
      ['POST', agUi, (text) => agUiBody('agui-invisible-thread-01', [textPart(text)])]
    ]
    for (const [method, path, body] of requests) {
      const blank = await call(method, path, body('   '))
      expect(blank.status, `${method} ${path}`).toBe(400)
      expect(blank.json.error, `${method} ${path}`).toMatch(/^(prompt|text|messages\.0\.(parts|content)): /)
      for (const text of INVISIBLE) {
        const refused = await call(method, path, body(text))
        const named = `${method} ${path} ${JSON.stringify(text)}`
        const same = { status: blank.status, json: blank.json }
        expect({ status: refused.status, json: refused.json }, named).toEqual(same)
      }
    }
    expect(await stored()).toEqual(before)
    expect((await call('GET', '/api/chats')).json.chats).toHaveLength(1)
  })

  it('the MCP agent tool: a tool error naming prompt, as for a blank prompt, and no chat', async () => {
    const { call, frogbot, token } = await app()
    const client = await mcpClient({ fetch: frogbot.fetch, token })
    cleanups.push(() => client.close())
    const blank = await client.callTool({ name: 'agent_planner', arguments: { prompt: '   ' } })
    expect(blank.isError).toBe(true)
    expect(JSON.stringify(blank.content)).toContain('prompt: must not be empty or blank')
    for (const text of INVISIBLE) {
      const refused = await client.callTool({ name: 'agent_planner', arguments: { prompt: text } })
      const answer = { isError: refused.isError, content: refused.content }
      expect(answer, JSON.stringify(text)).toEqual({ isError: blank.isError, content: blank.content })
    }
    expect((await call('GET', '/api/chats')).json.chats).toEqual([])
  })

  it('a typed answer of only invisible characters, with nothing selected, is refused as a blank one', async () => {
    const { call } = await app()
    const asked = await call('POST', '/api/agents/planner', { prompt: 'Paint the shed: ask color' })
    const [pending] = asked.json.pending as { toolCallId: string }[]
    const settle = `/api/agents/planner/chats/${asked.json.chatId}/settle`
    const answer = (custom: string) =>
      ({ toolCallId: pending.toolCallId, output: { answers: [{ header: 'Color', selected: [], custom }] } })
    const blank = await call('POST', settle, answer('   '))
    expect(blank.status).toBe(400)
    expect(blank.json.error).toContain('nothing is selected and the custom answer is empty')
    for (const text of INVISIBLE) {
      const refused = await call('POST', settle, answer(text))
      expect({ status: refused.status, json: refused.json }, JSON.stringify(text)).toEqual({ status: 400, json: blank.json })
    }
    expect((await call('POST', settle, answer('\u200bTeal'))).status).toBe(200)
  })

  it('text beside the invisible characters is a message: it is sent as written', async () => {
    const { call } = await app()
    const sent = await call('POST', '/api/agents/planner', { prompt: '\u200bPaint the shed\u200b' })
    expect(sent.status).toBe(200)
    const chat = await call('GET', `/api/agents/planner/chats/${sent.json.chatId}`)
    expect(chat.json.messages[0].parts).toEqual([{ type: 'text', text: '\u200bPaint the shed\u200b' }])
    // A combining accent beside its letter shows: `e\u0301` is `é`.
    const accented = await call('POST', '/api/agents/planner', { prompt: 'e\u0301' })
    expect(accented.status).toBe(200)
  })
})
