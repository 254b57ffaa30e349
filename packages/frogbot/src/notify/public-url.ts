/**
 * Where links in notices point (docs/chat/reach-people.md): `FROGBOT_PUBLIC_URL`, else the
 * config's `serverURL`, else `http://localhost:$PORT` (3000 when `PORT` is unset); no trailing slash.
 */
export function publicURLOf(config: { serverURL?: string }, env: NodeJS.ProcessEnv): string {
  const url = env.FROGBOT_PUBLIC_URL || config.serverURL || `http://localhost:${env.PORT || 3000}`
  return url.replace(/\/+$/, '')
}

/**
 * What is wrong with `FROGBOT_PUBLIC_URL` in `env`, as start-up names it, or `null` (unset or empty
 * counts as unset): it must be an absolute `http:` or `https:` URL without a query, a fragment or
 * credentials, since every link in a notice starts with it (`notaurl`, `javascript:alert(1)//` or
 * `https://chat.example.com/?a=1` would leave each notice without working links). It is read as
 * written: `https:chat.example.com`, white space, or a `?`, `#` or `@` anywhere are refused too.
 * The config's `serverURL`, its fallback, is checked by `buildConfig` to be an http(s) URL.
 */
export function publicURLProblem(env: NodeJS.ProcessEnv): string | null {
  const value = env.FROGBOT_PUBLIC_URL
  if (!value) return null
  const url = URL.parse(value)
  // As written, not only as parsed: `https:host` and a lone `?`, `#` or `@` parse, and break links.
  const web = url !== null && /^https?:\/\/[^\s]+$/i.test(value)
  if (web && !/[?#@]/.test(value)) return null
  const rule = 'must be an absolute http: or https: URL such as "https://chat.example.com"'
  const named = `FROGBOT_PUBLIC_URL: ${JSON.stringify(value)}`
  if (web) return `${named} must have no query, fragment or credentials (links in notices start with it)`
  return `${named} ${rule} (links in notices start with it)`
}
