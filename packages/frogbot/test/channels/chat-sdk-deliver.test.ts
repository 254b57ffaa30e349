import type { Adapter } from 'chat'
import { afterEach, describe, expect, it } from 'vitest'
import { type ChatSdkContext, createChatSdkPiece, unauthorized } from '../../src/channels/index.ts'
import { scriptedModel } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// A Chat SDK piece's own listener hands its events to `deliver`: handled as the webhook handles
// them (verify with the replay guard, unreadable bodies refused, then receive or the adapter),
// awaited to their end, never answered early as the platform's deadline makes the webhook do.

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const drawing = { drawCall: async () => [], drawSettled: async () => {} }

/** A piece on a stand-in adapter (never initialized: the piece reads its bodies itself) whose `receive` takes `receiveMs`. */
async function listeningPiece(receiveMs: number) {
  let context: ChatSdkContext<Adapter> | undefined
  const received: string[] = []
  const piece = createChatSdkPiece({
    piece: 'probe',
    instance: 'probe',
    label: 'Probe',
    identity: { by: 'platform-id' },
    ackDeadlineMs: 600,
    adapter: () => ({ name: 'probe' }) as unknown as Adapter,
    verify: async (request) => (request.headers.get('x-token') === 'secret' ? request.text() : unauthorized('Refused: no token.')),
    unreadableBody: (body) => (body.startsWith('{') ? null : 'Refused: the body is not JSON.'),
    receive: async (body) => {
      await new Promise((resolve) => setTimeout(resolve, receiveMs))
      received.push(body)
      return new Response('handled', { status: 202 })
    },
    setup: (started) => {
      context = started
      return { drawing }
    }
  })
  const app = await testFrogbot({ model: scriptedModel([]), agents: [{ slug: 'planner', model: 'fast', channels: [piece] }] })
  cleanups.push(app.close)
  const request = (body: string, token = 'secret') => new Request('http://frogbot.invalid/api/webhooks/probe', { method: 'POST', headers: { 'x-token': token }, body })
  return { piece, context: () => context!, received, request }
}

describe('ChatSdkContext.deliver (a listener\'s events through the webhook\'s handling)', () => {
  it('verifies, refuses what cannot be read, and hands the rest to receive, awaited to its end past the deadline', async () => {
    const { piece, context, received, request } = await listeningPiece(300)
    const refused = await context().deliver(request('{"a":1}', 'wrong'))
    expect([refused.status, await refused.json()]).toEqual([401, { error: 'Refused: no token.', code: 'unauthorized' }])
    const unreadable = await context().deliver(request('not json'))
    expect([unreadable.status, await unreadable.json()]).toEqual([400, { error: 'Refused: the body is not JSON.', code: 'bad-request' }])
    expect(received).toEqual([])

    const delivered = await context().deliver(request('{"a":1}'))
    expect([delivered.status, await delivered.text()]).toEqual([202, 'handled'])
    expect(received).toEqual(['{"a":1}'])

    // The webhook answers within the deadline (600 ms less the kit's margin) while receive goes on.
    const answered = await piece.webhook!(request('{"a":2}'))
    expect([answered.status, await answered.text()]).toEqual([200, ''])
    await piece.idle()
    expect(received).toEqual(['{"a":1}', '{"a":2}'])
  })
})
