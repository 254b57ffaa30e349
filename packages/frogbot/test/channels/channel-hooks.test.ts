import { type UIMessageChunk } from 'ai'
import { afterEach, describe, expect, it } from 'vitest'
import type { ChannelPiece, PieceEngine, SettlementWithPart } from '../../src/index.ts'
import type { ChatSummary } from '@frogbotai/protocol'
import { question } from '../../src/tools/index.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../helpers/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// The engine's side of the piece contract: a piece starts with its channel engine, receives its
// webhook's requests, sees every turn of its chats with a reply stream of its own, and hears of
// every settled call, whoever settled it.

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }

async function readText(stream: ReadableStream<UIMessageChunk>) {
  let text = ''
  for await (const chunk of stream) if (chunk.type === 'text-delta') text += chunk.delta
  return text
}

function recordingPiece() {
  const events = { turns: [] as { chat: ChatSummary; text: Promise<string> }[], settled: [] as { chat: ChatSummary; settlements: SettlementWithPart[] }[], webhooks: [] as string[], closed: 0 }
  let engine!: PieceEngine
  const piece: Omit<ChannelPiece, 'agentSlug'> = {
    piece: 'test',
    instance: 'hooks',
    label: 'Hooks',
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
    onTurn: ({ chat, run }) => events.turns.push({ chat, text: readText(run.stream) }),
    onSettled: (event) => events.settled.push(event),
    close: () => {
      events.closed++
    }
  }
  return { piece, events, engine: () => engine }
}

const participant = (user: { id: string; email: string; name: string | null } | null) => ({ userId: 'U1', name: 'Ada', email: 'ada@example.com', user })

describe('a channel piece and the engine', () => {
  it('starts with its engine, sees every turn of its chats with its own stream, and hears of settled calls', async () => {
    const { piece, events, engine } = recordingPiece()
    const model = scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }], 'Let me ask.'), textStep('Blue it is.'), textStep('Queued one done.')])
    const app = await testFrogbot({ model, agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [piece] }] })
    cleanups.push(app.close)
    expect(engine()).toBeDefined()
    const ada = participant(app.user)

    const sent = await engine().sendMessage({ thread: 'T-1', account: 'W1', message: { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Paint the shed' }] }, participant: ada })
    if (sent.status !== 'started') throw new Error('expected a turn')
    expect(await readText(sent.run.stream)).toBe('Let me ask.')
    expect(await sent.run.result).toMatchObject({ status: 'awaiting-input' })
    expect(events.turns).toHaveLength(1)
    expect(await events.turns[0].text).toBe('Let me ask.')
    expect(events.turns[0].chat).toMatchObject({ id: sent.chatId, channel: { piece: 'test', instance: 'hooks', account: 'W1', thread: 'T-1' }, channelLabel: 'Hooks' })
    expect(await engine().chatOf('T-1')).toMatchObject({ id: sent.chatId, state: 'awaiting' })

    // A message queued behind the question, then the answer: the piece sees the continuation and the queued turn.
    expect(await engine().sendMessage({ thread: 'T-1', message: { id: 'm2', role: 'user', parts: [{ type: 'text', text: 'and the fence' }] }, participant: ada })).toMatchObject({ status: 'queued' })
    const outcome = await engine().settle({ chatId: sent.chatId, inputs: [{ toolCallId: 'call_q', output: blue }], participant: ada })
    if (outcome.kind !== 'continued') throw new Error('expected the turn to continue')
    await outcome.run.result
    expect(events.settled).toEqual([
      { chat: expect.objectContaining({ id: sent.chatId }), settlements: [expect.objectContaining({ toolCallId: 'call_q', outcome: 'answered', by: { channel: { piece: 'test', userId: 'U1', name: 'Ada' }, userId: app.user.id }, part: expect.objectContaining({ output: blue }) })] }
    ])
    for (let tries = 0; events.turns.length < 3 && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await Promise.all(events.turns.map((turn) => turn.text))).toEqual(['Let me ask.', 'Blue it is.', 'Queued one done.'])

    // The webhook route hands the platform's request to the piece.
    const response = await app.frogbot.fetch(new Request('http://localhost/api/webhooks/hooks', { method: 'POST', body: 'payload=1' }))
    expect(await response.text()).toBe('ok')
    expect(events.webhooks).toEqual(['payload=1'])
    expect((await app.frogbot.fetch(new Request('http://localhost/api/webhooks/nobody', { method: 'POST', body: '{}' }))).status).toBe(404)
    const big = await app.frogbot.fetch(new Request('http://localhost/api/webhooks/hooks', { method: 'POST', body: 'x'.repeat(2 * 1024 * 1024) }))
    expect(big.status).toBe(413)
    expect(events.webhooks).toHaveLength(1)
    // Every refusal is FrogBot's flat JSON error with a code, whatever the piece answered.
    const refusal = async (body: string) => {
      const answer = await app.frogbot.fetch(new Request('http://localhost/api/webhooks/hooks', { method: 'POST', body }))
      return { status: answer.status, type: answer.headers.get('content-type'), body: await answer.json() }
    }
    expect(await refusal('refuse-text')).toEqual({ status: 400, type: 'application/json', body: { error: 'Invalid JSON', code: 'bad-request' } })
    expect(await refusal('refuse-json')).toEqual({ status: 401, type: 'application/json', body: { error: 'Refused: bad signature.', code: 'unauthorized' } })

    await app.frogbot.close()
    expect(events.closed).toBe(1)
  })

  it('hears of calls cancelled by Stop, recorded as the participant who stopped', async () => {
    const { piece, events, engine } = recordingPiece()
    const model = scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }])])
    const app = await testFrogbot({ model, agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [piece] }] })
    cleanups.push(app.close)
    const sent = await engine().sendMessage({ thread: 'T-2', message: { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Paint the shed' }] }, participant: participant(app.user) })
    if (sent.status !== 'started') throw new Error('expected a turn')
    await sent.run.result
    expect(await engine().stop({ chatId: sent.chatId, participant: participant(app.user) })).toBe(true)
    expect(events.settled).toMatchObject([{ settlements: [{ toolCallId: 'call_q', outcome: 'cancelled', part: { errorText: 'Cancelled because the user stopped the turn.' } }] }])
  })
})
