import { givenSetting, httpUrl, readSettings, type Setting, type SettingOptions, type TableOptions } from 'frogbot/channels'

/**
 * Options of `createLinear`; every one may be left out (the defaults come from `env`).
 * - `instance`: the instance name, the last segment of its webhook `/api/webhooks/<instance>`
 *   (1–64 lowercase letters, digits, `-`, `_`). Default `linear`.
 * - `apiKey`: a personal API key (`LINEAR_API_KEY`, Settings → Security & access); or
 *   `accessToken`: the OAuth access token of an app installed with `actor=app`
 *   (`LINEAR_ACCESS_TOKEN`), the way Linear's agents run ("Agents", linear.app/developers). One of
 *   the two, not both.
 * - `webhookSecret`: the webhook's signing secret (`LINEAR_WEBHOOK_SECRET`, shown on the OAuth
 *   app's or the webhook's page).
 * - `apiUrl`: Linear's GraphQL endpoint (`LINEAR_API_URL`), or a test's stand-in. Default
 *   `https://api.linear.app/graphql`.
 * - `label`: how the platform is named to people (`channelLabel`). Default `Linear`.
 * - `env`: where the defaults are read. Default `process.env`.
 * - `now`: the clock deliveries are judged by (ms since the epoch). Default `Date.now`.
 */
export type LinearOptions = SettingOptions & TableOptions<typeof SETTINGS> & {
  apiKey?: string
  accessToken?: string
  label?: string
  now?: () => number
}

/** What `createLinear` runs on, once read and checked: `auth` is the `Authorization` header Linear's API expects (a key as it is, an OAuth token after `Bearer`). */
export type LinearSettings = {
  instance: string
  label: string
  webhookSecret: string
  apiUrl: string
  auth: { apiKey: string } | { accessToken: string }
}

const LINEAR_API = 'https://api.linear.app/graphql'

/** The `Authorization` header of `auth` ("Authentication", linear.app/developers/graphql: a personal key as it is, an OAuth token as `Bearer <token>`). */
export const authorization = (auth: LinearSettings['auth']) => ('apiKey' in auth ? auth.apiKey : `Bearer ${auth.accessToken}`)

/** The credentials `options` give, else those of `env`; a problem with them pushed to `problems`. */
function authOf(options: LinearOptions, env: Record<string, string | undefined>, problems: string[]): LinearSettings['auth'] | null {
  const given = options.apiKey !== undefined || options.accessToken !== undefined
  const apiKey = givenSetting(given ? options.apiKey : env.LINEAR_API_KEY)
  const accessToken = givenSetting(given ? options.accessToken : env.LINEAR_ACCESS_TOKEN)
  if (apiKey && accessToken) {
    problems.push('createLinear: give an API key (LINEAR_API_KEY) or an OAuth access token (LINEAR_ACCESS_TOKEN), not both')
    return null
  }
  if (apiKey) return { apiKey }
  if (accessToken) return { accessToken }
  problems.push("createLinear.accessToken: set LINEAR_ACCESS_TOKEN to the access token of your OAuth app installed with actor=app (or LINEAR_API_KEY to a personal API key), or pass { accessToken }")
  return null
}

/** The settings table (the kit reads, trims and checks it; see `readSettings`); the credentials are checked by {@link authOf}. */
const SETTINGS = [
  { option: 'webhookSecret', env: 'LINEAR_WEBHOOK_SECRET', hint: "set LINEAR_WEBHOOK_SECRET to the webhook's signing secret (the OAuth app's page in Linear's settings, under Webhooks), or pass { webhookSecret }" },
  { option: 'apiUrl', env: 'LINEAR_API_URL', fallback: LINEAR_API, rule: httpUrl((url) => `"${url}" is not an http(s) address (LINEAR_API_URL, such as ${LINEAR_API})`) }
] as const satisfies readonly Setting[]

/** The piece's settings from `options` and the environment; a `ConfigError` names each one that is missing or wrong. */
export function linearSettings(options: LinearOptions): LinearSettings {
  let auth: LinearSettings['auth'] | null = null
  const read = readSettings({ factory: 'createLinear', instance: 'linear' }, SETTINGS, options, (_values, problems) => void (auth = authOf(options, options.env ?? process.env, problems)))
  return { ...read, label: options.label ?? 'Linear', auth: auth! }
}
