import { describe, expect, it } from 'vitest'
import { approvalEditForm } from './approval-edit-form.ts'

const input = { customer: 'ACME', amount: 1200, lines: [{ item: 'Widgets' }] }

describe('the approval Edit form', () => {
  it('shows the input field by field and reads it back by index, a field left out keeping its value', () => {
    const form = approvalEditForm(input)
    expect(form.fields.map((field) => field.value)).toEqual(['ACME', '1200', '[{"item":"Widgets"}]'])
    const typed = ['ACME Corp', '900']
    expect(form.read((index) => typed[index])).toEqual({ input: { customer: 'ACME Corp', amount: 900, lines: [{ item: 'Widgets' }] } })
  })

  it('points at the field whose value is not JSON, and at the field an invalid-input message names', () => {
    const form = approvalEditForm(input)
    expect(form.read((index) => (index === 2 ? '[oops' : undefined))).toEqual({ field: 2, problem: expect.stringContaining('lines: write a JSON value') })
    expect(form.fieldOf('input.amount: Number must be less than 1000')).toBe(1)
    expect(form.fieldOf('input: Required')).toBe(0)
    expect(form.fieldOf('the call already ended')).toBeNull()
  })

  it('reads an input that is not an object as one field, input', () => {
    const form = approvalEditForm(42)
    expect(form.fields).toEqual([{ name: 'input', value: '42', json: true }])
    expect(form.read(() => '43')).toEqual({ input: 43 })
  })
})
