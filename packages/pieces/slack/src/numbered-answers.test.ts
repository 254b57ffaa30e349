import { questionsOf } from 'frogbot/channels'
import { describe, expect, it } from 'vitest'
import { numberedText, readNumbered } from './numbered-answers.ts'

const questions = questionsOf({
  questions: [
    { header: 'Size', question: 'Which size?', options: [{ label: 'Small' }, { label: 'Large, extra' }] },
    { header: 'Extras', question: 'Which extras?', options: [{ label: 'Cheese' }, { label: 'Ham' }], multiple: true, custom: false },
    { header: 'Note', question: 'Anything else?', options: [{ label: 'No' }] }
  ]
})!

describe('the numbered text form', () => {
  it('writes a line a question, starting from what is picked, and reads it back', () => {
    const text = numberedText(questions, [{ selected: ['Large, extra'] }, { selected: ['Cheese', 'Ham'] }, { selected: [], custom: 'Ring twice' }])
    expect(text).toBe('1. Size: Large, extra\n2. Extras: Cheese, Ham\n3. Note: Ring twice')
    expect(readNumbered(questions, text)).toEqual({ selections: [{ selected: ['Large, extra'] }, { selected: ['Cheese', 'Ham'] }, { selected: [], custom: 'Ring twice' }] })
    expect(numberedText(questions)).toBe('1. Size:\n2. Extras:\n3. Note:')
  })

  it('takes answers without headers, in any order, in any case, and leaves out what is not there', () => {
    expect(readNumbered(questions, '\n3) no\n  1:small\n2.   ham , cheese, ham\n')).toEqual({ selections: [{ selected: ['Small'] }, { selected: ['Ham', 'Cheese'] }, { selected: ['No'] }] })
    expect(readNumbered(questions, '1. Size:\n3:')).toEqual({ selections: [{ selected: [] }, { selected: [] }, { selected: [] }] })
  })

  it('says what is wrong with a line, without throwing, whatever was typed', () => {
    expect(readNumbered(questions, 'large')).toEqual({ problem: 'Line 1: start each answer with its question\'s number, as in “1: Small”.' })
    expect(readNumbered(questions, '0: Small')).toEqual({ problem: 'Line 1: there is no question 0; the questions are numbered 1 to 3.' })
    expect(readNumbered(questions, '1: Small\n99999999: x')).toMatchObject({ problem: expect.stringMatching(/^Line 2: start each answer/) })
    expect(readNumbered(questions, '2: Cheese, Pineapple')).toEqual({ problem: 'Question 2 (“Extras”): “Cheese, Pineapple” is not one of its options; write one as it is written.', question: 1 })
    expect(() => readNumbered(questions, `1: ${'x'.repeat(100_000)}\n${'\u0000\n'.repeat(1000)}`)).not.toThrow()
  })

  it('leaves the form empty when it would not fit a text field (3000 characters)', () => {
    const many = questionsOf({ questions: Array.from({ length: 400 }, (_, index) => ({ header: `Question ${index + 1}`, question: '?', options: [{ label: 'Yes' }] })) })!
    expect(numberedText(many)).toBe('')
  })
})
