import { errorText } from '../../text/error-text.ts'
/** How long before a platform's deadline a request still being handled is acknowledged anyway (ms). */
export const ACK_MARGIN_MS = 500

/**
 * The answer to a platform's request within its deadline (Slack 3 s, Discord 3 s, Microsoft Teams
 * 15 s, Linear 5 s): `handled`'s own answer when it comes within `deadlineMs` less
 * {@link ACK_MARGIN_MS}, else `lateAck()` (default `200` with no body), while the handling goes on
 * in the background (`track`); a late failure is logged.
 */
export async function withinDeadline(
  handled: Promise<Response>,
  { deadlineMs, lateAck = () => new Response('', { status: 200 }), track, log }: { deadlineMs: number; lateAck?: () => Response; track: <T>(work: Promise<T>) => Promise<T>; log: (line: string) => void }
): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), Math.max(0, deadlineMs - ACK_MARGIN_MS))))
  try {
    const response = await Promise.race([handled, late])
    if (response) return response
  } finally {
    clearTimeout(timer)
  }
  void track(handled.then(() => undefined, (error: unknown) => log(`a request acknowledged late failed: ${errorText(error)}`)))
  return lateAck()
}
