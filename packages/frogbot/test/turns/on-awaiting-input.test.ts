import { describe, expect, it } from 'vitest'
import { buildConfig, createFrogbot, sqliteAdapter, type AwaitingInputEvent } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'

describe('onAwaitingInput', () => {
  it('is called once when a turn starts waiting, with the pending calls; a failing hook is only logged', async () => {
    const events: AwaitingInputEvent[] = []
    const logged: string[] = []
    let fail = false
    const config = buildConfig({
      agents: [{ slug: 'planner', model: 'fast', access: () => true, tools: [question] }],
      db: sqliteAdapter({ filename: ':memory:' }),
      onAwaitingInput: (event) => {
        events.push(event)
        if (fail) throw new Error('mail server down')
      }
    })
    const model = scriptedModel([toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }]), textStep('Fine.'), toolStep([{ toolCallId: 'call_2', toolName: 'question', input: colorQuestion }])])
    const frogbot = await createFrogbot(config, { model, log: (line) => logged.push(line), maintenanceIntervalMs: 0 })
    const post = (body: unknown) => frogbot.fetch(new Request('http://localhost/api/agents/planner', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }))
    const first = await (await post({ prompt: 'Paint the shed' })).json()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(events).toEqual([{ chatId: first.chatId, agentSlug: 'planner', ownerId: null, pending: first.pending }])

    const settle = await frogbot.fetch(
      new Request(`http://localhost/api/agents/planner/chats/${first.chatId}/settle`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ toolCallId: 'call_1', output: { answers: [{ header: 'Color', selected: ['Red'] }] } })
      })
    )
    expect((await settle.json()).status).toBe('complete')
    expect(events).toHaveLength(1)

    fail = true
    const again = await (await post({ prompt: 'And the fence?', chatId: first.chatId })).json()
    expect(again.status).toBe('awaiting-input')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(events).toHaveLength(2)
    expect(logged.some((line) => line.includes('onAwaitingInput failed') && line.includes('mail server down'))).toBe(true)
    await frogbot.close()
  })

  it('must be a function', () => {
    expect(() => buildConfig({ agents: [{ slug: 'a', model: 'fast' }], onAwaitingInput: 'https://example.com/hook' as never })).toThrow('onAwaitingInput: must be a function')
  })
})
