import { checkQuestionAnswer, QuestionInput } from '@frogbotai/protocol'
import { describe, expect, test } from 'vitest'
import { cardQuestions, describeAnswer, draftReducer, emptyDraft, isAnswered, questionOutput, restoreDraft, type DraftAction } from './question-draft.ts'

const input = {
  questions: [
    { header: 'Place', question: 'Where?', options: [{ label: 'City' }, { label: 'Coast', description: 'Sea air' }] },
    { header: 'Length', question: 'How long?', options: [{ label: 'Weekend' }, { label: 'A week' }], custom: false },
    { header: 'Extras', question: 'Which extras?', options: [{ label: 'Spa' }, { label: 'Tour' }], multiple: true }
  ]
}
const questions = cardQuestions(input)
const run = (...actions: DraftAction[]) => actions.reduce(draftReducer, emptyDraft)

describe('the question card draft', () => {
  test('reads the input with the seed defaults, and nothing from a partial or foreign input', () => {
    expect(questions.map(({ multiple, custom }) => ({ multiple, custom }))).toEqual([
      { multiple: false, custom: true },
      { multiple: false, custom: false },
      { multiple: true, custom: true }
    ])
    expect(questions[0].options[1]).toEqual({ label: 'Coast', description: 'Sea air' })
    expect(cardQuestions({ questions: [{ header: 'Place' }] })).toEqual([])
    expect(cardQuestions({ files: ['a'] })).toEqual([])
    expect(cardQuestions(undefined)).toEqual([])
  })

  test('single choice replaces the selection and clears typed text; typing clears the selection', () => {
    const typed = run({ type: 'custom', question: questions[0], index: 0, text: 'By a lake' })
    expect(draftReducer(typed, { type: 'pick', question: questions[0], index: 0, label: 'City' }).answers[0]).toEqual({ selected: ['City'], custom: '' })
    const picked = run({ type: 'pick', question: questions[0], index: 0, label: 'City' }, { type: 'pick', question: questions[0], index: 0, label: 'Coast' })
    expect(picked.answers[0]).toEqual({ selected: ['Coast'], custom: '' })
    expect(draftReducer(picked, { type: 'custom', question: questions[0], index: 0, text: 'Lake' }).answers[0]).toEqual({ selected: [], custom: 'Lake' })
  })

  test('multi-select toggles and keeps typed text beside the choices', () => {
    const draft = run(
      { type: 'pick', question: questions[2], index: 2, label: 'Spa' },
      { type: 'pick', question: questions[2], index: 2, label: 'Tour' },
      { type: 'pick', question: questions[2], index: 2, label: 'Spa' },
      { type: 'custom', question: questions[2], index: 2, text: 'Late checkout' }
    )
    expect(draft.answers[2]).toEqual({ selected: ['Tour'], custom: 'Late checkout' })
  })

  test('builds the answer the server accepts, one per question in order', () => {
    const draft = run(
      { type: 'custom', question: questions[0], index: 0, text: '  By a lake  ' },
      { type: 'pick', question: questions[1], index: 1, label: 'A week' },
      { type: 'pick', question: questions[2], index: 2, label: 'Spa' }
    )
    expect(questions.every((question, index) => isAnswered(question, draft.answers[index]))).toBe(true)
    const output = questionOutput(questions, draft)
    expect(output).toEqual({
      answers: [
        { header: 'Place', selected: [], custom: 'By a lake' },
        { header: 'Length', selected: ['A week'] },
        { header: 'Extras', selected: ['Spa'] }
      ]
    })
    expect(checkQuestionAnswer(QuestionInput.parse(input), output)).toBe(true)
  })

  test('blank typed text is no answer, and never sent where custom answers are not allowed', () => {
    expect(isAnswered(questions[0], { selected: [], custom: '   ' })).toBe(false)
    // Only invisible characters (zero-width, bidi controls) is blank too, as the server's rule says.
    expect(isAnswered(questions[0], { selected: [], custom: '\u200b\u202e ' })).toBe(false)
    expect(isAnswered(questions[0], { selected: [], custom: '\u200bTeal' })).toBe(true)
    // So are control characters (an escape, DEL, C1's NEL).
    expect(isAnswered(questions[0], { selected: [], custom: '\u001b\u007f\u0085 ' })).toBe(false)
    expect(isAnswered(questions[1], { selected: [], custom: 'Ten days' })).toBe(false)
    expect(questionOutput([questions[1]], { ...emptyDraft, answers: [{ selected: ['Weekend'], custom: 'x' }] })).toEqual({ answers: [{ header: 'Length', selected: ['Weekend'] }] })
  })

  test('describes an answer in words', () => {
    expect(describeAnswer({ selected: ['Spa', 'Tour'], custom: ' Late checkout ' })).toBe('Spa, Tour, “Late checkout”')
    expect(describeAnswer({ selected: [] })).toBe('Not answered yet')
  })

  test('a draft kept on the server comes back as it was left, keeping only what the questions still offer', () => {
    const left = run({ type: 'pick', question: questions[0], index: 0, label: 'Coast' }, { type: 'go', step: 1 }, { type: 'pick', question: questions[1], index: 1, label: 'A week' })
    expect(restoreDraft(questions, JSON.parse(JSON.stringify(left)))).toEqual({ step: 1, reviewing: false, answers: [{ selected: ['Coast'], custom: '' }, { selected: ['A week'], custom: '' }, { selected: [], custom: '' }] })
    const odd = { step: 9, reviewing: true, answers: [{ selected: ['Coast', 'City', 'Moon'], custom: 'lake' }, { selected: [], custom: 'typed where none is allowed' }, { selected: ['Spa', 'Spa', 7] }] }
    expect(restoreDraft(questions, odd)).toEqual({ step: 2, reviewing: true, answers: [{ selected: ['Coast'], custom: 'lake' }, { selected: [], custom: '' }, { selected: ['Spa'], custom: '' }] })
    expect(restoreDraft(questions, null)).toEqual(emptyDraft)
    expect(restoreDraft(questions, { values: { note: 'x' } })).toEqual(emptyDraft)
  })
})
