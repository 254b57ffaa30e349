import { Hono } from 'hono'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import type { LinkPage, PostedForm } from '../../notify/answer-link-door.ts'
import { refusalPage } from '../../notify/answer-page.ts'
import { readStrictForm } from '../read-body.ts'

/** The answer-link door's two pages (see `notify/answer-link-door.ts`): `show` for `GET`, `use` for `POST` with the form. */
export type AnswerLinkPages = { show: (token: string) => Promise<LinkPage>; use: (token: string, form: PostedForm) => Promise<LinkPage> }

/** Largest form an answer page posts, in bytes. */
const FORM_MAX_BYTES = 64 * 1024

/** A page as HTML that no cache keeps, never sends its URL (the token) on, and loads nothing from elsewhere. */
function html({ status, html: body }: LinkPage): Response {
  return new Response(body, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-robots-tag': 'noindex',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    }
  })
}

/**
 * The posted form, read strictly (`readStrictForm`): a field that is not UTF-8 becomes
 * `{ invalid }`, which the answer page shows as its 400 naming the field, and nothing is answered.
 */
async function postedForm(request: Request): Promise<PostedForm> {
  try {
    return await readStrictForm(request, FORM_MAX_BYTES)
  } catch (error) {
    if (FrogbotError.isInstance(error) && error.code === 'bad-request') return { invalid: error.message }
    throw error
  }
}

/**
 * `GET /answer/<token>` shows a link's confirm page (or the answer page) and changes nothing;
 * `POST /answer/<token>` answers (docs/chat/reach-people.md "Answer links"). Every refusal is a
 * page with its status (404 unknown, 410 used or expired, 409 settled, 403 not allowed); while
 * FrogBot shuts down (`closing()`), a try-again page (503).
 */
export function answerRoutes(pages: AnswerLinkPages, closing: () => boolean) {
  const app = new Hono()
  app.use('*', async (_c, next) => {
    if (closing()) return html(refusalPage('busy'))
    await next()
  })
  app.get('/:token', async (c) => html(await pages.show(c.req.param('token'))))
  app.post('/:token', async (c) => html(await pages.use(c.req.param('token'), await postedForm(c.req.raw))))
  return app
}
