import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { ClientTool } from '../../src/index.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// Text a person types into an answer has a documented maximum (docs/project/guarantees.md, Limits): a
// question's `custom` answer and every string of a client tool's output (but the ones its input
// offered, which the model wrote) 4,000 characters, a dismissal's reason 1,000. Longer is 400
// invalid-output naming the field, and nothing is stored.

const noteInput = z.object({ topic: z.string() })
const noteOutput = z.object({ note: z.string(), tags: z.array(z.string()).optional() })
const writeNote: ClientTool<typeof noteInput, typeof noteOutput> = {
  slug: 'write_note',
  description: 'Ask the user to write a note.',
  inputSchema: noteInput,
  outputSchema: noteOutput,
  client: { kind: 'note' }
}

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

async function waitingAt(call: { toolCallId: string; toolName: string; input: unknown }) {
  const app = await testFrogbot({ model: scriptedModel([toolStep([call]), textStep('Thanks.')]), tools: [writeNote] })
  cleanup = app.close
  const asked = await app.call('POST', '/api/agents/planner', { prompt: 'Ask me' })
  const chatId = asked.json.chatId as string
  const stored = async () => ({ messages: await storeOf(app.frogbot).getMessages(chatId), pending: await storeOf(app.frogbot).getPendingCalls(chatId) })
  const settle = (body: unknown) => app.call('POST', `/api/agents/planner/chats/${chatId}/settle`, body)
  return { settle, stored }
}

describe('the length of typed text in an answer', () => {
  it('a custom answer of 4,001 characters is 400 invalid-output naming it; 4,000 are answered', async () => {
    const { settle, stored } = await waitingAt({ toolCallId: 'call_1', toolName: 'question', input: colorQuestion })
    const before = await stored()
    const long = await settle({ toolCallId: 'call_1', output: { answers: [{ header: 'Color', selected: [], custom: 'x'.repeat(4001) }] } })
    expect(long).toMatchObject({ status: 400, json: { code: 'invalid-output', error: 'answers[0] ("Color"): "custom" is 4,001 characters; a typed answer holds at most 4,000' } })
    expect(await stored()).toEqual(before)
    const fits = await settle({ toolCallId: 'call_1', output: { answers: [{ header: 'Color', selected: [], custom: 'x'.repeat(4000) }] } })
    expect(fits).toMatchObject({ status: 200, json: { status: 'complete' } })
  })

  it("any string of a client tool's output over 4,000 characters is 400 invalid-output naming its path", async () => {
    const { settle, stored } = await waitingAt({ toolCallId: 'call_n', toolName: 'write_note', input: { topic: 'the shed' } })
    const before = await stored()
    const note = await settle({ toolCallId: 'call_n', output: { note: 'n'.repeat(4500) } })
    expect(note).toMatchObject({ status: 400, json: { code: 'invalid-output', error: 'output.note: is 4,500 characters; typed text in an answer holds at most 4,000' } })
    const tag = await settle({ toolCallId: 'call_n', output: { note: 'Short', tags: ['ok', 't'.repeat(4001)] } })
    expect(tag).toMatchObject({ status: 400, json: { code: 'invalid-output', error: 'output.tags[1]: is 4,001 characters; typed text in an answer holds at most 4,000' } })
    expect(await stored()).toEqual(before)
    expect(await settle({ toolCallId: 'call_n', output: { note: 'n'.repeat(4000) } })).toMatchObject({ status: 200 })
  })

  it('an option the model wrote is no typed text: a label of 5,000 characters is picked', async () => {
    const label = `Long ${'y'.repeat(5000)}`
    const { settle } = await waitingAt({ toolCallId: 'call_l', toolName: 'question', input: { questions: [{ header: 'Pick', question: 'Which?', options: [{ label }, { label: 'Short' }] }] } })
    expect(await settle({ toolCallId: 'call_l', output: { answers: [{ header: 'Pick', selected: [label] }] } })).toMatchObject({ status: 200, json: { status: 'complete' } })
  })

  it('a dismissal reason of 1,001 characters is 400 invalid-output naming it; 1,000 are kept', async () => {
    const { settle, stored } = await waitingAt({ toolCallId: 'call_1', toolName: 'question', input: colorQuestion })
    const before = await stored()
    const long = await settle({ toolCallId: 'call_1', dismissed: true, reason: 'r'.repeat(1001) })
    expect(long).toMatchObject({ status: 400, json: { code: 'invalid-output', error: 'reason: is 1,001 characters; a dismissal reason holds at most 1,000' } })
    expect(await stored()).toEqual(before)
    const fits = await settle({ toolCallId: 'call_1', dismissed: true, reason: 'r'.repeat(1000) })
    expect(fits).toMatchObject({ status: 200, json: { status: 'dismissed', settlement: { reason: 'r'.repeat(1000) } } })
  })
})
