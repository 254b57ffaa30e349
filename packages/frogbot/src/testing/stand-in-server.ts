import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Delivery } from './piece-contract-descriptor.ts'

/** A request a stand-in received: its method, path (without the query), whole URL, headers and raw body. */
export type StandInRequest = { method: string; path: string; url: URL; headers: IncomingHttpHeaders; body: string }

/**
 * What a stand-in answers: a `status` and a body, `json` (sent as JSON) or `text`, or none (a
 * `204`); `headers` beside the `content-type` (default `application/json` for `json`).
 */
export type StandInAnswer = { status: number; json?: unknown; text?: string; headers?: Record<string, string> }

/** A call a stand-in recorded: the request, the status it was answered and the body it got (`json`, else `text`, else `null`). */
export type RecordedCall = StandInRequest & { status: number; answer: unknown }

/** Which requests a failure applies to: a method, a path (exact, or a pattern), and anything else `when` says; each left out matches all. */
export type CallMatch = { method?: string; path?: string | RegExp; when?: (request: StandInRequest) => boolean }

/** How a request is failed: answered so (a status and the platform's error body), or left without an answer (`'hang'`: the client times out). */
export type InjectedFailure = StandInAnswer | 'hang'

/** A stand-in's server once listening (see {@link standInServer}). */
export type StandInServer = {
  /** `http://127.0.0.1:<port>`, the port a free one. */
  url: string
  /** Every call answered, oldest first (a hung or reset one is not: it was never answered). */
  calls: RecordedCall[]
  /** The recorded calls with `method` and `path` (exact, or a pattern), oldest first. */
  callsTo: (method: string, path: string | RegExp) => RecordedCall[]
  /** Fails the next `times` (default 1) requests `match` matches, before the platform's own handling. */
  failNext: (match: CallMatch, failure: InjectedFailure, times?: number) => void
  /** The platform out of reach: every request reset (`refuse`) or never answered (`hang`). */
  unreachable: (how: 'refuse' | 'hang') => void
  /** The platform back: new requests are answered (held ones stay unanswered). */
  reachable: () => void
  /** Delays every request by `ms` before it is handled (0: at once). */
  slow: (ms: number) => void
  /** Stops listening; held requests are dropped and open connections closed. */
  close: () => Promise<void>
}

const matches = (match: CallMatch, request: StandInRequest) =>
  (match.method === undefined || match.method === request.method) &&
  (match.path === undefined || (typeof match.path === 'string' ? match.path === request.path : match.path.test(request.path))) &&
  (match.when === undefined || match.when(request))

/**
 * The skeleton of a platform's stand-in in a piece's tests: an HTTP server on 127.0.0.1 (a free
 * port) whose every request is read whole and handed to `handle`, the platform's behaviour (which
 * answers a {@link StandInAnswer}, at once or later), and recorded in order with what it was
 * answered (`calls`, `callsTo`). What a test may do to the platform is the skeleton's: fail the
 * next calls of a route with a status or leave them unanswered (`failNext`), cut the platform off
 * (`unreachable`, `reachable`), slow it down (`slow`). A `handle` that throws is answered `500`
 * with the error's message. Requests *to* FrogBot are signed with {@link signedDeliveries}.
 */
export async function standInServer(handle: (request: StandInRequest) => StandInAnswer | Promise<StandInAnswer>): Promise<StandInServer> {
  const calls: RecordedCall[] = []
  const failures: { match: CallMatch; failure: InjectedFailure; times: number }[] = []
  const held = new Set<ServerResponse>()
  let outage: 'refuse' | 'hang' | null = null
  let delayMs = 0
  let base = ''

  const send = (response: ServerResponse, request: StandInRequest, answer: StandInAnswer) => {
    calls.push({ ...request, status: answer.status, answer: answer.json ?? answer.text ?? null })
    response.statusCode = answer.status
    for (const [name, value] of Object.entries({ ...(answer.json !== undefined ? { 'content-type': 'application/json' } : {}), ...answer.headers })) response.setHeader(name, value)
    response.end(answer.json !== undefined ? JSON.stringify(answer.json) : answer.text)
  }
  const answerOf = async (request: StandInRequest): Promise<InjectedFailure> => {
    const failing = failures.find((candidate) => matches(candidate.match, request))
    if (failing && --failing.times <= 0) failures.splice(failures.indexOf(failing), 1)
    if (failing) return failing.failure
    try {
      return await handle(request)
    } catch (error) {
      return { status: 500, json: { error: error instanceof Error ? error.message : String(error) } }
    }
  }

  const server = createServer((incoming, response) => {
    if (outage === 'refuse') return void incoming.socket.destroy()
    if (outage === 'hang') return void held.add(response)
    let body = ''
    incoming.setEncoding('utf8')
    incoming.on('data', (chunk: string) => (body += chunk))
    incoming.on('end', async () => {
      const url = new URL(incoming.url ?? '/', base)
      const request: StandInRequest = { method: incoming.method ?? 'GET', path: url.pathname, url, headers: incoming.headers, body }
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
      const answer = await answerOf(request)
      if (answer === 'hang') return void held.add(response)
      if (!response.destroyed) send(response, request, answer)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: base,
    calls,
    callsTo: (method, path) => calls.filter((call) => matches({ method, path }, call)),
    failNext: (match, failure, times = 1) => void failures.push({ match, failure, times }),
    unreachable: (how) => void (outage = how),
    reachable: () => void (outage = null),
    slow: (ms) => void (delayMs = ms),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const response of held) response.socket?.destroy()
        server.closeAllConnections()
      })
  }
}

/**
 * Deliveries to FrogBot (`Delivery`: a body and its headers) signed as a platform signs them: `sign(body, key, now)` is the platform's
 * signature (it stays in the piece's tests), giving the headers it adds; `key` is the test's own
 * (a secret, a key pair it made), and a delivery may be signed with another (`key`: a forged
 * request) or at another time (`now`, ms: a stale one). A body given as an object is sent as JSON;
 * `headers` (default a JSON `content-type`) go beside the signature's.
 */
export function signedDeliveries<K>({ sign, key, headers = { 'content-type': 'application/json' } }: { sign: (body: string, key: K, now: number) => Record<string, string>; key: K; headers?: Record<string, string> }) {
  return (payload: string | object, options: { key?: K; now?: number; headers?: Record<string, string> } = {}): Delivery => {
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload)
    return { body, headers: { ...headers, ...options.headers, ...sign(body, options.key ?? key, options.now ?? Date.now()) } }
  }
}
