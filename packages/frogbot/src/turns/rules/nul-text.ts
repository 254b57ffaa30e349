import { hasNul, NUL_RULE } from '@frogbotai/protocol'
import type { UIMessage } from 'ai'
import { FrogbotError } from '../../errors/frogbot-error.ts'

/**
 * Refuses a user message whose text holds NUL (U+0000; see `NUL_RULE`) at every web door with
 * `FrogbotError('bad-request')`, `<where>: must not contain NUL (U+0000)`: `field` names the text
 * the caller gave (`prompt`, `text`), or, ending in `parts`, the parts, and then the part is named
 * too (`messages.0.parts.1.text`). Nothing is stored.
 */
export function refuseNul(parts: UIMessage['parts'], field: string): void {
  const index = parts.findIndex((part) => part.type === 'text' && hasNul(part.text))
  if (index < 0) return
  throw new FrogbotError('bad-request', `${field.endsWith('parts') ? `${field}.${index}.text` : field}: ${NUL_RULE}`)
}
