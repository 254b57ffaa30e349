import { Hono } from 'hono'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import type { ErrorCode } from '@frogbotai/protocol'
import type { HttpContext, HttpEnv } from '../http-context.ts'
import { readBoundedText } from '../read-body.ts'

/** The code of a webhook refusal of each status, for a piece's answer that carries none. */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  413: 'payload-too-large',
  429: 'too-many-requests',
  503: 'unavailable'
}

/**
 * A piece's refusal (status 400 or more) in FrogBot's flat error shape, `{ error, code }`: a plain
 * text answer (Chat SDK's adapters answer `400 Invalid JSON`) becomes the `error`, and a missing
 * `code` is the status's. Anything else is passed on as it is.
 */
async function flatRefusal(response: Response): Promise<Response> {
  if (response.status < 400) return response
  const text = await response.text()
  let parsed: unknown = null
  try {
    parsed = JSON.parse(text)
  } catch {
    // plain text
  }
  const body = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {}
  const error = typeof body.error === 'string' ? body.error : text.trim() || response.statusText || `The piece refused the request (${response.status}).`
  const code = typeof body.code === 'string' ? body.code : CODE_OF_STATUS[response.status]
  const headers = new Headers(response.headers)
  headers.set('content-type', 'application/json')
  headers.delete('content-length')
  return new Response(JSON.stringify({ ...body, error, ...(code ? { code } : {}) }), { status: response.status, headers })
}

/**
 * `POST /api/webhooks/:instance`: a channel platform's requests to the channel piece of that instance name
 * (FrogBot's piece contract). The piece verifies them (signatures, timestamps,
 * replays); FrogBot only bounds the body (`http.maxBodyBytes`, `413`), answers `404` for an
 * instance it does not serve, and makes every refusal of the piece flat JSON with a `code`.
 */
export function webhookRoutes(context: HttpContext) {
  const app = new Hono<HttpEnv>()
  app.post('/:instance', async (c) => {
    const door = context.services.pieces.get(c.req.param('instance'))?.piece
    if (!door?.webhook) throw new FrogbotError('not-found', `No channel piece "${c.req.param('instance')}" takes webhooks here.`)
    const request = c.req.raw
    const body = await readBoundedText(request, context.maxBodyBytes)
    return flatRefusal(await door.webhook(new Request(request.url, { method: 'POST', headers: request.headers, body })))
  })
  return app
}
