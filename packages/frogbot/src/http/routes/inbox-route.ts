import { Hono } from 'hono'
import { InboxQuery } from '@frogbotai/protocol'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import type { HttpContext, HttpEnv } from '../http-context.ts'
import { queryOf } from '../query-params.ts'
import { SIGN_IN_FOR_INBOX } from '../../turns/views/inbox.ts'

/**
 * `GET /api/pending`: the inbox, every call the caller may answer across chats and agents (see
 * `listInbox`). A caller not signed in is `401` first; each query parameter is given once and
 * checked by `InboxQuery`; a bad one is `400` naming it.
 */
export function inboxRoute({ engine }: Pick<HttpContext, 'engine'>) {
  const app = new Hono<HttpEnv>()
  app.get('/pending', async (c) => {
    const req = c.get('req')
    // Not signed in is 401 before any parameter is read.
    if (!req.user) throw new FrogbotError('unauthorized', SIGN_IN_FOR_INBOX)
    return c.json(await engine.inbox({ req, ...queryOf(c, InboxQuery) }))
  })
  return app
}
