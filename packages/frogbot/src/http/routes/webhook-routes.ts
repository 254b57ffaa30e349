import { Hono } from 'hono'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import type { HttpContext, HttpEnv } from '../http-context.ts'
import { readBoundedText } from '../read-body.ts'

/**
 * `POST /api/webhooks/:instance`: a channel platform's requests to the piece instance of that name
 * (FrogBot's piece contract). The piece verifies them (signatures, timestamps,
 * replays); FrogBot only bounds the body (`http.maxBodyBytes`, `413`) and answers `404` for an
 * instance it does not serve.
 */
export function webhookRoutes(context: HttpContext) {
  const app = new Hono<HttpEnv>()
  app.post('/:instance', async (c) => {
    const door = context.services.channels.get(c.req.param('instance'))
    if (!door?.webhook) throw new FrogbotError('not-found', `No channel piece instance "${c.req.param('instance')}" takes webhooks here.`)
    const request = c.req.raw
    const body = await readBoundedText(request, context.maxBodyBytes)
    return door.webhook(new Request(request.url, { method: 'POST', headers: request.headers, body }))
  })
  return app
}
