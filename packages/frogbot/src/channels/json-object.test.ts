import { describe, expect, it } from 'vitest'
import { isJsonObject } from './json-object.ts'

describe('isJsonObject', () => {
  it('takes objects, and neither arrays, null nor anything else', () => {
    expect([{}, { id: '1' }, JSON.parse('{"a":[1]}')].every(isJsonObject)).toBe(true)
    expect([[], null, undefined, 'text', 7, true].some(isJsonObject)).toBe(false)
  })
})
