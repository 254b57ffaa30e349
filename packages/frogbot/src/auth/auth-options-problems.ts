import type { AuthOptions } from './auth-options.ts'

const MAX_SESSION_AGE = 400 * 24 * 60 * 60

/**
 * Problems with the sign-in options of `buildConfig` (`serverURL`, `secret`, `auth.*`), each as
 * `path: reason`.
 */
export function authOptionsProblems(options: { serverURL?: string; secret?: string; auth?: AuthOptions }): string[] {
  const problems: string[] = []
  if (options.serverURL !== undefined) {
    let url: URL | null = null
    try {
      url = new URL(options.serverURL)
    } catch {}
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      problems.push(`serverURL: ${JSON.stringify(options.serverURL)} must be an http(s) URL such as "https://chat.example.com"`)
    }
  }
  if (options.secret !== undefined && typeof options.secret !== 'string') problems.push('secret: must be a string')
  const auth = options.auth as Record<string, unknown> | undefined
  if (auth === undefined) return problems
  if (!auth || typeof auth !== 'object') return [...problems, 'auth: must be an object']
  if (auth.authenticate !== undefined && typeof auth.authenticate !== 'function') problems.push('auth.authenticate: must be a function (request) => user | null')
  if (auth.clientAddress !== undefined && typeof auth.clientAddress !== 'function') problems.push('auth.clientAddress: must be a function (request) => string | null')
  const maxAge = auth.sessionMaxAge
  if (maxAge !== undefined && !(Number.isInteger(maxAge) && (maxAge as number) > 0 && (maxAge as number) <= MAX_SESSION_AGE)) {
    problems.push(`auth.sessionMaxAge: must be a whole number of seconds from 1 to ${MAX_SESSION_AGE} (400 days)`)
  }
  for (const name of ['loginRateLimit', 'tokenGuessLimit']) problems.push(...limitProblems(`auth.${name}`, auth[name]))
  return problems
}

/** Problems with a `{ failures, windowSeconds }` limit at `path`. */
function limitProblems(path: string, limit: unknown): string[] {
  if (limit === undefined) return []
  if (!limit || typeof limit !== 'object') return [`${path}: must be an object { failures, windowSeconds }`]
  const { failures, windowSeconds } = limit as Record<string, unknown>
  const whole = (value: unknown, max: number) => value === undefined || (Number.isInteger(value) && (value as number) > 0 && (value as number) <= max)
  const problems: string[] = []
  if (!whole(failures, 10_000)) problems.push(`${path}.failures: must be a whole number from 1 to 10000`)
  if (!whole(windowSeconds, 7 * 24 * 3600)) problems.push(`${path}.windowSeconds: must be a whole number of seconds from 1 to 604800 (7 days)`)
  return problems
}
