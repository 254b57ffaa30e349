import { HttpAgent, buildResumeArray } from '@ag-ui/client'
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

const answer = { answers: [{ header: 'Color', selected: ['Blue'] }] }
const threadId = 'agui-thread-0123456789abcdef'

async function plannerAgent(steps = [toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }], 'Let me ask.'), textStep('Blue it is.'), textStep('Done.')]) {
  const model = scriptedModel(steps)
  const app = await testFrogbot({ model })
  cleanup = app.close
  const agent = new HttpAgent({
    url: 'http://localhost/api/agents/planner/ag-ui',
    headers: { authorization: `Bearer ${app.token}` },
    threadId,
    fetch: (url, init) => app.frogbot.fetch(new Request(url, init))
  })
  const events: { type: string; [key: string]: unknown }[] = []
  const subscriber = { onEvent: ({ event }: { event: any }) => void events.push(event) }
  return { ...app, agent, events, subscriber, model }
}

describe('the AG-UI door', () => {
  it('a run that reaches a question ends with one interrupt per pending call; a resume settles it and continues', async () => {
    const { agent, events, subscriber, call } = await plannerAgent()
    agent.addMessage({ id: 'u_1', role: 'user', content: 'Paint the shed' })
    await agent.runAgent({}, subscriber)
    const types = events.map((event) => event.type)
    expect(types[0]).toBe('RUN_STARTED')
    expect(types).toEqual(expect.arrayContaining(['TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'MESSAGES_SNAPSHOT', 'STATE_SNAPSHOT']))
    const finished = events.at(-1)!
    expect(finished).toMatchObject({ type: 'RUN_FINISHED', threadId, outcome: { type: 'interrupt', interrupts: [{ id: 'call_1', toolCallId: 'call_1', reason: 'question' }] } })
    expect((finished as any).outcome.interrupts[0].responseSchema).toMatchObject({ type: 'object', required: ['answers'] })
    expect(agent.pendingInterrupts.map((interrupt) => interrupt.id)).toEqual(['call_1'])
    // The chat is the thread.
    expect((await call('GET', `/api/agents/planner/chats/${threadId}/pending`)).json).toMatchObject({ state: 'awaiting', pending: [{ toolCallId: 'call_1' }] })

    events.length = 0
    await agent.runAgent({ resume: buildResumeArray(agent.pendingInterrupts, { call_1: { status: 'resolved', payload: answer } }) }, subscriber)
    expect(events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'success' } })
    const text = events.filter((event) => event.type === 'TEXT_MESSAGE_CONTENT').map((event) => event.delta).join('')
    expect(text).toBe('Blue it is.')
    const chat = await call('GET', `/api/agents/planner/chats/${threadId}`)
    expect(chat.json.chat.state).toBe('idle')
    expect(chat.json.messages.at(-1).settlements).toMatchObject([{ toolCallId: 'call_1', outcome: 'answered' }])
  })

  // `message` held the question tool's description for the model ("Ask the user one or more
  // multiple-choice questions…"), which an AG-UI client shows to the person.
  it("an interrupt's message is what the call asks a person, as a notice says it: the question", async () => {
    const sizes = { header: 'Size', question: 'Which size?', options: [{ label: 'S' }, { label: 'L' }] }
    const two = { questions: [...colorQuestion.questions, sizes] }
    const { agent, subscriber } = await plannerAgent([
      toolStep([
        { toolCallId: 'call_1', toolName: 'question', input: colorQuestion },
        { toolCallId: 'call_2', toolName: 'question', input: two }
      ])
    ])
    agent.addMessage({ id: 'u_1', role: 'user', content: 'Paint the shed' })
    await agent.runAgent({}, subscriber)
    expect(agent.pendingInterrupts.map((interrupt) => [interrupt.id, interrupt.message])).toEqual([
      ['call_1', 'Which color?'],
      ['call_2', '2 questions: Color, Size']
    ])
  })

  it('cancelled dismisses the question: the model is not called again', async () => {
    const { agent, events, subscriber, call } = await plannerAgent()
    agent.addMessage({ id: 'u_1', role: 'user', content: 'Paint the shed' })
    await agent.runAgent({}, subscriber)
    events.length = 0
    await agent.runAgent({ resume: buildResumeArray(agent.pendingInterrupts, { call_1: { status: 'cancelled' } }) }, subscriber)
    expect(events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'success' } })
    expect(events.some((event) => event.type === 'TEXT_MESSAGE_CONTENT')).toBe(false)
    const chat = await call('GET', `/api/agents/planner/chats/${threadId}`)
    expect(chat.json.messages.at(-1).settlements).toMatchObject([{ toolCallId: 'call_1', outcome: 'dismissed' }])
  })

  // AG-UI's cancellation carries no payload (`buildResumeArray` drops one): a reason sent there was
  // ignored, the question dismissed without it. It is refused, and nothing settles.
  it('a cancelled entry with a payload is 400 naming resume.N.payload; nothing settles', async () => {
    const { agent, subscriber, call } = await plannerAgent()
    agent.addMessage({ id: 'u_1', role: 'user', content: 'Paint the shed' })
    await agent.runAgent({}, subscriber)
    for (const payload of [{ reason: 'not now' }, 'not now', answer, false]) {
      const resume = [{ interruptId: 'call_1', status: 'cancelled', payload }]
      const body = { threadId, runId: 'r2', messages: [], resume }
      const refused = await call('POST', '/api/agents/planner/ag-ui', body)
      expect(refused.status, JSON.stringify(payload)).toBe(400)
      expect(refused.json.error).toBe(
        'resume.0.payload: a "cancelled" entry takes no payload (AG-UI\'s cancellation carries none);' +
          ' to dismiss with a reason, send "dismissed": true and "reason" to' +
          ' POST /api/agents/:slug/chats/:chatId/settle'
      )
    }
    const waiting = { state: 'awaiting', pending: [{ toolCallId: 'call_1' }] }
    expect((await call('GET', `/api/agents/planner/chats/${threadId}/pending`)).json).toMatchObject(waiting)
    // Without a payload the question is dismissed.
    const resume = [{ interruptId: 'call_1', status: 'cancelled' }]
    const body = { threadId, runId: 'r3', messages: [], resume }
    const dismissed = await call('POST', '/api/agents/planner/ag-ui', body)
    expect(dismissed.status).toBe(200)
    const chat = await call('GET', `/api/agents/planner/chats/${threadId}`)
    const settled = [{ toolCallId: 'call_1', outcome: 'dismissed' }]
    expect(chat.json.messages.at(-1).settlements).toMatchObject(settled)
  })

  // `payload: null` was read as none (a "cancelled" entry dismissed, a "resolved" one answered with
  // null) and `forwardedProps: null` taken, though @ag-ui/core 1.0's schemas refuse null for both
  // (`z.any().refine((value) => value !== null).optional()`). Refused, naming the field.
  it('a null payload or forwardedProps is 400 naming it, as AG-UI refuses it; nothing runs', async () => {
    const { agent, subscriber, call } = await plannerAgent()
    agent.addMessage({ id: 'u_1', role: 'user', content: 'Paint the shed' })
    await agent.runAgent({}, subscriber)
    const none = "must not be null; leave it out for none (AG-UI's ResumeEntry)"
    for (const status of ['cancelled', 'resolved']) {
      const resume = [{ interruptId: 'call_1', status, payload: null }]
      const body = { threadId, runId: 'r2', messages: [], resume }
      const refused = await call('POST', '/api/agents/planner/ag-ui', body)
      expect(refused.status, status).toBe(400)
      expect(refused.json.error, status).toBe(`resume.0.payload: ${none}`)
    }
    const resume = [{ interruptId: 'call_1', status: 'resolved', payload: answer }]
    const forwarded = { threadId, runId: 'r3', messages: [], resume, forwardedProps: null }
    const refused = await call('POST', '/api/agents/planner/ag-ui', forwarded)
    expect(refused.status).toBe(400)
    const noProps = "must not be null; leave it out for none (AG-UI's RunAgentInput)"
    expect(refused.json.error).toBe(`forwardedProps: ${noProps}`)
    const waiting = { state: 'awaiting', pending: [{ toolCallId: 'call_1' }] }
    expect((await call('GET', `/api/agents/planner/chats/${threadId}/pending`)).json).toMatchObject(waiting)
    // A new run with `forwardedProps: null` runs nothing either; `state: null` is none, as AG-UI reads it.
    const fresh = randomUUID()
    const message = { id: 'u_9', role: 'user', content: 'Hi' }
    const run = { threadId: fresh, runId: 'r4', messages: [message], forwardedProps: null }
    expect((await call('POST', '/api/agents/planner/ag-ui', run)).status).toBe(400)
    expect((await call('GET', `/api/agents/planner/chats/${fresh}`)).status).toBe(404)
    const { forwardedProps: _none, ...withoutProps } = run
    const stateless = await call('POST', '/api/agents/planner/ag-ui', { ...withoutProps, state: null })
    expect(stateless.status).toBe(200)
  })

  // Resuming a question a person stopped in the chat (POST …/stop) was told "This call was already
  // settled; the first answer wins.": nobody answered it. The refusal says how it ended.
  it('a resume of a question stopped in the chat is 409 already-settled: cancelled by Stop', async () => {
    const { agent, subscriber, call } = await plannerAgent()
    agent.addMessage({ id: 'u_1', role: 'user', content: 'Paint the shed' })
    await agent.runAgent({}, subscriber)
    const stopped = await call('POST', `/api/agents/planner/chats/${threadId}/stop`)
    expect(stopped.json).toMatchObject({ stopped: true })
    const resume = [{ interruptId: 'call_1', status: 'resolved', payload: answer }]
    const body = { threadId, runId: 'r2', messages: [], resume }
    const late = await call('POST', '/api/agents/planner/ag-ui', body)
    expect(late.status).toBe(409)
    const error = 'This call was cancelled: the turn was stopped; it can no longer be settled.'
    const settlement = { outcome: 'cancelled' }
    expect(late.json).toMatchObject({ code: 'already-settled', error, settlement })
  })

  it('a resume must answer every open interrupt together (409 pending-calls otherwise)', async () => {
    const both = toolStep([
      { toolCallId: 'call_1', toolName: 'question', input: colorQuestion },
      { toolCallId: 'call_2', toolName: 'question', input: colorQuestion }
    ])
    const { agent, subscriber, call } = await plannerAgent([both, textStep('Both answered.')])
    agent.addMessage({ id: 'u_1', role: 'user', content: 'Paint two sheds' })
    await agent.runAgent({}, subscriber)
    expect(agent.pendingInterrupts.map((interrupt) => interrupt.id)).toEqual(['call_1', 'call_2'])
    const partial = await call('POST', '/api/agents/planner/ag-ui', { threadId, runId: 'r2', messages: [], resume: [{ interruptId: 'call_1', status: 'resolved', payload: answer }] })
    expect(partial.status).toBe(409)
    expect(partial.json.code).toBe('pending-calls')
    expect((await call('GET', `/api/agents/planner/chats/${threadId}/pending`)).json.pending).toHaveLength(2)
  })

  it('a new message while interrupts are open is queued; the run ends with the same interrupts open', async () => {
    const { agent, subscriber, call, frogbot, token } = await plannerAgent()
    agent.addMessage({ id: 'u_1', role: 'user', content: 'Paint the shed' })
    await agent.runAgent({}, subscriber)
    const response = await frogbot.fetch(
      new Request('http://localhost/api/agents/planner/ag-ui', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ threadId, runId: 'r2', messages: [{ id: 'u_2', role: 'user', content: 'Also the fence' }] })
      })
    )
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).toContain('frogbot.queued')
    expect(text).toContain('"type":"interrupt"')
    const read = await call('GET', `/api/agents/planner/chats/${threadId}`)
    expect(read.json.queued).toMatchObject([{ messageId: 'u_2' }])
  })

  it('frogbot.queued names the id the message is stored under: fresh if another chat has it', async () => {
    const asked = toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }])
    const steps = [asked, textStep('Hi.'), textStep('Blue it is.'), textStep('Fence too.')]
    const { agent, subscriber, call, frogbot, token } = await plannerAgent(steps)
    agent.addMessage({ id: 'u_1', role: 'user', content: 'Paint the shed' })
    await agent.runAgent({}, subscriber)
    // Another chat of the same user already stored a message with the id this client picks next.
    const hello = { id: 'u_shared', role: 'user', parts: [{ type: 'text', text: 'Hello' }] }
    const other = 'other-chat-0123456789'
    expect((await call('POST', '/api/agents/planner', { chatId: other, messages: [hello] })).status).toBe(200)
    const fenceMessage = { id: 'u_shared', role: 'user', content: 'Also the fence' }
    const fence = { threadId, runId: 'r2', messages: [fenceMessage] }
    const SSE = 'text/event-stream'
    const queuedId = async () => {
      const response = await frogbot.fetch(
        new Request('http://localhost/api/agents/planner/ag-ui', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: SSE },
          body: JSON.stringify(fence)
        })
      )
      const queued = /"name":"frogbot.queued","value":(\{[^}]*\})/.exec(await response.text())
      return (JSON.parse(queued![1]!) as { messageId: string }).messageId
    }
    const messageId = await queuedId()
    expect(messageId).not.toBe('u_shared')
    const chatPath = `/api/agents/planner/chats/${threadId}`
    expect((await call('GET', chatPath)).json.queued).toMatchObject([{ messageId, text: 'Also the fence' }])
    // A retry of the same send (its answer lost) is known by the id it was sent with: queued once.
    expect(await queuedId()).toBe(messageId)
    expect((await call('GET', chatPath)).json.queued).toHaveLength(1)
    await call('POST', `${chatPath}/settle`, { toolCallId: 'call_1', output: answer })
    const stored = async () =>
      (await call('GET', chatPath)).json.messages.map((message: { id: string }) => message.id)
    for (let tries = 0; tries < 100 && !(await stored()).includes(messageId); tries++) {
      await new Promise((go) => setTimeout(go, 20))
    }
    expect(await stored()).toContain(messageId)
    expect((await call('GET', `/api/agents/planner/chats/${other}`)).json.messages[0].id).toBe('u_shared')
  })

  it('a resume carrying a new user message settles, then runs it after the continuation', async () => {
    const { agent, events, subscriber, call } = await plannerAgent()
    agent.addMessage({ id: 'u_1', role: 'user', content: 'Paint the shed' })
    await agent.runAgent({}, subscriber)
    events.length = 0
    // The person typed on before answering: HttpAgent sends the history (the snapshot's ids) and the new one.
    agent.addMessage({ id: 'u_2', role: 'user', content: 'Also the fence' })
    const resolved = { call_1: { status: 'resolved' as const, payload: answer } }
    await agent.runAgent({ resume: buildResumeArray(agent.pendingInterrupts, resolved) }, subscriber)
    const queued = { name: 'frogbot.queued', value: { chatId: threadId, messageId: 'u_2' } }
    expect(events.find((event) => event.type === 'CUSTOM')).toMatchObject(queued)
    const read = async () => (await call('GET', `/api/agents/planner/chats/${threadId}`)).json
    const done = async () => {
      const chat = await read()
      return chat.messages.length === 4 && chat.chat.state === 'idle'
    }
    for (let tries = 0; tries < 100 && !(await done()); tries++) await new Promise((go) => setTimeout(go, 20))
    const after = await read()
    expect(after.messages[1].settlements).toMatchObject([{ toolCallId: 'call_1', outcome: 'answered' }])
    const roles = after.messages.map((message: { role: string }) => message.role)
    expect(roles).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect(after.messages[2]).toMatchObject({ id: 'u_2', parts: [{ type: 'text', text: 'Also the fence' }] })
    expect(JSON.stringify(after.messages[3].parts)).toContain('Done.')
  })

  it('a resume that dismisses and carries a new user message runs the message in the same run', async () => {
    const asked = toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }])
    const { agent, events, subscriber, call } = await plannerAgent([asked, textStep('The fence, then.')])
    agent.addMessage({ id: 'u_1', role: 'user', content: 'Paint the shed' })
    await agent.runAgent({}, subscriber)
    events.length = 0
    agent.addMessage({ id: 'u_2', role: 'user', content: 'Never mind, the fence' })
    const cancelled = { call_1: { status: 'cancelled' as const } }
    await agent.runAgent({ resume: buildResumeArray(agent.pendingInterrupts, cancelled) }, subscriber)
    const deltas = events.filter((event) => event.type === 'TEXT_MESSAGE_CONTENT').map((event) => event.delta)
    expect(deltas.join('')).toBe('The fence, then.')
    expect(events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'success' } })
    const after = (await call('GET', `/api/agents/planner/chats/${threadId}`)).json
    expect(after.messages[1].settlements).toMatchObject([{ toolCallId: 'call_1', outcome: 'dismissed' }])
    expect(after.messages[2].id).toBe('u_2')
  })

  it('a resume whose new user message is refused (NUL) settles nothing', async () => {
    const { agent, subscriber, call } = await plannerAgent()
    agent.addMessage({ id: 'u_1', role: 'user', content: 'Paint the shed' })
    await agent.runAgent({}, subscriber)
    const messages = [...agent.messages, { id: 'u_2', role: 'user', content: 'the\u0000fence' }]
    const resume = [{ interruptId: 'call_1', status: 'resolved', payload: answer }]
    const body = { threadId, runId: 'r2', messages, resume }
    const refused = await call('POST', '/api/agents/planner/ag-ui', body)
    expect(refused.status).toBe(400)
    expect(refused.json.error).toBe(`messages.${messages.length - 1}.content: must not contain NUL (U+0000)`)
    const waiting = { state: 'awaiting', pending: [{ toolCallId: 'call_1' }] }
    expect((await call('GET', `/api/agents/planner/chats/${threadId}/pending`)).json).toMatchObject(waiting)
  })

  it("a resume's refused answer names the field the client sent: resume.N.payload…", async () => {
    const { agent, subscriber, call } = await plannerAgent()
    agent.addMessage({ id: 'u_1', role: 'user', content: 'Paint the shed' })
    await agent.runAgent({}, subscriber)
    const payload = { answers: [{ header: 'Color', selected: ['Green'] }] }
    const resume = [{ interruptId: 'call_1', status: 'resolved', payload }]
    const body = { threadId, runId: 'r2', messages: [], resume }
    const refused = await call('POST', '/api/agents/planner/ag-ui', body)
    expect(refused).toMatchObject({ status: 400, json: { code: 'invalid-output' } })
    expect(refused.json.error).toMatch(/^resume\.0\.payload\.answers\[0\] \("Color"\): "Green" was not/)
  })

  // An image in the last message was refused, in an earlier one accepted without a word. Earlier
  // messages are the client's copy of the chat and are not read (the stored chat is its history,
  // as the docs now say): their content is neither sent, nor stored, nor checked.
  it('reads only the last message: an earlier one, image and all, is not sent, stored, checked', async () => {
    const { call, model } = await plannerAgent([textStep('A shed.')])
    const image = { type: 'image', source: { type: 'data', value: 'iVBORw0KGgo=', mimeType: 'image/png' } }
    const earlier = { id: 'u_0', role: 'user', content: [{ type: 'text', text: 'Look at this' }, image] }
    const messages = [earlier, { id: 'u_1', role: 'user', content: 'What is it?' }]
    const run = await call('POST', '/api/agents/planner/ag-ui', { threadId, runId: 'r1', messages })
    expect(run.status).toBe(200)
    const chat = await call('GET', `/api/agents/planner/chats/${threadId}`)
    const stored = chat.json.messages.map(({ id, role }: { id: string; role: string }) => [id, role])
    expect(stored).toEqual([['u_1', 'user'], [expect.any(String), 'assistant']])
    const prompt = JSON.stringify(model.doStreamCalls[0].prompt)
    expect(prompt).toContain('What is it?')
    expect(prompt).not.toContain('Look at this')
    expect(prompt).not.toContain('iVBORw0KGgo=')
  })

  it('refuses a caller without sign-in', async () => {
    const { frogbot } = await plannerAgent()
    const response = await frogbot.fetch(new Request('http://localhost/api/agents/planner/ag-ui', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ threadId, runId: 'r', messages: [] }) }))
    expect(response.status).toBe(401)
  })

  it('a run with no message and no resume is 400 saying so, not naming a message it lacks', async () => {
    const { frogbot, token } = await plannerAgent()
    for (const body of [{ threadId, runId: 'r', messages: [] }, { threadId, runId: 'r', messages: [], resume: [] }]) {
      const response = await frogbot.fetch(new Request('http://localhost/api/agents/planner/ag-ui', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) }))
      expect(response.status).toBe(400)
      expect(((await response.json()) as { error: string }).error).toBe('messages: holds no message; send a user message, or resume the open interrupts')
    }
  })

  it("refuses a key AG-UI's RunAgentInput does not have, naming it, and runs nothing; its own fields pass", async () => {
    const { frogbot, token, call } = await plannerAgent([textStep('Hello.')])
    const post = (body: object) =>
      frogbot.fetch(new Request('http://localhost/api/agents/planner/ag-ui', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) }))
    const message = { id: 'm1', role: 'user', content: 'Hi' }
    const refused = await post({ threadId, runId: 'r', messages: [message], bogus: 1 })
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { error: string }).error).toContain('bogus')
    expect((await call('GET', '/api/chats')).json.chats).toEqual([])
    // The message's content must be text or content parts; a wrong type is named as such.
    for (const content of [5, {}, null]) {
      const wrong = await post({ threadId, runId: 'r', messages: [{ ...message, content }] })
      expect(wrong.status, JSON.stringify(content)).toBe(400)
      const error = "messages.0.content: must be text or a list of content parts (AG-UI's UserMessage)"
      expect(((await wrong.json()) as { error: string }).error).toBe(error)
    }
    const numbered = await post({ threadId, runId: 'r', messages: [{ ...message, content: [{ type: 'text', text: 5 }] }] })
    expect(numbered.status).toBe(400)
    expect(((await numbered.json()) as { error: string }).error).toMatch(/^messages\.0\.content\.0: /)
    // An image or a binary part is refused, alone or beside text, never dropped from what was said.
    const binary = { type: 'binary', mimeType: 'image/png', data: 'iVBORw0KGgo=' }
    for (const content of [[binary], [{ type: 'text', text: 'What is this?' }, binary]]) {
      const refused = await post({ threadId, runId: 'r', messages: [{ ...message, content }] })
      expect(refused.status).toBe(400)
      const at = content.length - 1
      const refusal = `messages.0.content.${at}: a "binary" part is not taken; this door sends text only`
      expect(((await refused.json()) as { error: string }).error).toContain(refusal)
    }
    expect((await call('GET', '/api/chats')).json.chats).toEqual([])
    // The part's type takes its article: "an image part" (it said `a "image" part`).
    const how = 'this door sends text only (send files with useChat or POST /api/agents/:slug)'
    for (const [type, article] of [['image', 'an'], ['audio', 'an'], ['video', 'a'], ['document', 'a']]) {
      const part = { type, source: { type: 'data', value: 'iVBORw0KGgo=', mimeType: 'image/png' } }
      const content = [{ type: 'text', text: 'What is this?' }, part]
      const refused = await post({ threadId, runId: 'r', messages: [{ ...message, content }] })
      expect(refused.status).toBe(400)
      const error = `messages.0.content.1: ${article} "${type}" part is not taken; ${how}`
      expect(((await refused.json()) as { error: string }).error).toBe(error)
    }
    expect((await call('GET', '/api/chats')).json.chats).toEqual([])
    // AG-UI's messages may carry fields of their own (its schema is loose): read, not refused.
    const accepted = await post({ threadId, runId: 'r', parentRunId: 'p', protocolVersion: '1.0', state: {}, tools: [], context: [], forwardedProps: {}, messages: [{ ...message, metadata: { from: 'ui' } }] })
    expect(accepted.status).toBe(200)
    await accepted.text()
  })

  // A resume entry was read leniently: `"foo": 1` beside the answer ran (200), so a misspelt
  // `paylod` would settle the call without its answer. AG-UI's ResumeEntry keys only pass.
  it("a resume entry with a key AG-UI's ResumeEntry lacks is 400 naming resume.N and the key", async () => {
    const { agent, subscriber, call } = await plannerAgent()
    agent.addMessage({ id: 'u_1', role: 'user', content: 'Paint the shed' })
    await agent.runAgent({}, subscriber)
    const resumeWith = (runId: string, resume: object[]) =>
      call('POST', '/api/agents/planner/ag-ui', { threadId, runId, messages: [], resume })
    const resolved = { interruptId: 'call_1', status: 'resolved', payload: answer }
    const entries = [
      [{ interruptId: 'call_1', status: 'cancelled', foo: 1 }, 'resume.0: unknown field "foo"'],
      [{ interruptId: 'call_1', status: 'resolved', paylod: answer }, 'resume.0: unknown field "paylod"'],
      // A `metadata` is AG-UI's own, an object: taken, not read; not an object, refused.
      [{ ...resolved, metadata: 'x' }, "resume.0.metadata: must be an object (AG-UI's Metadata)"]
    ] as const
    for (const [entry, error] of entries) {
      const refused = await resumeWith('r2', [entry])
      expect(refused.status).toBe(400)
      expect(refused.json.error).toBe(error)
    }
    const waiting = { state: 'awaiting', pending: [{ toolCallId: 'call_1' }] }
    expect((await call('GET', `/api/agents/planner/chats/${threadId}/pending`)).json).toMatchObject(waiting)
    const metadata = { signedBy: 'ui' }
    const resumed = await resumeWith('r3', [{ ...resolved, metadata }])
    expect(resumed.status).toBe(200)
    const chat = await call('GET', `/api/agents/planner/chats/${threadId}`)
    const answered = [{ toolCallId: 'call_1', outcome: 'answered' }]
    expect(chat.json.messages.at(-1).settlements).toMatchObject(answered)
  })

  // `"tools": "x"` ran while `"runId": 5` was refused: each RunAgentInput field now holds AG-UI's type.
  it('a RunAgentInput field of the wrong type is 400 naming it, and nothing runs', async () => {
    const { call } = await plannerAgent([textStep('Hello.')])
    const base = { threadId, runId: 'r', messages: [{ id: 'm1', role: 'user', content: 'Hi' }] }
    const pick = { name: 'pick', description: 'Picks' }
    const wrongs: [object, RegExp][] = [
      [{ tools: 'x' }, /^tools: Invalid input: expected array, received string$/],
      [{ tools: {} }, /^tools: /],
      [{ tools: [{ name: 'pick' }] }, /^tools\.0\.description: is required \(string\)$/],
      [{ tools: [{ ...pick, name: 5 }] }, /^tools\.0\.name: /],
      [{ tools: [{ ...pick, parameters: null }] }, /^tools\.0\.parameters: must not be null$/],
      [{ tools: [{ ...pick, metadata: [] }] }, /^tools\.0\.metadata: must be an object/],
      [{ context: 'x' }, /^context: /],
      [{ context: [{ description: 'Page' }] }, /^context\.0\.value: is required \(string\)$/],
      [{ context: [{ description: 'Page', value: 5 }] }, /^context\.0\.value: /],
      [{ parentRunId: 5 }, /^parentRunId: /],
      [{ protocolVersion: 1 }, /^protocolVersion: /],
      [{ runId: 5 }, /^runId: /],
      [{ resume: 'x' }, /^resume: /],
      [{ resume: [{ interruptId: 'call_1', status: 'done' }] }, /^resume\.0\.status: /]
    ]
    for (const [fields, error] of wrongs) {
      const refused = await call('POST', '/api/agents/planner/ag-ui', { ...base, ...fields })
      expect(refused.status, JSON.stringify(fields)).toBe(400)
      expect(refused.json.error, JSON.stringify(fields)).toMatch(error)
    }
    expect((await call('GET', '/api/chats')).json.chats).toEqual([])
    // AG-UI's own shapes pass: tools and context are taken and not read; state and forwardedProps any JSON.
    const tool = { ...pick, parameters: { type: 'object' }, metadata: { ui: 1 } }
    const context = [{ description: 'Page', value: '/shed', source: 'ui' }]
    const ours = { tools: [tool], context, state: 3, forwardedProps: 'x' }
    const accepted = await call('POST', '/api/agents/planner/ag-ui', { ...base, ...ours })
    expect(accepted.status).toBe(200)
  })

  // `"threadId": "abc"` said "(or leave it out to start a new chat)"; left out, it is required.
  it('a threadId that cannot start a chat says how to start one: a new random id', async () => {
    const { call } = await plannerAgent([textStep('Hello.')])
    const messages = [{ id: 'm1', role: 'user', content: 'Hi' }]
    const short = await call('POST', '/api/agents/planner/ag-ui', { threadId: 'abc', runId: 'r', messages })
    expect(short.status).toBe(400)
    const rule = 'threadId: must be 16–128 letters, digits, "_" or "-"'
    expect(short.json.error).toBe(`${rule} (to start a new chat, send a new random one: a UUID does)`)
    const missing = await call('POST', '/api/agents/planner/ag-ui', { runId: 'r', messages })
    expect(missing.status).toBe(400)
    expect(missing.json.error).toBe('threadId: is required (string)')
    expect((await call('GET', '/api/chats')).json.chats).toEqual([])
    // The advice holds: a new random id (a UUID) starts the chat.
    const fresh = { threadId: randomUUID(), runId: 'r', messages }
    const started = await call('POST', '/api/agents/planner/ag-ui', fresh)
    expect(started.status).toBe(200)
    expect((await call('GET', '/api/chats')).json.chats).toHaveLength(1)
  })

  it("an anonymous caller's short threadId is refused with the same advice", async () => {
    const agents = [{ slug: 'open', model: 'fast', access: () => true }]
    const app = await testFrogbot({ model: scriptedModel([textStep('Hello.')]), agents })
    cleanup = app.close
    const messages = [{ id: 'm1', role: 'user', content: 'Hi' }]
    const post = (id: string) =>
      app.frogbot.fetch(
        new Request('http://localhost/api/agents/open/ag-ui', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ threadId: id, runId: 'r', messages })
        })
      )
    const refused = await post('short-but-16-chars')
    expect(refused.status).toBe(400)
    const rule = 'threadId: a chat without an owner needs an id of at least 22 random characters'
    const advice = '(to start a new chat, send a new random one: a UUID does)'
    expect(((await refused.json()) as { error: string }).error).toBe(`${rule} ${advice}`)
    const started = await post(randomUUID())
    expect(started.status).toBe(200)
    await started.text()
  })
})
