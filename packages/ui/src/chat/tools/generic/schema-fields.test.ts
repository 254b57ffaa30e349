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

  test("reads MCP form elicitation's primitives: titled options, defaults, formats and bounds", () => {
    const fields = schemaFields({
      type: 'object',
      properties: {
        env: { type: 'string', oneOf: [{ const: 'stg', title: 'Staging' }, { const: 'prod', title: 'Production' }] },
        size: { type: 'string', enum: ['s', 'l'], enumNames: ['Small', 'Large'] },
        replicas: { type: 'integer', minimum: 1, maximum: 5, default: 2 },
        contact: { type: 'string', format: 'email', minLength: 3 },
        at: { type: 'string', format: 'date-time' },
        regions: { type: 'array', items: { anyOf: [{ const: 'eu', title: 'Europe' }, { const: 'us', title: 'America' }] }, default: ['eu'] },
        notify: { type: 'boolean', default: true }
      },
      required: ['env', 'replicas']
    })!
    expect(fields.map(({ key, kind, optionLabels, format, minLength }) => ({ key, kind, ...(optionLabels ? { optionLabels } : {}), ...(format ? { format } : {}), ...(minLength ? { minLength } : {}) }))).toEqual([
      { key: 'env', kind: 'choice', optionLabels: { stg: 'Staging', prod: 'Production' } },
      { key: 'size', kind: 'choice', optionLabels: { s: 'Small', l: 'Large' } },
      { key: 'replicas', kind: 'integer' },
      { key: 'contact', kind: 'text', format: 'email', minLength: 3 },
      { key: 'at', kind: 'text', format: 'date-time' },
      { key: 'regions', kind: 'choices', optionLabels: { eu: 'Europe', us: 'America' } },
      { key: 'notify', kind: 'boolean' }
    ])
    const values = initialValues(fields)
    expect(values).toMatchObject({ replicas: '2', regions: ['eu'], notify: true, env: '' })
    expect(fieldsOutput(fields, { ...values, env: 'prod', replicas: '9' })).toEqual({ error: 'Replicas: at most 5.', field: 'replicas' })
    expect(fieldsOutput(fields, { ...values, env: 'prod', replicas: '0' })).toEqual({ error: 'Replicas: at least 1.', field: 'replicas' })
    const output = fieldsOutput(fields, { ...values, env: 'prod', at: '2026-12-06T10:30' })
    expect(output).toMatchObject({ output: { env: 'prod', replicas: 2, regions: ['eu'], notify: true, at: new Date('2026-12-06T10:30').toISOString() } })
  })
})
