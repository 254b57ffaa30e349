import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { SHARED_MODULES_FILE } from './shared-modules.ts'

/**
 * The admin chat as the frogbot package ships it: `admin/` beside `src/` and `dist/`, built by
 * Vite from `packages/admin` (`npm run build`, run by `npm install` in the repository and by
 * `npm pack`).
 */
export const ADMIN_DIR = fileURLToPath(new URL('../../admin/', import.meta.url))

/** The built admin page and the import map of its shared modules, or `null` when it is not built. */
export type AdminBuild = { html: string; imports: Record<string, string> }

let cached: AdminBuild | null = null

/** Reads the built admin (once; `null`, read again next time, while it is missing). */
export function adminBuild(dir = ADMIN_DIR): AdminBuild | null {
  if (cached && dir === ADMIN_DIR) return cached
  const html = `${dir}index.html`
  const shared = `${dir}${SHARED_MODULES_FILE}`
  if (!existsSync(html) || !existsSync(shared)) return null
  const build = { html: readFileSync(html, 'utf8'), imports: (JSON.parse(readFileSync(shared, 'utf8')) as { imports: Record<string, string> }).imports }
  if (dir === ADMIN_DIR) cached = build
  return build
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2'
}

/** A file of `admin/assets/` (hashed names only: letters, digits, `-`, `_`, `.`), or `null`. */
export function adminAsset(name: string, dir = ADMIN_DIR): { body: Uint8Array; type: string } | null {
  if (!/^[\w-]+(\.[\w-]+)*$/.test(name)) return null
  const file = `${dir}assets/${name}`
  if (!existsSync(file)) return null
  const extension = name.slice(name.lastIndexOf('.'))
  return { body: readFileSync(file), type: TYPES[extension] ?? 'application/octet-stream' }
}
