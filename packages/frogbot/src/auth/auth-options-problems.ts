import type { FrogbotOptions } from '../config/options.ts'

const MAX_SESSION_AGE = 400 * 24 * 60 * 60

/**
 * Problems with the sign-in options of `buildConfig` (`serverURL`, `secret`, `auth.*`), each as
 * `path: reason`.
 */
export function authOptionsProblems(options: FrogbotOptions): string[] {
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
  const limit = auth.loginRateLimit as Record<string, unknown> | undefined
  if (limit !== undefined) {
    if (!limit || typeof limit !== 'object') problems.push('auth.loginRateLimit: must be an object { failures, windowSeconds }')
    else {
      const whole = (value: unknown, max: number) => value === undefined || (Number.isInteger(value) && (value as number) > 0 && (value as number) <= max)
      if (!whole(limit.failures, 10_000)) problems.push('auth.loginRateLimit.failures: must be a whole number from 1 to 10000')
      if (!whole(limit.windowSeconds, 7 * 24 * 3600)) problems.push('auth.loginRateLimit.windowSeconds: must be a whole number of seconds from 1 to 604800 (7 days)')
    }
  }
  return problems
}
