import { APICallError } from 'ai'
import { describe, expect, test } from 'vitest'
import { apiCallError, ChatApiError, errorMessage } from './chat-api-error.ts'

describe('errors for a person', () => {
  test("reads FrogBot's flat error body: message, code and the fields beside them", () => {
    const error = ChatApiError.fromBody(409, JSON.stringify({ error: 'Someone answered first.', code: 'already-settled', settlement: { toolCallId: 'c1' } }))
    expect([error.status, error.code, error.message]).toEqual([409, 'already-settled', 'Someone answered first.'])
    expect(error.body.settlement).toMatchObject({ toolCallId: 'c1' })
    expect(ChatApiError.isInstance(error)).toBe(true)
  })

  test('a body that is not an error object still gives a sentence', () => {
    expect(ChatApiError.fromBody(502, 'Bad gateway').message).toBe('Bad gateway')
    expect(ChatApiError.fromBody(500, '').message).toBe('The server answered 500.')
    expect(ChatApiError.fromBody(409, JSON.stringify({ error: { code: 'x' } })).message).toBe('The server answered 409.')
  })

  test("unwraps the AI SDK transport's APICallError", () => {
    const thrown = new APICallError({ message: 'x', url: '/api/agents/planner', requestBodyValues: {}, statusCode: 400, responseBody: JSON.stringify({ error: 'answers[0] ("Color"): "Green" was not offered', code: 'invalid-output' }) })
    expect(apiCallError(thrown)).toMatchObject({ status: 400, code: 'invalid-output' })
    expect(errorMessage(thrown)).toBe('answers[0] ("Color"): "Green" was not offered')
    expect(apiCallError(new Error('plain'))).toBeNull()
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Could not reach the server. Check your connection and try again.')
  })
})
