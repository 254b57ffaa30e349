import { describe, expect, it } from 'vitest'
import { shownQuestion } from './shown-question.ts'

const options = (count: number) => Array.from({ length: count }, (_, at) => ({ label: `Option ${at + 1}` }))
const questions = [
  { header: 'Rooms', question: 'Which rooms?', options: options(20), multiple: true, custom: true },
  { header: 'When', question: 'When?', options: options(2), multiple: false, custom: false }
]

describe('shownQuestion', () => {
  it('shows the question, its selection so far, the page of options asked for, the pages around it', () => {
    const state = { step: 0, selections: [{ selected: ['Option 3'], custom: 'the attic' }] }
    expect(shownQuestion(questions, state, 1, 8)).toEqual({
      step: 0,
      question: questions[0],
      selected: ['Option 3'],
      custom: 'the attic',
      page: 1,
      pages: 3,
      first: 8,
      shown: options(16).slice(8),
      previousPage: 0,
      nextPage: 2
    })
  })

  it('clamps the step and the page; nothing picked without a selection; one page goes nowhere', () => {
    const last = shownQuestion(questions, { step: 5, selections: [] }, 4, 8)
    expect(last).toMatchObject({ step: 1, selected: [], custom: undefined, page: 0, pages: 1 })
    expect(last).toMatchObject({ previousPage: null, nextPage: null })
    const first = shownQuestion(questions, { step: -1, selections: [] }, 9, 8)
    expect(first).toMatchObject({ step: 0, page: 2, previousPage: 1, nextPage: null })
  })
})
