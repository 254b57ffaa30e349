import { afterEach, describe, expect, it } from 'vitest'
import { question } from '../../src/tools/index.ts'
import { colorQuestion, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { lookupTool, pickFile, pickFileCall, scriptedDualModel, toolCallsIn, toolResultsIn } from './turn-test-kit.ts'
import { storeOf } from '../../src/frogbot-internals.ts'

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

const questionCall = { toolCallId: 'call_q', toolName: 'question', input: colorQuestion }

async function localPlanner(steps: Parameters<typeof scriptedDualModel>[0]) {
  const { model, calls } = scriptedDualModel(steps)
  const lookup = lookupTool()
  const app = await testFrogbot({
    model,
    agents: [{ slug: 'planner', model: 'fast', instructions: 'Ask before choosing.', tools: [question, pickFile, lookup.tool], stopWhen: 5 }]
  })
  cleanup = app.close
  const stored = async () => ({
    chats: await storeOf(app.frogbot).db.selectFrom('frogbot_chats').selectAll().execute(),
    calls: await storeOf(app.frogbot).db.selectFrom('frogbot_pending_calls').selectAll().execute()
  })
  return { ...app, calls, lookup, stored }
}

describe('frogbot.agents[slug].generate() withholds client tools', () => {
  it('does not offer question or other client tools, and answers without waiting', async () => {
    const { frogbot, calls, stored } = await localPlanner([textStep('Red is fine.')])
    const result = await frogbot.agents.planner.generate({ prompt: 'Paint the shed' })
    expect(result.text).toBe('Red is fine.')
    expect(calls).toHaveLength(1)
    const offered = (calls[0].tools ?? []).map((tool) => tool.name)
    expect(offered).toContain('lookup')
    expect(offered).not.toContain('question')
    expect(offered).not.toContain('pick_file')
    expect(await stored()).toEqual({ chats: [], calls: [] })
  })

  it('a question the model calls anyway is a tool error and the loop runs on to the next step', async () => {
    const { frogbot, calls, stored } = await localPlanner([toolStep([questionCall], 'Let me ask.'), textStep('I picked red myself.')])
    const result = await frogbot.agents.planner.generate({ prompt: 'Paint the shed' })
    expect(result.text).toBe('I picked red myself.')
    expect(result.steps).toHaveLength(2)
    const errors = result.steps[0].content.filter((part) => part.type === 'tool-error')
    expect(errors).toMatchObject([{ toolCallId: 'call_q', toolName: 'question' }])
    // the model saw a tool error for its call, not an answer
    expect(calls).toHaveLength(2)
    expect(toolCallsIn(calls[1].prompt).get('call_q')).toBe('question')
    expect(toolResultsIn(calls[1].prompt).get('call_q')?.type).toMatch(/^error-/)
    expect(await stored()).toEqual({ chats: [], calls: [] })
  })

  it('a server tool in the same step as a withheld client call still runs (nobody will answer, so nothing is skipped)', async () => {
    const { frogbot, lookup, calls } = await localPlanner([
      toolStep([pickFileCall, { toolCallId: 'call_s', toolName: 'lookup', input: { q: 'files' } }]),
      textStep('Used a.txt.')
    ])
    const result = await frogbot.agents.planner.generate({ prompt: 'Pick a file' })
    expect(result.text).toBe('Used a.txt.')
    expect(lookup.calls).toEqual([{ q: 'files' }])
    const results = toolResultsIn(calls[1].prompt)
    expect(results.get('call_s')).toEqual({ type: 'json', value: { found: 'result for files' } })
    expect(results.get('call_file')?.type).toMatch(/^error-/)
  })
})

describe('frogbot.agents[slug].stream() withholds client tools', () => {
  it('streams past a question call to the next step text, storing nothing', async () => {
    const { frogbot, calls, stored } = await localPlanner([toolStep([questionCall]), textStep('Red, decided.')])
    const result = await frogbot.agents.planner.stream({ prompt: 'Paint the shed' })
    expect(await result.text).toBe('Red, decided.')
    expect(calls.map((call) => call.kind)).toEqual(['stream', 'stream'])
    expect((calls[0].tools ?? []).map((tool) => tool.name)).not.toContain('question')
    expect(toolResultsIn(calls[1].prompt).get('call_q')?.type).toMatch(/^error-/)
    expect(await stored()).toEqual({ chats: [], calls: [] })
  })
})

describe('generate({ prompt, chatId }): a stored turn of a chat, from code', () => {
  it('stores the turn in the chat without offering client tools, and rejects a busy chat instead of queueing', async () => {
    const { frogbot, call, calls } = await localPlanner([textStep('Noted, from code.'), toolStep([questionCall], 'Let me ask.')])
    const chatId = 'local-generate-chat-0000001'
    const done = await frogbot.agents.planner.generate({ prompt: 'Remember the shed', chatId })
    expect(done).toMatchObject({ status: 'complete', chatId, text: 'Noted, from code.' })
    expect(calls[0].tools?.map((tool) => tool.name)).not.toContain('question')
    const chat = (await call('GET', `/api/agents/planner/chats/${chatId}`)).json
    // Created by code for nobody: the chat has no owner, so any signed-in user with its id may write it.
    expect(chat.messages.map((message: any) => message.role)).toEqual(['user', 'assistant'])

    // Over HTTP the same chat reaches a question; the local call then rejects rather than queueing.
    const waiting = await call('POST', '/api/agents/planner', { chatId, prompt: 'Now ask me' })
    expect(waiting.json.status).toBe('awaiting-input')
    await expect(frogbot.agents.planner.generate({ prompt: 'From code again', chatId })).rejects.toMatchObject({ code: 'turn-in-progress' })
    expect((await call('GET', `/api/agents/planner/chats/${chatId}`)).json.queued).toEqual([])
  })
})
