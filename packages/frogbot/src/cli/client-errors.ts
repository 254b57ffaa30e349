import { STATUS_CODES, type Server } from 'node:http'
import type { Duplex } from 'node:stream'

/** The headers of a refusal Node's HTTP parser makes, as every API response has them (see `securityHeaders`). */
const HEADERS = [
  'content-type: application/json',
  'x-content-type-options: nosniff',
  "content-security-policy: default-src 'none'; frame-ancestors 'none'",
  'x-frame-options: DENY',
  'referrer-policy: no-referrer',
  'cross-origin-resource-policy: same-origin',
  'connection: close'
]

/** What a request Node's HTTP parser refused is answered: status, `code` and `error`. */
function refusalOf(code: string | undefined): [number, string, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return [408, 'request-timeout', 'The request did not arrive in time (FROGBOT_REQUEST_TIMEOUT_MS; its headers within 15 s); send it again.']
  }
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'headers-too-large', 'The request line and headers are over 16 KiB.']
  return [400, 'bad-request', 'The request is not valid HTTP/1.1.']
}

/**
 * Makes `server` answer a request its HTTP parser refuses (a request or its headers that did not
 * arrive in time, headers over 16 KiB, a malformed request) as FrogBot answers every error, with
 * `{ error, code }` and the API's security headers (docs/http/errors.md), where Node would send an
 * empty `408`, `431` or `400`; then the connection closes. A connection already reset or no longer
 * writable is dropped, as Node does.
 */
export function answerClientErrors(server: Pick<Server, 'on'>): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    const [status, code, text] = refusalOf(error.code)
    const body = JSON.stringify({ error: text, code })
    const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, ...HEADERS, `content-length: ${Buffer.byteLength(body)}`]
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`)
  })
}
