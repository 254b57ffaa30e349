import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { InboxQuery } from './inbox.ts'
import { LoginRequest, RenameRequest } from './requests.ts'
import { boundedText, maxUtf16Units } from './text-length.ts'

/** The first refusal's message of `schema` for `value`, or `null` when it is taken. */
function refusal(schema: z.ZodType, value: unknown): string | null {
  const parsed = schema.safeParse(value)
  return parsed.success ? null : parsed.error.issues[0].message
}

describe('lengths in UTF-16 code units', () => {
  const twoEmoji = '😀😀'

  it('counts an emoji as 2, where Zod\'s max counts it 1, and keeps maxLength in the JSON Schema', () => {
    const schema = maxUtf16Units(z.string(), 3, 'too long')
    expect(refusal(schema, 'abc')).toBeNull()
    expect(refusal(schema, 'a😀')).toBeNull()
    expect(refusal(schema, twoEmoji)).toBe('too long')
    expect(refusal(schema, 'abcd')).toBe('too long')
    expect(z.toJSONSchema(schema)).toMatchObject({ type: 'string', maxLength: 3 })
  })

  it('boundedText refuses empty and too long, naming the limit once', () => {
    const schema = boundedText(4)
    expect(refusal(schema, '')).toBe('must not be empty')
    expect(refusal(schema, twoEmoji)).toBeNull()
    expect(refusal(schema, `${twoEmoji}x`)).toBe('is too long (at most 4 characters)')
    expect(schema.safeParse('x'.repeat(9)).error?.issues).toHaveLength(1)
  })

  it('the sign-in, the inbox query and a title count them so', () => {
    const emoji = (count: number) => '😀'.repeat(count)
    const longEmail = { email: emoji(161), password: 'x' }
    expect(refusal(LoginRequest, longEmail)).toBe('is too long (at most 320 characters)')
    // 154 emoji and "@example.com": 320 UTF-16 units, an email at the limit.
    expect(refusal(LoginRequest, { email: `${emoji(154)}@example.com`, password: emoji(512) })).toBeNull()
    const overLimit = { email: `${emoji(155)}@example.com`, password: 'x' }
    expect(refusal(LoginRequest, overLimit)).toBe('is too long (at most 320 characters)')
    const longPassword = { email: 'a@b.c', password: emoji(513) }
    expect(refusal(LoginRequest, longPassword)).toBe('is too long (at most 1024 characters)')
    expect(refusal(InboxQuery, { agent: emoji(33) })).toBe('is too long (at most 64 characters)')
    expect(refusal(InboxQuery, { kind: emoji(101) })).toBe('is too long (at most 200 characters)')
    const notACursor = 'not a cursor: pass the nextCursor of the previous page'
    expect(refusal(InboxQuery, { cursor: emoji(501) })).toBe(notACursor)
    expect(refusal(InboxQuery, { cursor: emoji(500) })).toBeNull()
    const longTitle = { title: 'x'.repeat(78) + twoEmoji }
    expect(refusal(RenameRequest, longTitle)).toMatch(/^must be at most 80 characters/)
    expect(refusal(RenameRequest, { title: 'x'.repeat(76) + twoEmoji })).toBeNull()
  })
})
