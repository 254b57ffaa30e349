import { afterEach, expect, it } from 'vitest'
import { scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// Option labels are compared in Unicode form C, and the answer keeps the option's own label
// (seed: "`selected` holds option labels exactly as they were offered").
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const composed = 'Café'
const decomposed = 'Cafe\u0301'

async function asked(label: string) {
  const options = [{ label }, { label: 'Bar' }]
  const input = { questions: [{ header: 'Place', question: 'Where?', options }] }
  const steps = [toolStep([{ toolCallId: 'call_1', toolName: 'question', input }]), textStep('Noted.')]
  const made = await testFrogbot({ model: scriptedModel(steps) })
  cleanups.push(made.close)
  const first = await made.call('POST', '/api/agents/planner', { prompt: 'Where do we meet?' })
  const chatId = first.json.chatId as string
  const settle = (selected: string) => {
    const output = { answers: [{ header: 'Place', selected: [selected] }] }
    return made.call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_1', output })
  }
  return { settle }
}

it('an answer in NFD ("Cafe" + U+0301) picks the option "Café" and holds the offered label', async () => {
  const { settle } = await asked(composed)
  const settled = await settle(decomposed)
  expect(settled.status).toBe(200)
  expect(settled.json.settlement.part.output.answers).toEqual([{ header: 'Place', selected: [composed] }])
})

it('an option offered in NFD is answered in NFC, and the answer holds the label as offered', async () => {
  const { settle } = await asked(decomposed)
  const settled = await settle(composed)
  expect(settled.status).toBe(200)
  expect(settled.json.settlement.part.output.answers[0].selected).toEqual([decomposed])
})
