import type { UIMessage } from 'ai'
import { refuseBlank } from './blank-message.ts'
import { refuseNul } from './nul-text.ts'

/**
 * The rules of a user message from a web door: not blank, no NUL or lone surrogate in its text
 * (both `bad-request` naming `field`, see `refuseBlank` and `refuseNul`). Nothing is stored.
 */
export function refuseUnsendable(parts: UIMessage['parts'], field: string): void {
  refuseBlank(parts, field)
  refuseNul(parts, field)
}
