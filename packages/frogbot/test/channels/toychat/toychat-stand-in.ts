import { createHmac } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A message the piece posted to the stand-in, with its edits. */
export type PostedMessage = { id: string; thread: string; text: string; edits: string[] }

/**
 * A stand-in for Toychat's API on 127.0.0.1, for the Toychat piece's `apiUrl`: `POST /messages`
 * posts a message (a new id each time), `PATCH /messages/:id` edits one; every call is recorded.
 * `failNext(when)` makes the next post whose text passes `when` answer `500`.
 */
export async function toychatStandIn() {
  const messages: PostedMessage[] = []
  const calls: { method: string; path: string }[] = []
  let failing: ((text: string) => boolean) | null = null
  const server = createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      const path = request.url ?? ''
      calls.push({ method: request.method ?? '', path })
      const args = JSON.parse(body || '{}') as { thread?: string; text?: string }
      const answer = (status: number, json: unknown) => {
        response.statusCode = status
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify(json))
      }
      if (request.method === 'POST' && path === '/messages') {
        if (failing?.(args.text ?? '')) {
          failing = null
          return answer(500, { error: 'internal' })
        }
        const message = { id: `m${messages.length + 1}`, thread: args.thread ?? '', text: args.text ?? '', edits: [] }
        messages.push(message)
        return answer(200, { id: message.id })
      }
      const edited = request.method === 'PATCH' ? messages.find((message) => path === `/messages/${message.id}`) : undefined
      if (!edited) return answer(404, { error: 'no such message' })
      edited.edits.push(args.text ?? '')
      answer(200, { id: edited.id })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    messages,
    calls,
    failNext: (when: (text: string) => boolean) => void (failing = when),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}

/** See {@link toychatStandIn}. */
export type ToychatStandIn = Awaited<ReturnType<typeof toychatStandIn>>

/** A request as Toychat signs it: `toychat-timestamp` (ms) and `toychat-signature`, the hex HMAC-SHA256 of `<timestamp>.<body>`. */
export function toychatDelivery(message: unknown, { secret, now }: { secret: string; now: number }) {
  const body = JSON.stringify(message)
  const signature = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex')
  return { body, headers: { 'content-type': 'application/json', 'toychat-timestamp': String(now), 'toychat-signature': signature } }
}
