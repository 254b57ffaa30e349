import type { ChannelQuestion } from 'frogbot/channels'
import { describe, expect, it } from 'vitest'
import { linearReply } from './linear-replies.ts'
import { SELECT_MAX_OPTIONS, selectable } from './question-activities.ts'

const question = (labels: string[], rest: Partial<ChannelQuestion> = {}): ChannelQuestion => ({ header: 'Color', question: 'Which?', options: labels.map((label) => ({ label })), multiple: false, custom: true, ...rest })

describe('selectable', () => {
  it("is one question of one choice with 1 to 25 options whose labels Linear's pick reads back as that option", () => {
    expect(selectable([question(['Red', 'Blue'])])).toBe(true)
    expect(selectable([question(Array.from({ length: SELECT_MAX_OPTIONS }, (_, at) => `Option ${at}`))])).toBe(true)
    expect(selectable([question(Array.from({ length: SELECT_MAX_OPTIONS + 1 }, (_, at) => `Option ${at}`))])).toBe(false)
    expect(selectable([question(['Red', 'Blue'], { multiple: true })])).toBe(false)
    expect(selectable([question(['Red']), question(['Blue'])])).toBe(false)
    expect(selectable([question([])])).toBe(false)
    for (const labels of [['Red, dark', 'Blue'], ['2 weeks', '3 weeks'], ['Red', 'red'], ['Red', ' '], ['Two\nlines', 'One']]) expect(selectable([question(labels)])).toBe(false)
  })
})

describe('linearReply', () => {
  it('reads every prompt as addressed to a waiting question; once it ended, only an exact pick of a select question', () => {
    const questions = [question(['Red', 'Blue'])]
    expect(linearReply({ text: 'a teal one', questions, addressed: false, open: true })).toMatchObject({ kind: 'answer', output: { answers: [{ header: 'Color', selected: [], custom: 'a teal one' }] } })
    expect(linearReply({ text: ' blue ', questions, addressed: false, open: false })).toMatchObject({ kind: 'answer' })
    expect(linearReply({ text: 'blue, please', questions, addressed: false, open: false })).toEqual({ kind: 'none' })
    expect(linearReply({ text: '2', questions, addressed: false, open: false })).toEqual({ kind: 'none' })
    expect(linearReply({ text: 'Red', questions: [question(['Red', 'Blue'], { multiple: true })], addressed: false, open: false })).toEqual({ kind: 'none' })
  })
})
