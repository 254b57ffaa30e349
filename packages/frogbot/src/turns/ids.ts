import { randomBytes } from 'node:crypto'

/**
 * A new random id: `prefix` + `_` + 144 random bits in base64url (24 characters). Chat ids must be
 * unguessable because anyone who knows the id of an owner-less chat can continue it (SPEC §6).
 */
export function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`
}

/** Rule for ids a client may choose for a new chat (`chatId`, or `id` from `useChat`). */
export const CLIENT_CHAT_ID = /^[A-Za-z0-9_-]{16,128}$/
