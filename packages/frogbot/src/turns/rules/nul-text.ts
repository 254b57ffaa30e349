import { typedTextProblem } from '@frogbotai/protocol'
import type { UIMessage } from 'ai'
import { FrogbotError } from '../../errors/frogbot-error.ts'

/**
 * Refuses a user message whose text holds NUL (U+0000; see `NUL_RULE`), or is not well-formed
 * Unicode (a lone surrogate; `WELL_FORMED_RULE`), at every web door with
 * `FrogbotError('bad-request')`, `<where>: must not contain NUL (U+0000)`: `field` names the text
 * the caller gave (`prompt`, `text`), or, ending in `parts`, the parts, and then the part is named
 * too (`messages.0.parts.1.text`). Nothing is stored.
 */
export function refuseNul(parts: UIMessage['parts'], field: string): void {
  const index = parts.findIndex((part) => part.type === 'text' && typedTextProblem(part.text) !== null)
  if (index < 0) return
  const part = parts[index] as { text: string }
  throw new FrogbotError('bad-request', `${field.endsWith('parts') ? `${field}.${index}.text` : field}: ${typedTextProblem(part.text)}`)
}

/**
 * Refuses `value` (a JSON value: a card's draft, the questions an MCP client asks a person) when a
 * string or key in it breaks the typed-text rules (see {@link typedTextProblemIn}), with
 * `FrogbotError('bad-request')` naming it below `path`: `draft.answers.0.custom: must not contain
 * NUL (U+0000)`. Nothing is stored.
 */
export function refuseBrokenText(value: unknown, path: (string | number)[]): void {
  const broken = typedTextProblemIn(value, path)
  if (broken) throw new FrogbotError('bad-request', `${broken.path.join('.')}: ${broken.problem}`)
}

/**
 * The first string in `value` (a JSON value a person typed: an approval's edited input) that breaks
 * the typed-text rules (`typedTextProblem`: NUL, a lone surrogate), with its path below `value`
 * (`['lines', 0, 'item']`); a key is checked as its value is. `null` when none does.
 */
export function typedTextProblemIn(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; problem: string } | null {
  if (typeof value === 'string') {
    const problem = typedTextProblem(value)
    return problem ? { path, problem } : null
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = typedTextProblemIn(item, [...path, index])
      if (found) return found
    }
    return null
  }
  if (value === null || typeof value !== 'object') return null
  for (const [key, item] of Object.entries(value)) {
    const problem = typedTextProblem(key)
    if (problem) return { path: [...path, key], problem: `its name ${problem}` }
    const found = typedTextProblemIn(item, [...path, key])
    if (found) return found
  }
  return null
}
