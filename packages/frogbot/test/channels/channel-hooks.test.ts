import { type UIMessageChunk } from 'ai'
import { afterEach, describe, expect, it } from 'vitest'
import type { ChannelPiece, EngineEvent, PieceEngine } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// The engine's side of the piece contract: a piece starts with its own engine (the guarded one
// every door uses), receives its webhook's requests, and hears through one event hook what the
// engine did in its chats: turns started (with a reply stream of its own), calls waiting, calls
// settled (whoever settled them), turns ended.

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }
const ada = { userId: 'U1', name: 'Ada', email: 'ada@example.com' }
const say = (text: string, id = `m_${Math.random().toString(36).slice(2)}`) => ({ id, role: 'user' as const, parts: [{ type: 'text' as const, text }] })

async function readText(stream: ReadableStream<UIMessageChunk>) {
  let text = ''
  for await (const chunk of stream) if (chunk.type === 'text-delta') text += chunk.delta
  return text
}

/** A piece that records what it hears: each event in order, and the text of each turn's own reply stream. */
function recordingPiece(overrides: Partial<ChannelPiece> = {}) {
  const events = { seen: [] as EngineEvent[], replies: [] as Promise<string>[], webhooks: [] as string[], closed: 0 }
  let engine!: PieceEngine
  const piece: ChannelPiece = {
    piece: 'test',
    instance: 'hooks',
    label: 'Hooks',
    identity: { by: 'email' },
    supportsKind: (kind) => kind === 'question',
    start: (given) => {
      engine = given
    },
    webhook: async (request) => {
      const body = await request.text()
      events.webhooks.push(body)
      if (body === 'refuse-text') return new Response('Invalid JSON', { status: 400 })
      if (body === 'refuse-json') return Response.json({ error: 'Refused: bad signature.' }, { status: 401 })
      return new Response('ok')
    },
    onEvent: (event) => {
      events.seen.push(event)
      if (event.type === 'turn-started') events.replies.push(readText(event.replyStream()))
    },
    close: () => {
      events.closed++
    },
    ...overrides
  }
  return { piece, events, engine: () => engine }
}

const types = (events: EngineEvent[]) => events.map((event) => event.type)
const until = async (ready: () => boolean) => {
  for (let tries = 0; !ready() && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 10))
}

describe('a channel piece and the engine', () => {
  it('hears every turn of its chats with its own reply stream, the calls that wait, the settlements and the ends, in order; never a web chat', async () => {
    const { piece, events, engine } = recordingPiece()
    const model = scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }], 'Let me ask.'), textStep('Blue it is.'), textStep('Queued one done.'), textStep('A web reply.')])
    const app = await testFrogbot({ model, agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [piece] }] })
    cleanups.push(app.close)

    const sent = await engine().sendMessage({ thread: 'T-1', account: 'W1', message: say('Paint the shed'), participant: ada })
    if (sent.status !== 'started') throw new Error('expected a turn')
    expect(await readText(sent.run.stream)).toBe('Let me ask.')
    expect(await sent.run.result).toMatchObject({ status: 'awaiting-input' })
    await until(() => events.seen.length >= 3)
    expect(types(events.seen)).toEqual(['turn-started', 'calls-waiting', 'turn-ended'])
    expect(events.seen[0].chat).toMatchObject({ id: sent.chatId, state: 'running', channel: { piece: 'test', instance: 'hooks', account: 'W1', thread: 'T-1' }, channelLabel: 'Hooks' })
    expect(events.seen[1]).toMatchObject({ chat: { state: 'awaiting' }, ownerId: app.user.id, pending: [{ toolCallId: 'call_q', toolName: 'question' }] })
    expect(events.seen[2]).toMatchObject({ chat: { state: 'awaiting' }, result: { status: 'awaiting-input' } })
    expect(await events.replies[0]).toBe('Let me ask.')
    expect(await engine().chatOf('T-1')).toMatchObject({ id: sent.chatId, state: 'awaiting' })

    // A message queued behind the question, then the answer: the piece sees the continuation and the queued turn.
    expect(await engine().sendMessage({ thread: 'T-1', message: say('and the fence'), participant: ada })).toMatchObject({ status: 'queued' })
    const outcome = await engine().settle({ chatId: sent.chatId, inputs: [{ toolCallId: 'call_q', output: blue }], participant: ada })
    if (outcome.kind !== 'continued') throw new Error('expected the turn to continue')
    await outcome.run.result
    await until(() => events.replies.length >= 3 && events.seen.at(-1)?.type === 'turn-ended' && types(events.seen).filter((type) => type === 'turn-ended').length === 3)
    expect(types(events.seen).slice(3)).toEqual(['calls-settled', 'turn-started', 'turn-ended', 'turn-started', 'turn-ended'])
    expect(events.seen[3]).toEqual({
      type: 'calls-settled',
      chat: expect.objectContaining({ id: sent.chatId, state: 'running' }),
      settlements: [expect.objectContaining({ toolCallId: 'call_q', outcome: 'answered', by: { channel: { piece: 'test', instance: 'hooks', userId: 'U1', name: 'Ada', email: 'ada@example.com' }, userId: app.user.id }, part: expect.objectContaining({ output: blue }) })]
    })
    expect(await Promise.all(events.replies)).toEqual(['Let me ask.', 'Blue it is.', 'Queued one done.'])

    // A web chat of the same agent reaches no piece.
    const before = events.seen.length
    expect((await app.call('POST', '/api/agents/planner', { prompt: 'on the web' })).json).toMatchObject({ status: 'complete', text: 'A web reply.' })
    expect(events.seen).toHaveLength(before)

    await app.frogbot.close()
    expect(events.closed).toBe(1)
  })

  it("a participant's platform fields reach the agent's access as they are, for a message, an answer and a queued message's turn", async () => {
    const { piece, engine } = recordingPiece({ identity: { by: 'platform-id' } })
    const seen: unknown[] = []
    const model = scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }]), textStep('Blue it is.'), textStep('Queued one done.')])
    const access = ({ req }: { req: { channel?: Record<string, unknown> } }) => (seen.push(req.channel), req.channel?.association === 'member')
    const app = await testFrogbot({ model, agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [piece], access }] })
    cleanups.push(app.close)
    const member = { userId: '583231', name: 'Octo Cat', login: 'octocat', association: 'member', roles: ['maintainers', 'triage'], email: '' }
    const sent = await engine().sendMessage({ thread: 'T-6', message: say('Paint the shed'), participant: member })
    if (sent.status !== 'started') throw new Error('expected a turn')
    await sent.run.result
    expect(await engine().sendMessage({ thread: 'T-6', message: say('and the fence'), participant: member })).toMatchObject({ status: 'queued' })
    // An outsider with the same login but another association is refused: access decides on the fields.
    await expect(engine().sendMessage({ thread: 'T-6', message: say('me too'), participant: { ...member, userId: '9', association: 'none' } })).rejects.toMatchObject({ code: 'forbidden' })
    const outcome = await engine().settle({ chatId: sent.chatId, inputs: [{ toolCallId: 'call_q', output: blue }], participant: member })
    if (outcome.kind !== 'continued') throw new Error('expected the turn to continue')
    await outcome.run.result
    await until(() => seen.length >= 5)
    const fields = { piece: 'test', instance: 'hooks', userId: '583231', name: 'Octo Cat', login: 'octocat', association: 'member', roles: ['maintainers', 'triage'] }
    // The message, the queued message, the outsider, the answer, and the queued message's own turn (run as its sender): the same fields each time, the empty email left out.
    expect(seen.filter((channel) => (channel as { userId: string }).userId === '583231')).toEqual([fields, fields, fields, fields])
    expect(seen).toContainEqual({ ...fields, userId: '9', association: 'none' })
  })

  it('a reply stream is given only while turn-started is handled; a piece that throws is logged, never the turn\'s failure', async () => {
    let late: (() => ReadableStream<UIMessageChunk>) | undefined
    const { piece, engine } = recordingPiece({
      onEvent: (event) => {
        if (event.type !== 'turn-started') return
        late = event.replyStream
        throw new Error('the piece tripped')
      }
    })
    const logs: string[] = []
    const app = await testFrogbot({ model: scriptedModel([textStep('Fine anyway.')]), agents: [{ slug: 'planner', model: 'fast', channels: [piece] }], options: { log: (line) => logs.push(line) } })
    cleanups.push(app.close)
    const sent = await engine().sendMessage({ thread: 'T-3', message: say('hello'), participant: ada })
    if (sent.status !== 'started') throw new Error('expected a turn')
    expect(await readText(sent.run.stream)).toBe('Fine anyway.')
    expect(await sent.run.result).toMatchObject({ status: 'complete' })
    expect(() => late!()).toThrow('replyStream() gives a copy only while turn-started is handled')
    expect(logs).toEqual([expect.stringMatching(/^frogbot: channel hooks failed on turn-started of chat chat_.+: the piece tripped$/)])
  })

  it('hears of calls cancelled by Stop, recorded as the participant who stopped', async () => {
    const { piece, events, engine } = recordingPiece()
    const model = scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }])])
    const app = await testFrogbot({ model, agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [piece] }] })
    cleanups.push(app.close)
    const sent = await engine().sendMessage({ thread: 'T-2', message: say('Paint the shed'), participant: ada })
    if (sent.status !== 'started') throw new Error('expected a turn')
    await sent.run.result
    expect(await engine().stop({ chatId: sent.chatId, participant: ada })).toBe(true)
    expect(events.seen.filter((event) => event.type === 'calls-settled')).toMatchObject([
      { chat: { state: 'idle' }, settlements: [{ toolCallId: 'call_q', outcome: 'cancelled', by: { channel: { userId: 'U1' } }, part: { errorText: 'Cancelled because the user stopped the turn.' } }] }
    ])
  })

  it('its webhook gets the platform\'s requests, bounded, and every refusal is FrogBot\'s flat JSON error with a code', async () => {
    const { piece, events } = recordingPiece()
    const app = await testFrogbot({ model: scriptedModel([]), agents: [{ slug: 'planner', model: 'fast', channels: [piece] }] })
    cleanups.push(app.close)
    const post = (instance: string, body: string) => app.frogbot.fetch(new Request(`http://localhost/api/webhooks/${instance}`, { method: 'POST', body }))
    expect(await (await post('hooks', 'payload=1')).text()).toBe('ok')
    expect(events.webhooks).toEqual(['payload=1'])
    expect((await post('nobody', '{}')).status).toBe(404)
    expect((await post('hooks', 'x'.repeat(2 * 1024 * 1024))).status).toBe(413)
    expect(events.webhooks).toHaveLength(1)
    const refusal = async (body: string) => {
      const answer = await post('hooks', body)
      return { status: answer.status, type: answer.headers.get('content-type'), body: await answer.json() }
    }
    expect(await refusal('refuse-text')).toEqual({ status: 400, type: 'application/json', body: { error: 'Invalid JSON', code: 'bad-request' } })
    expect(await refusal('refuse-json')).toEqual({ status: 401, type: 'application/json', body: { error: 'Refused: bad signature.', code: 'unauthorized' } })
  })
})

describe('the engine a piece gets', () => {
  it('goes through the guarded engine: a blank message is refused at the door, another piece\'s chat is not read, and participants are FrogBot users only as the piece\'s identity says', async () => {
    const email = recordingPiece()
    const platform = recordingPiece({ instance: 'platform', identity: { by: 'platform-id' } })
    const model = scriptedModel([textStep('Hello.'), textStep('Hello again.')])
    const app = await testFrogbot({ model, agents: [{ slug: 'planner', model: 'fast', access: () => true, channels: [email.piece, platform.piece] }] })
    cleanups.push(app.close)

    await expect(email.engine().sendMessage({ thread: 'T-blank', message: say('  \n '), participant: ada })).rejects.toMatchObject({ code: 'bad-request', message: 'message.parts: must not be empty or blank' })
    expect(await email.engine().chatOf('T-blank')).toBeNull()

    expect(await email.engine().userOf(ada)).toMatchObject({ id: app.user.id })
    expect(await email.engine().userOf({ userId: 'U9', email: 'nobody@example.com' })).toBeNull()
    expect(await platform.engine().userOf(ada)).toBeNull()

    const byEmail = await email.engine().sendMessage({ thread: 'T-4', message: say('hi'), participant: ada })
    const byId = await platform.engine().sendMessage({ thread: 'T-4', message: say('hi'), participant: ada })
    if (byEmail.status !== 'started' || byId.status !== 'started') throw new Error('expected turns')
    await Promise.all([byEmail.run.result, byId.run.result])
    // Ada's email makes her the owner where the piece matches by email; by platform id nobody owns the chat.
    expect((await app.frogbot.listChats({ caller: { user: app.user, door: 'http' } })).chats.map((chat) => chat.id)).toEqual([byEmail.chatId])
    expect((await platform.engine().readChat(byId.chatId)).chat.channel).toMatchObject({ instance: 'platform' })
    await expect(platform.engine().readChat(byEmail.chatId)).rejects.toMatchObject({ code: 'not-found' })
    expect((await platform.engine().waitingChats()).map(({ chat }) => chat.id)).toEqual([])
  })

  it('close() waits for a piece\'s call under way, then refuses every call with closed', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let entered!: () => void
    const inAccess = new Promise<void>((resolve) => (entered = resolve))
    const { piece, engine } = recordingPiece()
    const access = async ({ req }: { req: { channel?: unknown } }) => {
      if (req.channel) {
        entered()
        await gate
      }
      return true
    }
    const app = await testFrogbot({ model: scriptedModel([textStep('Taken before the close.')]), agents: [{ slug: 'planner', model: 'fast', access, channels: [piece] }] })
    cleanups.push(app.close)
    const sending = engine().sendMessage({ thread: 'T-5', message: say('hello'), participant: ada })
    await inAccess
    let closed = false
    const closing = app.frogbot.close().then(() => (closed = true))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(closed).toBe(false)
    release()
    const sent = await sending
    expect(sent.status).toBe('started')
    await closing
    await expect(engine().sendMessage({ thread: 'T-5', message: say('again'), participant: ada })).rejects.toMatchObject({ code: 'closed' })
    await expect(engine().chatOf('T-5')).rejects.toMatchObject({ code: 'closed' })
  })
})
