import { describe, expect, it } from 'vitest'
import { numberedAnswerText } from './numbered-answer-text.ts'
import { readNumberedAnswer } from './numbered-answers.ts'
import { questionsOf } from './question-answers.ts'

const questions = questionsOf({
  questions: [
    { header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] },
    { header: 'Sizes', question: 'Which sizes?', options: [{ label: 'S' }, { label: 'M' }, { label: 'L' }], multiple: true },
    { header: 'Note', question: 'Anything else?', options: [{ label: 'No' }] }
  ]
})!

describe('numberedAnswerText', () => {
  it('writes one line a question: labels joined with ", ", typed text in their place, nothing after the header of a question without a selection', () => {
    expect(numberedAnswerText(questions, [{ selected: ['Blue'] }, { selected: ['S', 'L'] }, { selected: [], custom: 'ship it Friday' }])).toBe('1. Color: Blue\n2. Sizes: S, L\n3. Note: ship it Friday')
    expect(numberedAnswerText(questions)).toBe('1. Color:\n2. Sizes:\n3. Note:')
  })

  it('is read back by readNumberedAnswer as the same answer', () => {
    const text = numberedAnswerText(questions, [{ selected: ['Red'] }, { selected: ['M'] }, { selected: [], custom: 'ship it Friday' }])
    expect(readNumberedAnswer(questions, text, { addressed: true })).toEqual({
      kind: 'answer',
      output: { answers: [{ header: 'Color', selected: ['Red'] }, { header: 'Sizes', selected: ['M'] }, { header: 'Note', selected: [], custom: 'ship it Friday' }] }
    })
  })
})
