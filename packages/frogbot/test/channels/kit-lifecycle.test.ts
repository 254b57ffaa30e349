import { afterEach, describe, expect, it } from 'vitest'
import { createPiece, type PieceContext } from '../../src/channels/index.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { question } from '../../src/tools/index.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { probePiece } from './probe-piece.ts'
import { toychatStandIn } from './toychat/toychat-stand-in.ts'

// The kit's lifecycle of a piece, the same for every platform: 503 until it started and once it
// closes, a second start replaces the first, close waits for its work with a grace; and how a
// refusal is explained where participants are platform ids only.

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const drawing = { reply: async () => {}, drawCall: async () => [], drawSettled: async () => {}, notify: async () => {} }

/** A kit piece whose sessions answer webhooks with their number and count their closes. */
function countingPiece(closeGraceMs?: number) {
  const sessions = { started: 0, closed: 0, contexts: [] as PieceContext[] }
  const piece = createPiece({
    piece: 'counting',
    instance: 'counting',
    label: 'Counting',
    identity: { by: 'email' },
    ...(closeGraceMs !== undefined ? { closeGraceMs } : {}),
    start: (context) => {
      const number = ++sessions.started
      sessions.contexts.push(context)
      return { drawing, webhook: async () => new Response(`session ${number}`), close: () => void sessions.closed++ }
    }
  })
  return { piece, sessions }
}

const post = (piece: { webhook?: (request: Request) => Promise<Response> }) => piece.webhook!(new Request('http://localhost/api/webhooks/counting', { method: 'POST', body: '{}' }))

describe('a kit piece\'s lifecycle', () => {
  it('answers 503 unavailable until it started and once it closed; a second start closes the first run and takes over', async () => {
    const { piece, sessions } = countingPiece()
    const before = await post(piece)
    expect([before.status, await before.json()]).toEqual([503, { error: 'The Counting piece "counting" has not started.', code: 'unavailable' }])
    const app = await testFrogbot({ model: scriptedModel([]), agents: [{ slug: 'planner', model: 'fast', channels: [piece] }] })
    cleanups.push(app.close)
    expect(await (await app.frogbot.fetch(new Request('http://localhost/api/webhooks/counting', { method: 'POST', body: '{}' }))).text()).toBe('session 1')
    await piece.start!(sessions.contexts[0].engine)
    expect(sessions).toMatchObject({ started: 2, closed: 1 })
    expect(await (await post(piece)).text()).toBe('session 2')
    await app.frogbot.close()
    expect(sessions.closed).toBe(2)
    expect((await post(piece)).status).toBe(503)
  })

  it('close waits for the piece\'s background work up to its grace, then closes its session anyway', async () => {
    const { piece, sessions } = countingPiece(100)
    const app = await testFrogbot({ model: scriptedModel([]), agents: [{ slug: 'planner', model: 'fast', channels: [piece] }] })
    cleanups.push(app.close)
    let done = false
    void sessions.contexts[0].track(new Promise((resolve) => setTimeout(resolve, 50)).then(() => (done = true)))
    void sessions.contexts[0].track(new Promise(() => {}))
    const started = Date.now()
    await app.frogbot.close()
    expect(done).toBe(true)
    expect(Date.now() - started).toBeGreaterThanOrEqual(90)
    expect(sessions.closed).toBe(1)
  })
})

describe('a piece whose participants are platform ids only', () => {
  it('has no FrogBot user: the agent\'s access decides on req.channel.userId; one it refuses is told, and the log says, once, how to let them in', async () => {
    const standIn = await toychatStandIn()
    cleanups.push(() => standIn.close())
    const probe = probePiece(standIn, { identity: { by: 'platform-id' } })
    const logs: string[] = []
    const seen: unknown[] = []
    const app = await testFrogbot({
      model: scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }]), textStep('Blue it is.')]),
      agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [probe.piece], access: ({ req }) => (seen.push({ user: req.user, channel: req.channel }), req.channel?.userId === 'u-ada') }],
      options: { log: (line) => logs.push(line) }
    })
    cleanups.push(app.close)
    expect(await probe.say({ id: 'u-ada', name: 'ada', email: 'ada@example.com' }, 'paint the shed')).toBe('started')
    expect(seen[0]).toEqual({ user: null, channel: { piece: 'probe', instance: 'probe', userId: 'u-ada', name: 'ada', email: 'ada@example.com' } })
    expect(await probe.say({ id: 'u-eve', name: 'eve' }, 'hello')).toBe('refused')
    expect(await probe.say({ id: 'u-eve', name: 'eve' }, '2')).toBe('answered')
    expect(standIn.messages.map((message) => message.text).filter((text) => text.startsWith('@eve'))).toEqual([
      '@eve You may not talk to this agent here: it does not accept you.',
      '@eve You may not answer this question: this agent does not accept you.'
    ])
    expect(logs).toEqual(["frogbot: probe probe: refused eve (u-eve): the agent's access does not accept them; Probe participants have no FrogBot user, so write the agent's access on req.channel.userId (their Probe user id) to let them in"])
    expect(await probe.say({ id: 'u-ada', name: 'ada' }, '2')).toBe('answered')
  })
})
