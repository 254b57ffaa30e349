import { createHash, timingSafeEqual } from 'node:crypto'

/**
 * Whether `given` (a header a platform sends a static secret in: Telegram's webhook secret token,
 * a forwarder's shared secret) is `secret`, compared in constant time: both are hashed with
 * SHA-256 first, so that neither their lengths nor their contents show in the time it takes. A
 * missing header (`null`) is never the secret.
 */
export function sameSecret(given: string | null, secret: string): boolean {
  if (given === null) return false
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(given), digest(secret))
}
