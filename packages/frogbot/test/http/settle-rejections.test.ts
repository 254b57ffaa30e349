import { afterEach, describe, expect, it } from 'vitest'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { pickFile } from '../seed/pick-file.seed.ts'

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

async function waitingChat() {
  const model = scriptedModel([toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }]), textStep('Done.')])
  const app = await testFrogbot({ model })
  cleanup = app.close
  const first = await app.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
  const chatId = first.json.chatId as string
  const snapshot = async () => app.call('GET', `/api/agents/planner/chats/${chatId}`).then((response) => response.json)
  return { ...app, model, chatId, snapshot, settleURL: `/api/agents/planner/chats/${chatId}/settle` }
}

const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }

describe('settle rejections change nothing stored', () => {
  it('a label that was not offered is 400 invalid-output naming it', async () => {
    const { call, settleURL, snapshot, model } = await waitingChat()
    const before = await snapshot()
    const response = await call('POST', settleURL, { toolCallId: 'call_1', output: { answers: [{ header: 'Color', selected: ['Green'] }] } })
    expect(response.status).toBe(400)
    expect(response.json.code).toBe('invalid-output')
    expect(response.json.error).toContain('"Green" was not offered')
    expect(await snapshot()).toEqual(before)
    expect(model.doStreamCalls).toHaveLength(1)
  })

  it('an output that breaks the schema is 400 invalid-output naming the field', async () => {
    const { call, settleURL, snapshot } = await waitingChat()
    const before = await snapshot()
    const response = await call('POST', settleURL, { toolCallId: 'call_1', output: { answers: 'Blue' } })
    expect(response.status).toBe(400)
    expect(response.json).toMatchObject({ code: 'invalid-output' })
    expect(response.json.error).toMatch(/^output\.answers: /)
    expect(await snapshot()).toEqual(before)
  })

  it("a key a client tool's outputSchema does not know is 400 invalid-output naming it, not dropped", async () => {
    const model = scriptedModel([toolStep([{ toolCallId: 'call_f', toolName: 'pick_file', input: { files: ['a.txt', 'b.txt'] } }]), textStep('Done.')])
    const app = await testFrogbot({ model, tools: [pickFile] })
    cleanup = app.close
    const chatId = (await app.call('POST', '/api/agents/planner', { prompt: 'Pick one' })).json.chatId as string
    const settleURL = `/api/agents/planner/chats/${chatId}/settle`
    const before = (await app.call('GET', `/api/agents/planner/chats/${chatId}`)).json
    const extra = await app.call('POST', settleURL, { toolCallId: 'call_f', output: { file: 'a.txt', extra: 1 } })
    expect(extra.status).toBe(400)
    expect(extra.json).toMatchObject({ code: 'invalid-output', error: 'output.extra: not a field of "pick_file"\'s output' })
    const proto = await app.call('POST', settleURL, { toolCallId: 'call_f', output: JSON.parse('{"file":"a.txt","__proto__":{"admin":true}}') })
    expect(proto.json).toMatchObject({ code: 'invalid-output', error: 'output.__proto__: not a field of "pick_file"\'s output' })
    expect((await app.call('GET', `/api/agents/planner/chats/${chatId}`)).json).toEqual(before)
    expect((await app.call('POST', settleURL, { toolCallId: 'call_f', output: { file: 'a.txt' } })).status).toBe(200)
  })

  it('an unknown call is 404 call-not-found', async () => {
    const { call, settleURL, snapshot } = await waitingChat()
    const before = await snapshot()
    const response = await call('POST', settleURL, { toolCallId: 'call_nope', output: blue })
    expect(response.status).toBe(404)
    expect(response.json.code).toBe('call-not-found')
    expect(await snapshot()).toEqual(before)
    // A call id of 900 KB is named clipped, not sent back whole.
    const huge = await call('POST', settleURL, { toolCallId: 'x'.repeat(900_000), output: blue })
    expect(huge.status).toBe(404)
    expect(huge.json.error).toMatch(/^No pending call "x{99}…" in this chat\.$/)
  })

  it.each([
    ['no toolCallId', { output: blue }, /^toolCallId: is required/],
    ['neither output nor dismissed', { toolCallId: 'call_1' }, /^body: send exactly one of "output", "dismissed": true or "approved"$/],
    ['both output and dismissed', { toolCallId: 'call_1', output: blue, dismissed: true }, /exactly one of/],
    ['dismissed: false', { toolCallId: 'call_1', dismissed: false }, /^dismissed: /],
    ['an unknown field', { toolCallId: 'call_1', output: blue, answer: 1 }, /unknown field "answer"/],
    ['nothing in it', '', /^body: is empty; send a JSON object$/],
    ['only whitespace', ' \n', /^body: is empty; send a JSON object$/],
    ['not JSON', '{"toolCallId":', /^body: not valid JSON/],
    ['form fields instead of JSON', 'toolCallId=call_1&dismissed=true', /^body: not valid JSON/],
    ['a JSON array', '[1]', /^body: must be a JSON object/],
    ['bytes that are not UTF-8', new Uint8Array([...Buffer.from('{"toolCallId":"call_1","dismissed":true,"x":"'), 0xff, 0xfe, ...Buffer.from('"}')]), /^body: not valid UTF-8$/]
  ])('a body with %s is 400 without a code', async (_name, body, message) => {
    const { call, settleURL, snapshot } = await waitingChat()
    const before = await snapshot()
    const response = await call('POST', settleURL, body)
    expect(response.status).toBe(400)
    expect(response.json.code).toBeUndefined()
    expect(response.json.error).toMatch(message)
    expect(await snapshot()).toEqual(before)
  })

  it('JSON sent as text/plain or as a form (curl -d without a content type) is read as JSON', async () => {
    const { call, settleURL, chatId } = await waitingChat()
    const plain = await call('POST', settleURL, { toolCallId: 'call_1', output: blue }, { 'content-type': 'text/plain' })
    expect(plain).toMatchObject({ status: 200, json: { status: 'complete', settlement: { toolCallId: 'call_1', outcome: 'answered' } } })
    // An empty body is still fine where nothing is required: stop.
    const stop = await call('POST', `/api/agents/planner/chats/${chatId}/stop`, '', { 'content-type': 'application/x-www-form-urlencoded' })
    expect(stop).toMatchObject({ status: 200, json: { chatId, stopped: false } })
  })

  it('a UTF-8 byte order mark before the JSON is ignored, as RFC 8259 allows (docs/http/errors.md)', async () => {
    const { call, settleURL } = await waitingChat()
    const body = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(JSON.stringify({ toolCallId: 'call_1', output: blue }))])
    expect(await call('POST', settleURL, body)).toMatchObject({ status: 200, json: { settlement: { toolCallId: 'call_1', outcome: 'answered' } } })
  })

  it('an empty body elsewhere says it is empty, and one with nothing required is {}', async () => {
    const { call, chatId } = await waitingChat()
    for (const [method, path] of [['POST', '/api/agents/planner'], ['PATCH', `/api/agents/planner/chats/${chatId}`], ['PUT', `/api/agents/planner/chats/${chatId}/messages/msg_1`]]) {
      expect(await call(method, path, ''), `${method} ${path}`).toMatchObject({ status: 400, json: { error: 'body: is empty; send a JSON object' } })
    }
    const login = await call('POST', '/api/auth/login', '')
    expect(login).toMatchObject({ status: 400, json: { error: 'body: is empty; send a JSON object' } })
    const branched = await call('POST', `/api/agents/planner/chats/${chatId}/branch`, '')
    expect(branched.status).toBe(201)
  })

  it('a second settle is 409 already-settled with the stored answer, and the model runs once', async () => {
    const { call, settleURL, model, snapshot } = await waitingChat()
    expect((await call('POST', settleURL, { toolCallId: 'call_1', output: blue })).status).toBe(200)
    const after = await snapshot()
    const again = await call('POST', settleURL, { toolCallId: 'call_1', output: { answers: [{ header: 'Color', selected: ['Red'] }] } })
    expect(again.status).toBe(409)
    expect(again.json.code).toBe('already-settled')
    expect(again.json.settlement).toMatchObject({ toolCallId: 'call_1', outcome: 'answered', part: { output: blue } })
    const dismissAfter = await call('POST', settleURL, { toolCallId: 'call_1', dismissed: true })
    expect(dismissAfter.status).toBe(409)
    expect(await snapshot()).toEqual(after)
    expect(model.doStreamCalls).toHaveLength(2)
  })

  it('without a bearer token the chat is 401, and a wrong token is 401', async () => {
    const { frogbot, settleURL, chatId, snapshot } = await waitingChat()
    const before = await snapshot()
    for (const headers of [{}, { authorization: 'Bearer fbt_not-a-real-token-at-all' }, { authorization: 'Basic abc' }] as Record<string, string>[]) {
      for (const [method, path, body] of [
        ['POST', settleURL, { toolCallId: 'call_1', output: blue }],
        ['GET', `/api/agents/planner/chats/${chatId}/pending`, undefined],
        ['POST', '/api/agents/planner', { prompt: 'hi' }]
      ] as const) {
        const response = await frogbot.fetch(
          new Request(`http://localhost${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body && JSON.stringify(body) })
        )
        expect(response.status, `${method} ${path} with ${JSON.stringify(headers)}`).toBe(401)
        expect(response.headers.get('www-authenticate')).toBe('Bearer')
      }
    }
    expect(await snapshot()).toEqual(before)
  })

  it('dismiss records "Dismissed by the user." and does not call the model', async () => {
    const { call, settleURL, model, snapshot } = await waitingChat()
    const response = await call('POST', settleURL, { toolCallId: 'call_1', dismissed: true })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ status: 'dismissed', state: 'idle', settlement: { outcome: 'dismissed', part: { state: 'output-error', errorText: 'Dismissed by the user.' } } })
    expect(model.doStreamCalls).toHaveLength(1)
    const chat = await snapshot()
    expect(chat.chat.state).toBe('idle')
    expect(chat.pending).toEqual([])
  })
})
