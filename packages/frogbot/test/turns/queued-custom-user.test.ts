import { describe, expect, it } from 'vitest'
import { buildConfig, createFrogbot, sqliteAdapter } from '../../src/index.ts'
import { heldStep, scripted, streamingModel, textStep } from '../../src/testing/scripted-model.ts'

describe('a queued message of a custom-strategy user', () => {
  it('runs as that user (it used to run as nobody, since such users are not in the users table)', async () => {
    const held = heldStep('First reply')
    const model = streamingModel([held.stream, scripted(textStep('Second reply'))])
    const carol = { id: 'ext-carol', email: 'carol@example.com', name: 'Carol' }
    const config = buildConfig({
      agents: [{ slug: 'helper', model: 'fast', instructions: ({ req }) => `You talk to ${req.user?.email ?? 'nobody'}.` }],
      auth: { authenticate: (request) => (request.headers.get('x-user') === 'carol' ? carol : null) },
      db: sqliteAdapter({ filename: ':memory:' })
    })
    const frogbot = await createFrogbot(config, { model, log: () => {}, maintenanceIntervalMs: 0 })
    const post = (prompt: string) =>
      frogbot.fetch(new Request('http://localhost/api/agents/helper', { method: 'POST', headers: { 'x-user': 'carol', 'content-type': 'application/json' }, body: JSON.stringify({ prompt, chatId: 'custom-user-chat-0001' }) }))
    const first = post('One')
    await held.started
    expect((await post('Two')).status).toBe(202)
    held.release()
    expect((await first).status).toBe(200)
    const deadline = Date.now() + 5000
    while (model.doStreamCalls.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(JSON.stringify(model.doStreamCalls[1].prompt[0])).toContain('You talk to carol@example.com.')
    await frogbot.close()
  })
})
