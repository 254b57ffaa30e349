import { describe, expect, test } from 'vitest'
import { assigneeName, assigneesText } from './call-facts-text.ts'

describe('who a waiting call asks, as its card says it', () => {
  test('names from emails, ids as they are, and the signed-in user as you', () => {
    expect(assigneeName('dana@example.com')).toBe('Dana')
    expect(assigneeName('dana.smith@example.com')).toBe('Dana Smith')
    expect(assigneeName('user_123')).toBe('user_123')
    expect(assigneesText(['dana@example.com'])).toBe('Waiting for Dana')
    expect(assigneesText(['dana@example.com', 'carl@example.com'])).toBe('Waiting for Dana and Carl')
    expect(assigneesText(['dana@example.com', 'user_ada'], { id: 'user_ada', email: 'ada@example.com' })).toBe('Waiting for you and Dana')
    expect(assigneesText(['ADA@example.com'], { id: 'user_ada', email: 'ada@example.com' })).toBe('Waiting for you')
    expect(assigneesText(['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io'])).toBe('Waiting for A, B and 2 others')
    expect(assigneesText(undefined)).toBe('')
    expect(assigneesText([])).toBe('')
  })
})
