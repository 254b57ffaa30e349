// Builds the documentation site once per test run and serves the build the way a static host with
// clean URLs does (`/chat/turns` → chat/turns.html, `/chat/turns.md` → the Markdown copy).
import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, relative, resolve } from 'node:path'
import { promisify } from 'node:util'

/** The repository's root, `docs/`, and where the tests build the site and keep screenshots. */
export const ROOT = resolve(import.meta.dirname, '../..')
export const DOCS = join(ROOT, 'docs')
export const OUTPUT = join(ROOT, 'test-output/docs')
export const SITE = join(OUTPUT, 'site')

/** Every Markdown file under docs/ (relative paths), .vitepress/ left out; docs/README.md too unless asked for. */
export function docsPages({ withReadme = false } = {}, folder = DOCS): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    if (name.startsWith('.') || name === 'node_modules') return []
    if (statSync(path).isDirectory()) return docsPages({ withReadme }, path)
    return name.endsWith('.md') && (withReadme || path !== join(DOCS, 'README.md')) ? [relative(DOCS, path)] : []
  })
}

/** Runs `vitepress build docs` into test-output/docs/site (the same command as `npm run docs:build`). */
export async function buildSite(): Promise<{ seconds: number; log: string }> {
  rmSync(SITE, { recursive: true, force: true })
  const started = performance.now()
  const cli = join(ROOT, 'node_modules/vitepress/bin/vitepress.js')
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--conditions=frogbot-source', cli, 'build', 'docs', '--outDir', SITE], {
    cwd: ROOT,
    maxBuffer: 32 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1' }
  })
  return { seconds: (performance.now() - started) / 1000, log: stdout + stderr }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2'
}

/** The built file a URL path names, as a host with clean URLs resolves it, or null. */
export function builtFile(pathname: string): string | null {
  const path = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '')
  const candidates = path.endsWith('/') ? [join(path, 'index.html')] : [path, `${path}.html`, join(path, 'index.html')]
  for (const candidate of candidates) {
    const file = join(SITE, candidate)
    if (file.startsWith(SITE) && existsSync(file) && statSync(file).isFile()) return file
  }
  return null
}

/** Serves the built site on 127.0.0.1; resolves to its base URL and a close function. */
export async function serveSite(): Promise<{ baseURL: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const file = builtFile(new URL(request.url ?? '/', 'http://site').pathname)
    if (!file) {
      response.writeHead(404, { 'content-type': TYPES['.html'] })
      response.end(readFileSync(join(SITE, '404.html')))
      return
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    response.end(readFileSync(file))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return { baseURL: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) }
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' }
const unescape = (text: string) => text.replace(/&(amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity])

/** The `href`s and `src`s of a built HTML page. */
export function linksOf(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((match) => unescape(match[1]))
}

/** The element ids of a built HTML page (what `#anchor` links may point at). */
export function idsOf(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((match) => unescape(match[1])))
}
