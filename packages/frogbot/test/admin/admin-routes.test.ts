import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { adminRoutes } from '../../src/http/routes/admin-routes.ts'

// A built admin of three files, so these tests need no Vite build.
const dir = `${mkdtempSync(join(tmpdir(), 'frogbot-admin-routes-'))}/`
mkdirSync(join(dir, 'assets'))
writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><meta charset="UTF-8" /><title>FrogBot</title><script type="module" src="/admin/assets/index-abc123.js"></script></head><body></body></html>')
writeFileSync(join(dir, 'shared-modules.json'), JSON.stringify({ imports: { react: '/admin/assets/shared-react-abc.js' } }))
writeFileSync(join(dir, 'assets/index-abc123.js'), 'console.log("admin")')
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const components = { current: async () => ({ code: 'export const components = {}\n', version: 'v1' }) }
const app = adminRoutes({ components, dir })

describe('the admin chat routes', () => {
  it('serve the page with an import map (shared modules and the components bundle) allowed by its hash in the CSP', async () => {
    for (const path of ['/', '/chats/planner/chat_1', '/new', '/%ff', '/chats/%E0%A4%A/x']) {
      const response = await app.request(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      const html = await response.text()
      const importMap = /<script type="importmap">(.*?)<\/script>/.exec(html)![1]
      expect(JSON.parse(importMap)).toEqual({ imports: { react: '/admin/assets/shared-react-abc.js', 'frogbot:components': '/admin/components.js?v=v1' } })
      expect(html.indexOf('importmap')).toBeLessThan(html.indexOf('type="module"'))
      const csp = response.headers.get('content-security-policy')!
      expect(csp).toContain(`script-src 'self' 'sha256-${createHash('sha256').update(importMap).digest('base64')}'`)
      expect(csp).toContain("frame-ancestors 'none'")
      expect(response.headers.get('x-frame-options')).toBe('DENY')
      expect(response.headers.get('cache-control')).toBe('no-cache')
    }
  })

  it('serve hashed assets as immutable, and answer 404 JSON for unknown or crafted names', async () => {
    const asset = await app.request('/assets/index-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await asset.text()).toBe('console.log("admin")')
    for (const path of ['/assets/missing.js', '/assets/..%2Findex.html', '/assets/a%00b.js', '/assets/.hidden', '/assets/%E0%A4%A', '/assets/%ff.js']) {
      const response = await app.request(path)
      expect(response.status, path).toBe(404)
      expect(await response.json()).toMatchObject({ code: 'not-found' })
    }
  })

  it("serve the app's components bundle, never cached without a check", async () => {
    const response = await app.request('/components.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(await response.text()).toBe('export const components = {}\n')
  })

  it('say how to build the admin when it is not built', async () => {
    const missing = adminRoutes({ components, dir: join(dir, 'nothing/') })
    const response = await missing.request('/')
    expect(response.status).toBe(503)
    expect(await response.text()).toContain('npm run build')
  })
})
