import { randomFillSync } from 'node:crypto'

const ID_BYTES = 18
const pool = Buffer.alloc(ID_BYTES * 512)
let offset = pool.length

/**
 * A new random id: `prefix` + `_` + 144 random bits in base64url (24 characters). Chat ids must be
 * unguessable because anyone who knows the id of an owner-less chat can continue it (docs/auth/access.md).
 * The bits come from the system's secure random source, drawn 9 KiB at a time.
 */
export function randomId(prefix: string): string {
  if (offset + ID_BYTES > pool.length) {
    randomFillSync(pool)
    offset = 0
  }
  const id = pool.toString('base64url', offset, offset + ID_BYTES)
  pool.fill(0, offset, offset + ID_BYTES)
  offset += ID_BYTES
  return `${prefix}_${id}`
}

/** Rule for ids a client may choose for a new chat (`chatId`, or `id` from `useChat`). */
export const CLIENT_CHAT_ID = /^[A-Za-z0-9_-]{16,128}$/
