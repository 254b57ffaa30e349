import type { FrogbotConfig } from '../config/build-config.ts'

/**
 * Where links in notices point (docs/chat/reach-people.md): `FROGBOT_PUBLIC_URL`, else the
 * config's `serverURL`, else `http://localhost:$PORT` (3000 when `PORT` is unset); no trailing slash.
 */
export function publicURLOf(config: FrogbotConfig, env: NodeJS.ProcessEnv): string {
  const url = env.FROGBOT_PUBLIC_URL || config.serverURL || `http://localhost:${env.PORT || 3000}`
  return url.replace(/\/+$/, '')
}

/**
 * What is wrong with `FROGBOT_PUBLIC_URL` in `env`, as start-up names it, or `null` (unset or empty
 * counts as unset): it must be an absolute `http:` or `https:` URL, since every link in a notice
 * starts with it (`notaurl` or `javascript:alert(1)//` would leave each notice without working links).
 * The config's `serverURL`, its fallback, is checked by `buildConfig` to the same rule.
 */
export function publicURLProblem(env: NodeJS.ProcessEnv): string | null {
  const value = env.FROGBOT_PUBLIC_URL
  if (!value) return null
  const url = URL.parse(value)
  if (url !== null && (url.protocol === 'http:' || url.protocol === 'https:')) return null
  const rule = 'must be an absolute http: or https: URL such as "https://chat.example.com"'
  return `FROGBOT_PUBLIC_URL: ${JSON.stringify(value)} ${rule} (links in notices start with it)`
}
