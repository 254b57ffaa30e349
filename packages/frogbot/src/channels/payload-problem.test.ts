import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { payloadProblem } from './payload-problem.ts'

const Payload = z.object({ action: z.string(), comment: z.object({ user: z.object({ login: z.string().regex(/^[a-z]+$/, 'must be a login') }) }) })
const problem = (payload: unknown) => payloadProblem(Payload.safeParse(payload).error!)

describe('payloadProblem', () => {
  it("names the first field that breaks its rule by its dotted path, with the schema's words", () => {
    expect(problem({ action: 'created', comment: { user: { login: 'Ada!' } } })).toBe('comment.user.login: must be a login')
    expect(problem({ action: 1, comment: { user: { login: 'Ada!' } } })).toMatch(/^action: /)
  })

  it('names the body when the payload itself is wrong', () => {
    expect(problem('not an object')).toMatch(/^the body: /)
  })
})
