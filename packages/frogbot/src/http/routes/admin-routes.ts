import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import type { AdminComponents } from '../../admin/admin-components.ts'
import { ADMIN_DIR, adminAsset, adminBuild } from '../../admin/admin-files.ts'
import { COMPONENTS_SPECIFIER } from '../../admin/shared-modules.ts'

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>FrogBot</title><p>The admin chat is not built. In the FrogBot repository run <code>npm run build</code> (npm install does it too); an installed frogbot package ships it built.</p>\n`

/**
 * The admin chat at `/admin` (docs/chat/admin.md): the page, with an import map that gives the
 * app's client tool components (`/admin/components.js`) the admin chat's own React and
 * `@frogbotai/ui/chat`; the hashed files under `/admin/assets/`, cached for a year as immutable;
 * and the page again for any other path under `/admin` (the app's own routes). The page's
 * Content-Security-Policy allows scripts from this origin and the import map by its hash only.
 * `dir`: the built admin (default: the package's `admin/` folder).
 */
export function adminRoutes({ components, dir = ADMIN_DIR }: { components: AdminComponents; dir?: string }) {
  const app = new Hono()
  app.use('*', secureHeaders({ contentSecurityPolicy: undefined, xFrameOptions: 'DENY', strictTransportSecurity: false, referrerPolicy: 'same-origin' }))
  app.get('/assets/:file', (c) => {
    const asset = adminAsset(c.req.param('file'), dir)
    if (!asset) return c.json({ error: `No admin file ${c.req.path}.`, code: 'not-found' }, 404, { 'cache-control': 'no-store' })
    return c.body(asset.body as Uint8Array<ArrayBuffer>, 200, { 'content-type': asset.type, 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' })
  })
  app.get('/components.js', async (c) => {
    const { code } = await components.current()
    return c.body(code, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' })
  })
  const page = async () => {
    const build = adminBuild(dir)
    if (!build) return new Response(NOT_BUILT, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
    const { version } = await components.current()
    const importMap = JSON.stringify({ imports: { ...build.imports, [COMPONENTS_SPECIFIER]: `/admin/components.js?v=${version}` } })
    const hash = createHash('sha256').update(importMap).digest('base64')
    // Before every module script and preload: an import map must come first.
    const tag = `<script type="importmap">${importMap}</script>`
    const html = /<meta charset[^>]*>/i.test(build.html) ? build.html.replace(/<meta charset[^>]*>/i, (meta) => `${meta}\n    ${tag}`) : build.html.replace(/<head>/i, `<head>\n    ${tag}`)
    return new Response(html, {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
        'content-security-policy': [
          "default-src 'self'",
          `script-src 'self' 'sha256-${hash}'`,
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data: https:",
          "connect-src 'self'",
          "object-src 'none'",
          "base-uri 'none'",
          "form-action 'self'",
          "frame-ancestors 'none'"
        ].join('; ')
      }
    })
  }
  app.get('/', page)
  app.get('/*', page)
  return app
}
