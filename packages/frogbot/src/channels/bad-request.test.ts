import { describe, expect, it } from 'vitest'
import { badRequest } from './bad-request.ts'

describe('badRequest', () => {
  it("is a 400 in FrogBot's flat error shape, the message as given", async () => {
    const answer = badRequest('Refused: the body is not JSON.')
    expect(answer.status).toBe(400)
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await answer.text()).toBe(JSON.stringify({ error: 'Refused: the body is not JSON.', code: 'bad-request' }))
  })
})
