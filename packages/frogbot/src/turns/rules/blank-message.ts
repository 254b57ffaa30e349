import type { UIMessage } from 'ai'
import { BLANK_RULE, isBlankText } from '@frogbotai/protocol'
import { FrogbotError } from '../../errors/frogbot-error.ts'

/**
 * Whether a user message's parts hold nothing to send: no file, and no text but white space,
 * zero-width, bidi control, other default-ignorable or control characters (`isBlankText`).
 */
export function isBlank(parts: UIMessage['parts']): boolean {
  return !parts.some((part) => part.type === 'file' || (part.type === 'text' && !isBlankText(part.text)))
}

/**
 * Refuses a blank user message at every door with HTTP's own answer for a blank `prompt` or edit:
 * `FrogbotError('bad-request')`, `<field>: must not be empty or blank` (`BLANK_RULE`), where
 * `field` is the name the caller gave the text (`prompt`, `text`).
 */
export function refuseBlank(parts: UIMessage['parts'], field: string): void {
  if (isBlank(parts)) throw new FrogbotError('bad-request', `${field}: ${BLANK_RULE}`)
}
