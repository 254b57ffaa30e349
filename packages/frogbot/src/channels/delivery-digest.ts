import { createHash } from 'node:crypto'

/**
 * A delivery id for `replayGuard` made of the fields that name a platform's event where it sends
 * no delivery id of its own (Microsoft Teams: an activity's conversation, type and id, which Teams
 * keeps when it delivers the activity again): the SHA-256 of `parts` joined by newlines, as 64 hex
 * characters, so that the key has one length whatever the fields hold.
 */
export function deliveryDigest(parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex')
}
