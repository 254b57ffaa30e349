import { describe, expect, it } from 'vitest'
import type { PendingCall } from '@frogbotai/protocol'
import { questionAnswers } from './question-elicitation.ts'

const options = [{ label: 'Window' }, { label: 'Lock' }]
const extras = { header: 'Extras', question: 'What should it have?', options, multiple: true }
const call = { toolCallId: 'call_1', kind: 'question', input: { questions: [extras] } } as unknown as PendingCall
const accepted = (content: unknown) => ({ call_1: { action: 'accept', content } })

describe('questionAnswers', () => {
  it('refuses what a raw client may send past the SDK, naming the field and the type', () => {
    const rule = 'q0 ("Extras"): must be a list of strings (the options picked)'
    const cases = [
      [['Lock', 2], `${rule}, not a list holding a number`],
      [[null], `${rule}, not a list holding null`],
      [{ Lock: true }, `${rule}, not an object`]
    ] as const
    for (const [q0, error] of cases) {
      const refusal = expect.objectContaining({ code: 'invalid-output', message: error })
      expect(() => questionAnswers([call], accepted({ q0 }))).toThrow(refusal)
    }
  })

  it('reads null as a field left empty, as an absent one', () => {
    const output = { answers: [{ header: 'Extras', selected: [] }] }
    const answers = questionAnswers([call], accepted({ q0: null, q0_custom: null }))
    expect(answers).toEqual([{ toolCallId: 'call_1', output }])
  })
})
