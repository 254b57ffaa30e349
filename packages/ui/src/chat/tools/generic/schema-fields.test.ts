import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { fieldsOutput, humanize, initialValues, schemaFields } from './schema-fields.ts'

const schema = z.toJSONSchema(
  z.object({
    approved: z.boolean(),
    amount: z.number().describe('The approved amount'),
    people: z.number().int().optional(),
    note: z.string().optional(),
    level: z.enum(['low', 'high']),
    tags: z.array(z.enum(['travel', 'food'])),
    names: z.array(z.string()).optional(),
    extra: z.object({ a: z.number() }).nullable().optional()
  })
)

describe('the generic client tool form', () => {
  test('reads one field per property of the output JSON Schema', () => {
    expect(schemaFields(schema)!.map(({ key, kind, required, options }) => ({ key, kind, required, ...(options ? { options } : {}) }))).toEqual([
      { key: 'approved', kind: 'boolean', required: true },
      { key: 'amount', kind: 'number', required: true },
      { key: 'people', kind: 'integer', required: false },
      { key: 'note', kind: 'text', required: false },
      { key: 'level', kind: 'choice', required: true, options: ['low', 'high'] },
      { key: 'tags', kind: 'choices', required: true, options: ['travel', 'food'] },
      { key: 'names', kind: 'list', required: false },
      { key: 'extra', kind: 'json', required: false }
    ])
    expect(schemaFields(schema)![1]).toMatchObject({ label: 'Amount', description: 'The approved amount' })
  })

  test('asks for the whole output as JSON when it is not an object with properties', () => {
    expect(schemaFields(z.toJSONSchema(z.string()))).toBeNull()
    expect(schemaFields(undefined)).toBeNull()
  })

  test('turns the values into the output, leaving empty optional fields out', () => {
    const fields = schemaFields(schema)!
    const values = { ...initialValues(fields), approved: true, amount: ' 900.5 ', level: 'high', tags: ['food'], names: 'Ada\n\n Grace ' }
    expect(fieldsOutput(fields, values)).toEqual({ output: { approved: true, amount: 900.5, level: 'high', tags: ['food'], names: ['Ada', 'Grace'] } })
  })

  test('names the field and the rule when a value cannot be sent', () => {
    const fields = schemaFields(schema)!
    const base = { ...initialValues(fields), amount: '5', level: 'low', tags: ['travel'] }
    expect(fieldsOutput(fields, { ...base, amount: '' })).toEqual({ error: 'Amount: required.', field: 'amount' })
    expect(fieldsOutput(fields, { ...base, amount: 'lots' })).toEqual({ error: 'Amount: enter a number.', field: 'amount' })
    expect(fieldsOutput(fields, { ...base, people: '2.5' })).toEqual({ error: 'People: enter a whole number.', field: 'people' })
    expect(fieldsOutput(fields, { ...base, tags: [] })).toEqual({ error: 'Tags: choose at least one.', field: 'tags' })
    expect(fieldsOutput(fields, { ...base, extra: '{ nope' })).toEqual({ error: 'Extra: not valid JSON.', field: 'extra' })
  })

  test('humanizes property names', () => {
    expect([humanize('fileName'), humanize('file_name'), humanize('confirm-budget')]).toEqual(['File name', 'File name', 'Confirm budget'])
  })
})
