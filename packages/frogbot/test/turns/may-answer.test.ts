import { afterEach, describe, expect, it } from 'vitest'
import { ensureUser } from '../../src/auth/users.ts'
import { internalsOf, storeOf } from '../../src/frogbot-internals.ts'
import type { ClientTool } from '../../src/index.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { question } from '../../src/tools/index.ts'
import type { Engine } from '../../src/turns/engine.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// The settle door's check-only mode (`engine.mayAnswer`): the checks of who may settle a call now,
// in the door's order, refused as the door refuses, and nothing of the caller's stored.

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

type Caller = Parameters<Engine['mayAnswer']>[0]['req']
const asUser = (user: Caller['user']): Caller => ({ user, credential: { type: 'custom' }, entryPoint: 'local', headers: new Headers() })
const anonymous: Caller = { user: null, credential: { type: 'anonymous' }, entryPoint: 'http', headers: new Headers() }
const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }

/** A chat of Ada's waiting on `call_q` of `tool` (default `question`), with the engine and a count of the door's writes. */
async function waiting({ tool = question, now }: { tool?: ClientTool; now?: () => Date } = {}) {
  const model = scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: tool.slug, input: colorQuestion }]), textStep('Blue it is.')])
  const app = await testFrogbot({ model, agents: [{ slug: 'planner', model: 'fast', tools: [tool] }], options: now ? { now } : {} })
  cleanups.push(app.close)
  const { chatId } = (await app.call('POST', '/api/agents/planner', { prompt: 'paint the shed' })).json as { chatId: string }
  const { engine, store } = internalsOf(app.frogbot)
  const writes = { count: 0 }
  const write = store.applySettle.bind(store)
  store.applySettle = (...args) => (writes.count++, write(...args))
  const refusal = (options: Partial<Parameters<Engine['mayAnswer']>[0]>) =>
    engine.mayAnswer({ chatId, toolCallId: 'call_q', req: asUser(app.user), ...options }).then(
      () => null,
      (error: { code: string; data?: unknown }) => ({ code: error.code, data: error.data })
    )
  return { app, engine, chatId, writes, refusal }
}

describe('engine.mayAnswer: the settle door, checking only', () => {
  it('passes for the chat\'s owner without an output and stores nothing: the call still waits, and answering it afterwards works', async () => {
    const { app, chatId, writes, refusal } = await waiting()
    expect(await refusal({})).toBeNull()
    expect(writes.count).toBe(0)
    const chat = await app.call('GET', `/api/agents/planner/chats/${chatId}`)
    expect([chat.json.chat.state, chat.json.pending.map((call: { toolCallId: string }) => call.toolCallId)]).toEqual(['awaiting', ['call_q']])
    expect((await app.call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_q', output: blue })).status).toBe(200)
  })

  it('refuses as the door does, in its order: the chat before the call, the call before the tool', async () => {
    const { app, chatId, refusal } = await waiting()
    const eve = await ensureUser(storeOf(app.frogbot).db, { email: 'eve@example.com' })
    expect(await refusal({ req: asUser(eve), toolCallId: 'call_nope' })).toMatchObject({ code: 'not-found' })
    expect(await refusal({ req: anonymous, toolCallId: 'call_nope' })).toMatchObject({ code: 'unauthorized' })
    expect(await refusal({ toolCallId: 'call_nope' })).toMatchObject({ code: 'call-not-found' })
    expect((await app.call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_q', output: blue })).status).toBe(200)
    expect(await refusal({})).toMatchObject({ code: 'already-settled', data: { settlement: { toolCallId: 'call_q', outcome: 'answered', by: { userId: app.user.id } } } })
  })

  it("asks the tool's client.access, once, and a refusal there is forbidden with nothing stored", async () => {
    const asked: string[] = []
    const guarded: ClientTool = { ...question, client: { ...question.client, access: ({ req }) => (asked.push(req.user?.email ?? 'nobody'), req.user?.email === 'bob@example.com') } }
    const { writes, refusal } = await waiting({ tool: guarded })
    expect(await refusal({})).toMatchObject({ code: 'forbidden' })
    expect(asked).toEqual(['ada@example.com'])
    expect(writes.count).toBe(0)
  })

  it('a call past its client.expiresIn is expired by FrogBot, as the door does: the caller gets already-settled', async () => {
    let clock = new Date('2026-11-30T12:00:00.000Z')
    const expiring: ClientTool = { ...question, slug: 'quick_question', client: { ...question.client, expiresIn: 60_000 } }
    const { app, chatId, refusal } = await waiting({ tool: expiring, now: () => clock })
    clock = new Date(clock.getTime() + 61_000)
    expect(await refusal({})).toMatchObject({ code: 'already-settled', data: { settlement: { outcome: 'expired', by: { system: true } } } })
    expect((await app.call('GET', `/api/agents/planner/chats/${chatId}`)).json.chat.state).toBe('idle')
  })
})
