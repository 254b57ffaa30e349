import { afterEach, describe, expect, it } from 'vitest'
import { scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { toolCallsIn, toolResultsIn } from './turn-test-kit.ts'

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

const threeQuestions = {
  questions: [
    { header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] },
    { header: 'Rooms', question: 'Which rooms?', options: [{ label: 'Kitchen' }, { label: 'Hall' }, { label: 'Attic' }], multiple: true },
    { header: 'Finish', question: 'Which finish?', options: [{ label: 'Matte' }, { label: 'Gloss' }] }
  ]
}
const threeAnswers = {
  answers: [
    { header: 'Color', selected: ['Blue'] },
    { header: 'Rooms', selected: ['Kitchen', 'Attic'] },
    { header: 'Finish', selected: [], custom: 'Satin, please' }
  ]
}

describe('a question call with several questions', () => {
  it('is answered in one settle, continues the same message, and the model sees all three answers', async () => {
    const model = scriptedModel([
      toolStep([{ toolCallId: 'call_q', toolName: 'question', input: threeQuestions }], 'A few choices first.'),
      textStep('Blue kitchen and attic, satin.')
    ])
    const app = await testFrogbot({ model })
    cleanup = app.close
    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Paint the house' })
    expect(first.json).toMatchObject({ status: 'awaiting-input', pending: [{ toolCallId: 'call_q', toolName: 'question' }] })
    expect(first.json.pending[0].input.questions.map((q: any) => q.header)).toEqual(['Color', 'Rooms', 'Finish'])
    const chatId = first.json.chatId

    const done = await app.call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_q', output: threeAnswers })
    expect(done.status).toBe(200)
    expect(done.json).toMatchObject({
      status: 'complete',
      chatId,
      messageId: first.json.pending[0].messageId,
      text: 'Blue kitchen and attic, satin.',
      settlement: { toolCallId: 'call_q', outcome: 'answered', part: { state: 'output-available', output: threeAnswers } }
    })
    expect(model.doStreamCalls).toHaveLength(2)
    const results = toolResultsIn(model.doStreamCalls[1].prompt)
    expect(results.get('call_q')).toEqual({ type: 'json', value: threeAnswers })

    const chat = await app.call('GET', `/api/agents/planner/chats/${chatId}`)
    expect(chat.json.chat.state).toBe('idle')
    expect(chat.json.pending).toEqual([])
    expect(chat.json.messages.filter((message: any) => message.role === 'assistant')).toHaveLength(1)
  })

  it('an answer that covers only two of the three questions is 400 invalid-output and the model is not called', async () => {
    const model = scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: threeQuestions }]), textStep('unused')])
    const app = await testFrogbot({ model })
    cleanup = app.close
    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Paint the house' })
    const response = await app.call('POST', `/api/agents/planner/chats/${first.json.chatId}/settle`, {
      toolCallId: 'call_q',
      output: { answers: threeAnswers.answers.slice(0, 2) }
    })
    expect(response.status).toBe(400)
    expect(response.json.code).toBe('invalid-output')
    expect(model.doStreamCalls).toHaveLength(1)
    const pending = await app.call('GET', `/api/agents/planner/chats/${first.json.chatId}/pending`)
    expect(pending.json).toMatchObject({ state: 'awaiting', pending: [{ toolCallId: 'call_q' }] })
  })
})

describe('an invalid question input from the model', () => {
  it.each([
    [
      'duplicate headers',
      {
        questions: [
          { header: 'Color', question: 'Which color?', options: [{ label: 'Red' }] },
          { header: 'Color', question: 'Which shade?', options: [{ label: 'Dark' }] }
        ]
      },
      /is used twice; headers must be unique within a call/
    ],
    ['zero options', { questions: [{ header: 'Color', question: 'Which color?', options: [] }] }, /offer at least one option/],
    ['zero questions', { questions: [] }, /ask at least one question/],
    ['a 31-character header', { questions: [{ header: 'H'.repeat(31), question: 'Q?', options: [{ label: 'A' }] }] }, /at most 30 characters/]
  ])('with %s is a tool error the model sees; the turn goes on and nothing waits', async (_name, input, message) => {
    const model = scriptedModel([toolStep([{ toolCallId: 'call_bad', toolName: 'question', input }], 'Let me ask.'), textStep('I will just pick red.')])
    const app = await testFrogbot({ model })
    cleanup = app.close
    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    expect(first.status).toBe(200)
    expect(first.json.status).toBe('complete')
    expect(first.json.text).toMatch(/I will just pick red\.$/)

    // the model's next step saw the call with a tool error naming the broken rule
    expect(model.doStreamCalls).toHaveLength(2)
    const nextPrompt = model.doStreamCalls[1].prompt
    expect(toolCallsIn(nextPrompt).get('call_bad')).toBe('question')
    const result = toolResultsIn(nextPrompt).get('call_bad')
    expect(result?.type).toBe('error-text')
    expect(String(result?.value)).toMatch(message)

    const chatId = first.json.chatId
    const chat = await app.call('GET', `/api/agents/planner/chats/${chatId}`)
    expect(chat.json.chat.state).toBe('idle')
    expect(chat.json.pending).toEqual([])
    const assistant = chat.json.messages.find((entry: any) => entry.role === 'assistant')
    expect(assistant.parts.find((part: any) => part.toolCallId === 'call_bad')).toMatchObject({ type: 'tool-question', state: 'output-error' })
    expect(assistant.parts.at(-1)).toMatchObject({ type: 'text', text: 'I will just pick red.' })
    const settle = await app.call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_bad', dismissed: true })
    expect(settle.status).toBe(404)
    expect(settle.json.code).toBe('call-not-found')
  })
})
