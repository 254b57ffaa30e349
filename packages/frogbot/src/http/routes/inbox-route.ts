import { Hono } from 'hono'
import { InboxQuery } from '@frogbotai/protocol'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import type { HttpContext, HttpEnv } from '../http-context.ts'

/**
 * `GET /api/pending`: the inbox, every call the caller may answer across chats and agents (see
 * `listInbox`). Each query parameter is given once and checked by `InboxQuery`; a bad one is `400`
 * naming it.
 */
export function inboxRoute({ engine }: Pick<HttpContext, 'engine'>) {
  const app = new Hono<HttpEnv>()
  app.get('/pending', async (c) => {
    const repeated = Object.entries(c.req.queries()).find(([, values]) => values.length > 1)
    if (repeated) throw new FrogbotError('bad-request', `${repeated[0]}: give it once`)
    const query = InboxQuery.safeParse(c.req.query())
    if (!query.success) {
      const issue = query.error.issues[0]
      if (issue.code === 'unrecognized_keys') throw new FrogbotError('bad-request', `${issue.keys[0]}: unknown parameter; the parameters are ${Object.keys(InboxQuery.shape).join(', ')}`)
      const message = issue.path[0] === 'limit' ? 'must be a whole number from 1 to 100' : issue.message
      throw new FrogbotError('bad-request', `${issue.path.join('.')}: ${message}`)
    }
    return c.json(await engine.inbox({ req: c.get('req'), ...query.data }))
  })
  return app
}
