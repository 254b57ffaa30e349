import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import * as tools from './index.ts'
import { checkQuestionAnswer, question, QuestionInput, QuestionOutput } from './index.ts'
import type { QuestionInput as QuestionInputType, QuestionOutput as QuestionOutputType } from './index.ts'
import { isClientTool } from './tool.ts'

const validate = question.client.validate!

// Stored (raw JSON) input, as the model sent it: no `multiple` or `custom`.
const stored = {
  questions: [
    { header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] },
    { header: 'Size', question: 'Which size?', options: [{ label: 'S' }, { label: 'L' }], multiple: true, custom: false }
  ]
}

describe('question tool', () => {
  it('is a client tool of kind "question" with the question schemas', () => {
    expect(question.slug).toBe('question')
    expect(question.client.kind).toBe('question')
    expect(question.inputSchema).toBe(QuestionInput)
    expect(question.outputSchema).toBe(QuestionOutput)
    expect(question.execute).toBeUndefined()
    expect(isClientTool(question)).toBe(true)
    expect(question.slug).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
  })

  it('describes when to ask, materially different options, and custom answers', () => {
    expect(question.description).toMatch(/materially different/)
    expect(question.description).toMatch(/type their own answer/)
    expect(question.description).toMatch(/decision only the user can make/)
  })

  it('offers a JSON schema for the model', () => {
    const schema = z.toJSONSchema(question.inputSchema, { io: 'input' }) as any
    expect(schema.type).toBe('object')
    expect(schema.required).toEqual(['questions'])
  })

  it('validates a multi-question answer against the stored input', () => {
    expect(validate({ input: stored, output: { answers: [{ header: 'Color', selected: ['Red'] }, { header: 'Size', selected: ['S', 'L'] }] } })).toBe(true)
  })

  it('applies the defaults to the stored input (multiple: false, custom: true)', () => {
    expect(validate({ input: stored, output: { answers: [{ header: 'Color', selected: ['Red', 'Blue'] }, { header: 'Size', selected: ['S'] }] } })).toBe(
      'answers[0] ("Color"): 2 options are selected ("Red", "Blue") but this question allows only one'
    )
    expect(validate({ input: stored, output: { answers: [{ header: 'Color', selected: [], custom: 'Teal' }, { header: 'Size', selected: ['S'] }] } })).toBe(true)
  })

  it('rejects answers that break a rule with the rule message', () => {
    expect(validate({ input: stored, output: { answers: [{ header: 'Color', selected: ['Red'] }, { header: 'Size', selected: ['S'], custom: 'M' }] } })).toBe(
      'answers[1] ("Size"): a custom answer is not allowed for this question; omit "custom" and choose from "S", "L"'
    )
    expect(validate({ input: stored, output: { answers: [{ header: 'Size', selected: ['S'] }] } })).toBe(
      'answers: expected 2 answers, one per question in order ("Color", "Size"), got 1'
    )
  })

  it('returns a message instead of throwing for a malformed output', () => {
    expect(validate({ input: stored, output: { answers: [{ header: 'Color', selected: 'Red' }] } })).toMatch(/^answers\[0\]\.selected: /)
    expect(validate({ input: stored, output: null })).toMatch(/^output: /)
  })

  it('returns a message instead of throwing for an invalid stored input', () => {
    expect(validate({ input: { questions: [] }, output: { answers: [] } })).toBe(
      'the stored question input is invalid: questions: ask at least one question'
    )
  })
})

describe('frogbot/tools exports', () => {
  it('exports exactly the question tool, its schemas and its answer rules', () => {
    expect(Object.keys(tools).sort()).toEqual(['QuestionInput', 'QuestionOutput', 'checkQuestionAnswer', 'question'])
  })

  it('exports the schemas as same-named types', () => {
    const input: QuestionInputType = QuestionInput.parse(stored)
    const output: QuestionOutputType = { answers: [{ header: 'Color', selected: ['Blue'] }, { header: 'Size', selected: ['L'] }] }
    expect(input.questions[0].multiple).toBe(false)
    expect(checkQuestionAnswer(input, output)).toBe(true)
  })

  it('refuses unknown fields in an answer instead of dropping them (a newcomer saw them silently dropped)', () => {
    const extraInAnswer = QuestionOutput.safeParse({ answers: [{ header: 'Color', selected: ['Red'], x: 1 }] })
    expect(extraInAnswer.success).toBe(false)
    expect(extraInAnswer.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['x'], path: ['answers', 0] })
    expect(QuestionOutput.safeParse({ answers: [], extra: true }).success).toBe(false)
  })
})

