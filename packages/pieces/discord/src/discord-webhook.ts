import { createPublicKey, verify } from 'node:crypto'
import { jsonObject, type PieceContext, refusedRequest, replayGuard, sameSecret, unauthorized } from 'frogbot/channels'

/** How far an interaction's signed timestamp may be from now (ms): 5 minutes, as FrogBot checks Slack's. Chat SDK does not check its age. */
export const MAX_SKEW_MS = 5 * 60_000

/** The header Chat SDK's Gateway forwarder sends, holding the bot token. */
export const GATEWAY_TOKEN_HEADER = 'x-discord-gateway-token'

/** The fields of a body the verifier reads to know a delivery again: an interaction's id, a forwarded event's message id and time. */
function headOf(body: string): { id?: string; type?: unknown; timestamp?: unknown } | null {
  const record = jsonObject(body) as { id?: unknown; type?: unknown; timestamp?: unknown; data?: { id?: unknown } | null } | string
  if (typeof record === 'string') return null
  const id = typeof record.id === 'string' ? record.id : typeof record.data?.id === 'string' ? record.data.id : undefined
  return { ...(id ? { id } : {}), type: record.type, timestamp: record.timestamp }
}

/** What whoever runs FrogBot can do about a refused request, if Discord sent it, by what was wrong. */
const REMEDIES = {
  unsigned: 'Discord signs every interaction it sends; this one came from elsewhere',
  stale: "if Discord sent it, check this server's clock (interactions are refused 5 minutes after they were signed)",
  token: 'forwarded Gateway events carry the bot token (DISCORD_BOT_TOKEN); this one carried another',
  signature: "if Discord sent it, DISCORD_PUBLIC_KEY (or publicKey) is not the application's public key (Developer Portal → General Information)"
}

/**
 * Checks a request to the Discord webhook before Chat SDK reads it (docs/pieces/discord.md, how
 * requests are verified). Two kinds reach it:
 * - an interaction (the application's Interactions Endpoint): the Ed25519 signature
 *   `x-signature-ed25519` over `x-signature-timestamp` + the raw body, by the application's public
 *   key (discord.com/developers/docs/interactions/overview, "Setting Up an Endpoint"); the
 *   timestamp (seconds) within {@link MAX_SKEW_MS} of `now`; the interaction id seen once;
 * - a forwarded Gateway event (Chat SDK's forwarding format, from this piece's own listener):
 *   `x-discord-gateway-token` equal to the bot token (compared in constant time), its `timestamp`
 *   (ms) within {@link MAX_SKEW_MS}, its message id seen once.
 * Both go through the kit's replay guard, in FrogBot's database, so a replay to any server
 * changes nothing. Returns the body, or the `401` refusal (logged at most once a minute with what
 * to do).
 */
export function discordVerifier({ publicKey, botToken }: { publicKey: string; botToken: string }) {
  // The application's public key (64 hex digits, as the Developer Portal shows it): an Ed25519 JWK's `x` is its 32 raw bytes (RFC 8037).
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey, 'hex').toString('base64url') }, format: 'jwk' })
  return async (request: Request, { state, now, refused }: Pick<PieceContext, 'state' | 'now' | 'refused'>): Promise<string | Response> => {
    const body = await request.text()
    const refuse = (reason: string, remedy: keyof typeof REMEDIES) => refusedRequest(refused, reason, REMEDIES[remedy])
    const guard = replayGuard({ state, now, windowMs: MAX_SKEW_MS })
    const head = headOf(body)
    const gatewayToken = request.headers.get(GATEWAY_TOKEN_HEADER)
    if (gatewayToken !== null) {
      if (!sameSecret(gatewayToken, botToken)) return refuse('the gateway token is not the bot token', 'token')
      const signedAt = typeof head?.timestamp === 'number' ? head.timestamp : Number.NaN
      const refusal = await guard.admit({ body, signedAt, ...(head?.id ? { deliveryId: `gateway:${String(head.type)}:${head.id}` } : {}) })
      return refusal ? unauthorized(refusal.message) : body
    }
    const signature = request.headers.get('x-signature-ed25519')
    const timestamp = request.headers.get('x-signature-timestamp')
    if (!signature || !timestamp) return refuse('the x-signature-ed25519 and x-signature-timestamp headers are missing', 'unsigned')
    const signatureBytes = /^[0-9a-f]{128}$/i.test(signature) ? Buffer.from(signature, 'hex') : null
    if (!signatureBytes || !verify(null, Buffer.from(timestamp + body), key, signatureBytes)) return refuse('the Ed25519 signature is invalid', 'signature')
    const signedAt = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) * 1000 : Number.NaN
    const refusal = await guard.admit({ body, signedAt, ...(head?.id && head.type !== 1 ? { deliveryId: `interaction:${head.id}` } : {}) })
    if (refusal?.refused === 'stale') return refuse(`the signed timestamp is more than ${MAX_SKEW_MS / 60_000} minutes away from this server's time`, 'stale')
    return refusal ? unauthorized(refusal.message) : body
  }
}
