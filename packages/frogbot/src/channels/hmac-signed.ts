import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Whether `signature` is `prefix` followed by the lowercase hex HMAC-SHA256 of the raw `body` with
 * `secret`, exactly as written and compared in constant time: GitHub's `X-Hub-Signature-256`
 * (`sha256=<hex>`, "Validating webhook deliveries", docs.github.com), Linear's `Linear-Signature`
 * (bare hex, "Webhooks", linear.app/developers/webhooks). Nothing is trimmed or folded to lower
 * case here (a piece that accepts another form normalises it first); a signature of another length
 * is `false`, never an error.
 */
export function hmacSigned({ secret, body, signature, prefix = '' }: { secret: string; body: string; signature: string; prefix?: string }): boolean {
  const expected = Buffer.from(`${prefix}${createHmac('sha256', secret).update(body).digest('hex')}`)
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
