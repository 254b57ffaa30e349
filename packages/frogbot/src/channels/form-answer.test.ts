import { describe, expect, it } from 'vitest'
import type { ChannelQuestion } from './answers/question-answers.ts'
import { type FormField, formAnswer } from './form-answer.ts'

const color: ChannelQuestion = {
  header: 'Color',
  question: 'Which color?',
  options: [{ label: 'Red' }, { label: 'Blue' }],
  multiple: false,
  custom: true
}
const rooms: ChannelQuestion = {
  header: 'Rooms',
  question: 'Which rooms?',
  options: [{ label: 'Hall' }, { label: 'Den' }, { label: 'Attic' }],
  multiple: true,
  custom: false
}
const unanswered = (index: number) => `Answer question ${index + 1}.`
const read = (fields: FormField[]) => formAnswer([color, rooms], (index) => fields[index], unanswered)

describe('formAnswer', () => {
  it('reads picks as option indexes (trimmed, each once), typed text where the question takes it', () => {
    expect(read([{ picks: ['1'], typed: '' }, { picks: [' 2', '0', '2 ', ''], typed: 'ignored' }])).toEqual({
      output: { answers: [{ header: 'Color', selected: ['Blue'] }, { header: 'Rooms', selected: ['Attic', 'Hall'] }] }
    })
    expect(read([{ picks: [], typed: '  Teal ' }, { picks: ['1'] }])).toEqual({
      output: { answers: [{ header: 'Color', selected: [], custom: 'Teal' }, { header: 'Rooms', selected: ['Den'] }] }
    })
  })

  it('refuses a pick that names no option, with the question it is on', () => {
    const beyond = read([{ picks: ['0'] }, { picks: ['3'] }])
    expect(beyond).toEqual({ problem: "'Rooms' has no option 4; choose 1 to 3.", question: 1 })
    const named = read([{ picks: ['Red'] }, { picks: ['0'] }])
    expect(named).toMatchObject({ problem: expect.stringContaining("'Color' has no option “Red”") })
    expect(named).toMatchObject({ question: 0 })
  })

  it('tells the first question left without an answer as `unanswered` says', () => {
    expect(read([{ picks: ['0'] }, { picks: [] }])).toEqual({ problem: 'Answer question 2.', question: 1 })
    const blank = read([{ picks: [], typed: '   ' }, { picks: [] }])
    expect(blank).toEqual({ problem: 'Answer question 1.', question: 0 })
  })
})
