import { describe, expect, it } from 'vitest'
import type { ChannelQuestion } from './answers/question-answers.ts'
import { selectionsAnswer, unansweredText } from './selections-answer.ts'

const color: ChannelQuestion = {
  header: 'Color',
  question: 'Which?',
  options: [{ label: 'Red' }],
  multiple: false,
  custom: true
}
const rooms: ChannelQuestion = {
  header: 'Rooms',
  question: 'Which?',
  options: [{ label: 'Den' }],
  multiple: true,
  custom: false
}

describe('selectionsAnswer', () => {
  it('gives the answer when every question has a pick or typed text', () => {
    const selections = [{ selected: [], custom: ' Teal ' }, { selected: ['Den'] }]
    const answer = selectionsAnswer([color, rooms], selections)
    expect(answer).toEqual({
      output: {
        answers: [
          { header: 'Color', selected: [], custom: 'Teal' },
          { header: 'Rooms', selected: ['Den'] }
        ]
      }
    })
  })

  it('tells the first question left without an answer, as unansweredText says by default', () => {
    expect(selectionsAnswer([color, rooms], [{ selected: ['Red'] }, { selected: [] }])).toEqual({
      kind: 'invalid',
      message: 'Choose an option for question 2, “Rooms”.',
      question: 1
    })
    // Typed text counts only where the question takes it; a missing selection is no answer.
    expect(selectionsAnswer([rooms], [{ selected: [], custom: 'Attic' }])).toMatchObject({ question: 0 })
    expect(selectionsAnswer([color, rooms], [])).toMatchObject({ question: 0 })
    expect(selectionsAnswer([color], [{ selected: [] }], (index) => `Answer ${index + 1}.`)).toEqual({
      kind: 'invalid',
      message: 'Answer 1.',
      question: 0
    })
  })

  it('names the question by number only among several, offers typing only where it is taken', () => {
    expect(unansweredText([color], 0)).toBe('Choose an option for “Color”, or type your own answer.')
    const then = unansweredText([color, rooms], 1, ', then Submit')
    expect(then).toBe('Choose an option for question 2, “Rooms”, then Submit.')
  })
})
