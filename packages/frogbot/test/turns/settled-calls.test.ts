import { afterEach, describe, expect, it } from 'vitest'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// A losing answer is refused from this process's record of settled calls, without reading the
// chat (docs/project/guarantees.md: the first valid answer wins); the record never lets a caller past a
// rule: another user's chat is still 404, a deleted chat 404, an edited-away call 404.

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }
const red = { answers: [{ header: 'Color', selected: ['Red'] }] }

async function answeredChat() {
  const app = await testFrogbot({ model: scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }]), textStep('Blue it is.')]) })
  cleanups.push(app.close)
  const { chatId } = (await app.call('POST', '/api/agents/planner', { prompt: 'paint the shed' })).json as { chatId: string }
  const settle = `/api/agents/planner/chats/${chatId}/settle`
  expect((await app.call('POST', settle, { toolCallId: 'call_q', output: blue })).status).toBe(200)
  // Counts the chat reads of the settle door from here on.
  const store = storeOf(app.frogbot)
  const read = store.settleSnapshot.bind(store)
  const reads = { count: 0 }
  store.settleSnapshot = (...args) => (reads.count++, read(...args))
  return { app, chatId, settle, reads }
}

describe('the record of settled calls', () => {
  it('refuses a losing answer with the winning settlement without reading the chat', async () => {
    const { app, settle, reads } = await answeredChat()
    const loser = await app.call('POST', settle, { toolCallId: 'call_q', output: red })
    expect(loser.status).toBe(409)
    expect(loser.json).toMatchObject({ code: 'already-settled', settlement: { toolCallId: 'call_q', outcome: 'answered', by: { userId: app.user.id }, part: { output: blue } } })
    const dismissal = await app.call('POST', settle, { toolCallId: 'call_q', dismissed: true })
    expect(dismissal.json).toEqual(loser.json)
    expect(reads.count).toBe(0)
  })

  it("still refuses another user with 404, and the chat's settle needs the owner's write", async () => {
    const { app, settle } = await answeredChat()
    const eve = await ensureUser(storeOf(app.frogbot).db, { email: 'eve@example.com' })
    const { token } = await createApiToken(storeOf(app.frogbot).db, { userId: eve.id, name: 'eve' })
    const asEve = await app.call('POST', settle, { toolCallId: 'call_q', output: red }, { authorization: `Bearer ${token}` })
    expect([asEve.status, (asEve.json as { code: string }).code]).toEqual([404, 'not-found'])
    const anonymous = await app.call('POST', settle, { toolCallId: 'call_q', output: red }, { authorization: '' })
    expect(anonymous.status).toBe(401)
  })

  it('forgets a deleted chat: its settled call is then not found', async () => {
    const { app, chatId, settle } = await answeredChat()
    expect((await app.call('DELETE', `/api/agents/planner/chats/${chatId}`)).status).toBe(204)
    expect((await app.call('POST', settle, { toolCallId: 'call_q', output: red })).status).toBe(404)
  })

  it('a call of another chat, or one never asked, is decided on the database as ever', async () => {
    const { app, settle, reads } = await answeredChat()
    expect((await app.call('POST', settle, { toolCallId: 'call_never', output: red })).status).toBe(404)
    expect(reads.count).toBe(1)
  })
})
