import { FrogbotError } from '../errors/frogbot-error.ts'
import { isClientGone } from './client-gone.ts'
import type { ErrorCode } from '@frogbotai/protocol'

/** The HTTP status of each error code: the one place codes become statuses (seed: "Answer over HTTP"). */
const STATUS: Record<ErrorCode, number> = {
  'bad-request': 400,
  'invalid-output': 400,
  'invalid-input': 400,
  unauthorized: 401,
  'invalid-credentials': 401,
  forbidden: 403,
  'not-found': 404,
  'agent-not-found': 404,
  'call-not-found': 404,
  'method-not-allowed': 405,
  'already-settled': 409,
  'already-voted': 409,
  'channel-chat': 409,
  'not-awaiting': 409,
  'not-queued': 409,
  'write-conflict': 409,
  'tool-unavailable': 409,
  'pending-calls': 409,
  'turn-in-progress': 409,
  'payload-too-large': 413,
  'queue-full': 429,
  'too-many-requests': 429,
  'model-error': 502,
  closed: 503,
  'invalid-config': 500,
  unavailable: 503
}

/** Codes that go out without `code`: the seed's malformed-body 400 has none. */
const UNCODED = new Set<ErrorCode>(['bad-request'])

/**
 * The JSON error response of a `FrogbotError`, FrogBot's flat shape: `{ error: "<message>", code }`
 * with the seed's status, plus the error's `data` beside them (for `409 already-settled`,
 * `settlement` with the stored answer in `settlement.part`). Any other error is a 500 with a
 * generic message; its details go to `log`, never to the client. A client that closed the
 * connection mid-request (`isClientGone`) is no server error: a `400` nobody reads, nothing logged.
 */
export function errorResponse(error: unknown, log: (line: string) => void = console.error): Response {
  if (FrogbotError.isInstance(error)) {
    const { resource: _resource, ...data } = error.data ?? {}
    const body = { error: error.message, ...(UNCODED.has(error.code) ? {} : { code: error.code }), ...data }
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (error.code === 'unauthorized') headers['www-authenticate'] = 'Bearer'
    if (error.code === 'too-many-requests' && typeof error.data?.retryAfter === 'number') headers['retry-after'] = String(error.data.retryAfter)
    return new Response(JSON.stringify(body), { status: STATUS[error.code], headers })
  }
  // A client that hung up mid-request gets no answer anyway; it is not the server's error to log.
  if (isClientGone(error)) return Response.json({ error: 'The request ended before its body arrived.' }, { status: 400 })
  log(`frogbot: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  return Response.json({ error: 'Something went wrong on the server; see its log.' }, { status: 500 })
}
