import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { formatPath, QuestionInput, QuestionOutput } from './question-schemas.ts'

const q = (header: string, labels: string[] = ['Red', 'Blue'], extra: Record<string, unknown> = {}) => ({
  header,
  question: `Which ${header}?`,
  options: labels.map((label) => ({ label })),
  ...extra
})

/** Parses and returns `[path, message]` pairs, or throws when the input is accepted. */
function issues(input: unknown): [string, string][] {
  const result = QuestionInput.safeParse(input)
  if (result.success) throw new Error('expected the input to be rejected')
  return result.error.issues.map((i) => [formatPath(i.path), i.message])
}

describe('QuestionInput', () => {
  it('accepts a valid call and applies the defaults multiple: false, custom: true', () => {
    const parsed = QuestionInput.parse({ questions: [q('Color'), q('Size', ['S', 'M'], { multiple: true, custom: false })] })
    expect(parsed.questions[0]).toMatchObject({ multiple: false, custom: true })
    expect(parsed.questions[1]).toMatchObject({ multiple: true, custom: false })
  })

  it('keeps option descriptions', () => {
    const parsed = QuestionInput.parse({
      questions: [{ header: 'Plan', question: 'Which plan?', options: [{ label: 'A', description: 'Fast' }] }]
    })
    expect(parsed.questions[0].options[0]).toEqual({ label: 'A', description: 'Fast' })
  })

  it('requires at least one question', () => {
    expect(issues({ questions: [] })).toEqual([['questions', 'questions: ask at least one question']])
  })

  it('requires a header of 1 to 30 characters', () => {
    expect(QuestionInput.safeParse({ questions: [q('x'.repeat(30))] }).success).toBe(true)
    expect(issues({ questions: [q('')] })).toEqual([['questions[0].header', 'questions[0].header: headers must not be empty']])
    const long = 'x'.repeat(31)
    expect(issues({ questions: [q('Color'), q(long)] })).toEqual([
      ['questions[1].header', `questions[1].header: "${long}" is 31 characters; headers must be at most 30 characters`]
    ])
  })

  it('requires headers to be unique within the call', () => {
    expect(issues({ questions: [q('Color'), q('Color'), q('Size')] })).toEqual([
      ['questions[1].header', 'questions[1].header: "Color" is used twice; headers must be unique within a call']
    ])
    expect(QuestionInput.safeParse({ questions: [q('Color'), q('color')] }).success).toBe(true)
  })

  it('requires non-empty question text', () => {
    expect(issues({ questions: [{ ...q('Color'), question: '' }] })).toEqual([
      ['questions[0].question', 'questions[0].question: the question text must not be empty']
    ])
  })

  it('requires at least one option', () => {
    expect(issues({ questions: [q('Color', [])] })).toEqual([['questions[0].options', 'questions[0].options: offer at least one option']])
    expect(QuestionInput.safeParse({ questions: [q('Color', ['Only'])] }).success).toBe(true)
  })

  it('requires non-empty option labels, reported once even when repeated', () => {
    expect(issues({ questions: [q('Color', ['Red', '', ''])] })).toEqual([
      ['questions[0].options[1].label', 'questions[0].options[1].label: option labels must not be empty'],
      ['questions[0].options[2].label', 'questions[0].options[2].label: option labels must not be empty']
    ])
  })

  it('requires option labels to be unique within a question, naming the question by its header', () => {
    expect(issues({ questions: [q('Size', ['S']), q('Color', ['Red', 'Blue', 'Red'])] })).toEqual([
      [
        'questions[1].options[2].label',
        'questions[1].options[2].label: "Red" is offered twice in "Color"; option labels must be unique within a question'
      ]
    ])
    // The same label in two different questions is fine.
    expect(QuestionInput.safeParse({ questions: [q('Color', ['Red']), q('Accent', ['Red'])] }).success).toBe(true)
  })

  it('reports every broken rule, each at its own path', () => {
    const found = issues({ questions: [q('Color', ['A', 'A']), q('Color', [])] }).map(([path]) => path)
    expect(found).toEqual(['questions[1].options', 'questions[0].options[1].label', 'questions[1].header'])
  })

  it('rejects wrong types', () => {
    expect(QuestionInput.safeParse({}).success).toBe(false)
    expect(QuestionInput.safeParse({ questions: [{ ...q('Color'), multiple: 'yes' }] }).success).toBe(false)
  })

  it('converts to JSON schema with descriptions, limits and defaults', () => {
    const schema = z.toJSONSchema(QuestionInput, { io: 'input' }) as any
    const item = schema.properties.questions.items
    expect(schema.description).toBeTruthy()
    expect(schema.properties.questions.minItems).toBe(1)
    expect(item.required).toEqual(['header', 'question', 'options'])
    expect(item.properties.header).toMatchObject({ type: 'string', minLength: 1, maxLength: 30 })
    expect(item.properties.multiple).toMatchObject({ type: 'boolean', default: false })
    expect(item.properties.custom).toMatchObject({ type: 'boolean', default: true })
    expect(item.properties.options.items.required).toEqual(['label'])
    for (const key of ['header', 'question', 'options', 'multiple', 'custom']) {
      expect(item.properties[key].description, key).toBeTruthy()
    }
    expect(item.properties.options.items.properties.label.description).toBeTruthy()
    expect(item.properties.options.items.properties.description.description).toBeTruthy()
    expect(() => z.toJSONSchema(QuestionInput)).not.toThrow()
  })
})

describe('QuestionOutput', () => {
  it('accepts answers with and without custom', () => {
    const value = { answers: [{ header: 'Color', selected: ['Red'] }, { header: 'Size', selected: [], custom: 'XL' }] }
    expect(QuestionOutput.parse(value)).toEqual(value)
  })

  it('rejects a malformed answer', () => {
    expect(QuestionOutput.safeParse({ answers: [{ header: 'Color', selected: 'Red' }] }).success).toBe(false)
    expect(QuestionOutput.safeParse({ answers: [{ selected: [] }] }).success).toBe(false)
    expect(QuestionOutput.safeParse({}).success).toBe(false)
  })

  it('converts to JSON schema with descriptions', () => {
    const schema = z.toJSONSchema(QuestionOutput) as any
    const item = schema.properties.answers.items
    expect(item.required).toEqual(['header', 'selected'])
    for (const key of ['header', 'selected', 'custom']) expect(item.properties[key].description, key).toBeTruthy()
  })
})

describe('formatPath', () => {
  it('formats keys and indexes', () => {
    expect(formatPath(['questions', 1, 'options', 0, 'label'])).toBe('questions[1].options[0].label')
    expect(formatPath([])).toBe('')
  })
})
