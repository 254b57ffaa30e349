import { Hono } from 'hono'
import type { LinkPage } from '../../notify/answer-link-door.ts'
import { refusalPage } from '../../notify/answer-page.ts'
import { readBoundedText } from '../read-body.ts'

/** The answer-link door's two pages (see `notify/answer-link-door.ts`): `show` for `GET`, `use` for `POST` with the form. */
export type AnswerLinkPages = { show: (token: string) => Promise<LinkPage>; use: (token: string, form: URLSearchParams) => Promise<LinkPage> }

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
  app.post('/:token', async (c) => html(await pages.use(c.req.param('token'), new URLSearchParams(await readBoundedText(c.req.raw, FORM_MAX_BYTES)))))
  return app
}
