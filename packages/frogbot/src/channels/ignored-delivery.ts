/**
 * A verified delivery the piece does not act on (another event, an action it does not read),
 * answered `200` with `Ignored: <why>.` in plain text: the platform shows the answer in its
 * delivery log, so whoever set up the webhook sees why; any status but a `2xx` would be retried,
 * or counted against the webhook (GitHub's and Linear's deliveries). `why`: a phrase without a
 * final stop.
 */
export function ignoredDelivery(why: string): Response {
  return new Response(`Ignored: ${why}.`, { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } })
}
