/** The requests the kit made from bodies a piece's `verify` accepted (held weakly: gone with the request). */
const verified = new WeakSet<Request>()

/**
 * A request with the verified `body` in place of `request`'s stream (same URL and headers), as the
 * kit hands it to a Chat SDK adapter once the piece's `verify` and the replay guard accepted it:
 * the body was read once, by `verify`, and is never read from the network again.
 */
export function verifiedRequest(request: Request, body: string): Request {
  const handed = new Request(request.url, { method: 'POST', headers: request.headers, body })
  verified.add(handed)
  return handed
}

/**
 * The `webhookVerifier` every Chat SDK adapter of a kit piece is configured with (Chat SDK's
 * adapters take one in place of their own signature check): true only for a request the kit made
 * with {@link verifiedRequest}. The platform's signature is checked once, by the piece's `verify`;
 * a request that reached the adapter any other way is refused.
 */
export function verifiedByKit(request: Request): boolean {
  return verified.has(request)
}
