import { z } from 'zod'

/**
 * `text` (a Zod string) of at most `max` characters counted in UTF-16 code units (`String.length`,
 * as a browser's `maxlength` counts: an emoji is 2), as every length FrogBot states does
 * (docs/project/guarantees.md, Limits); longer is refused with `rule`. Zod's `max` counts code
 * points (an emoji is 1): it stays, for the JSON Schema's `maxLength`, and stops at its own
 * refusal; the count in UTF-16 units follows it.
 */
export function maxUtf16Units(text: z.ZodString, max: number, rule: string): z.ZodString {
  return text.max(max, { error: rule, abort: true }).refine((value) => value.length <= max, rule)
}

/**
 * A string of 1 to `max` characters in UTF-16 code units ({@link maxUtf16Units}): `must not be
 * empty`, `is too long (at most 320 characters)`; for a field named in the refusal (the sign-in's
 * `email`, the inbox's `agent`).
 */
export function boundedText(max: number): z.ZodString {
  return maxUtf16Units(z.string().min(1, 'must not be empty'), max, `is too long (at most ${max} characters)`)
}
