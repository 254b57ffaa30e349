import { existsSync } from 'node:fs'

/** Where a system Chromium or Chrome is usually installed (Debian's `chromium` package first). */
export const SYSTEM_CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome']

/** How to get a Chromium the browser suites can use, said wherever they cannot run. */
export const CHROMIUM_HOW_TO =
  'install it (`apt-get install chromium`, as .ci/run does, or `npx playwright-core install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary'

/** A Chromium for the browser suites (`path`), or why there is none (`problem`). */
export type ChromiumLookup = { path: string; problem: null } | { path: null; problem: string }

/**
 * The Chromium the browser suites (`packages/ui/test/browser`, `packages/admin/test/browser`)
 * drive through playwright-core: `CHROMIUM_PATH` when it is set (and then only it, so a wrong
 * setting is never passed over), else the first of {@link SYSTEM_CHROMIUM_PATHS} that exists, else
 * the one `npx playwright-core install chromium` downloads (`playwrightPath`).
 */
export function findChromium({ env = process.env, exists = existsSync, playwrightPath }: { env?: NodeJS.ProcessEnv; exists?: (path: string) => boolean; playwrightPath?: string } = {}): ChromiumLookup {
  const chosen = env.CHROMIUM_PATH?.trim()
  if (chosen) return exists(chosen) ? { path: chosen, problem: null } : { path: null, problem: `CHROMIUM_PATH is ${chosen}, which does not exist` }
  const candidates = playwrightPath ? [...SYSTEM_CHROMIUM_PATHS, playwrightPath] : SYSTEM_CHROMIUM_PATHS
  const found = candidates.find((path) => exists(path))
  return found ? { path: found, problem: null } : { path: null, problem: `no Chromium found (looked for CHROMIUM_PATH, ${candidates.join(', ')})` }
}

/** Whether `CI` asks for a strict run: set, and not `false` or `0` (the PostgreSQL suites' rule). */
export function isStrictCI(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.CI) && !/^(false|0)$/i.test(env.CI ?? '')
}

/** The path playwright-core's own download of Chromium would have, if playwright-core loads. */
export async function playwrightChromiumPath(): Promise<string | undefined> {
  try {
    const { chromium } = await import('playwright-core')
    return chromium.executablePath() || undefined
  } catch {
    return undefined
  }
}

/**
 * The Chromium a browser suite's global setup launches. Throws an error that says what to do when
 * there is none: vitest.config.ts leaves these suites out with a notice then, unless `CI` is set.
 */
export async function requireChromium(suite: string): Promise<string> {
  const lookup = findChromium({ playwrightPath: await playwrightChromiumPath() })
  if (lookup.path) return lookup.path
  throw new Error(`The ${suite} browser suite needs Chromium: ${lookup.problem}. To run it, ${CHROMIUM_HOW_TO}.`)
}
