import type { GitHubAdapterConfig } from '@chat-adapter/github'
import { givenSetting, httpUrl, readSettings, type Setting, type SettingOptions, type TableOptions } from 'frogbot/channels'

/**
 * Options of `createGithub`; every one may be left out (the defaults come from `env`).
 * - `instance`: the instance name, the last segment of its webhook `/api/webhooks/<instance>`
 *   (1–64 lowercase letters, digits, `-`, `_`). Default `github`.
 * - `token`: a token of the bot's GitHub account (`GITHUB_TOKEN`); or a GitHub App: `appId`
 *   (`GITHUB_APP_ID`), `privateKey` (`GITHUB_PRIVATE_KEY`, PEM; `\n` written out is read as a
 *   line break) and `installationId` (`GITHUB_INSTALLATION_ID`). One of the two, not both.
 * - `webhookSecret`: the webhook's secret (`GITHUB_WEBHOOK_SECRET`).
 * - `botUsername`: the login people mention to start a conversation, the token's account or the
 *   app's slug (`GITHUB_BOT_USERNAME`; `name[bot]` is read as `name`).
 * - `botUserId`: the bot's numeric user id; by default asked once GitHub is reachable.
 * - `apiUrl`: the REST API's base URL (`GITHUB_API_URL`): GitHub Enterprise Server's
 *   `https://HOST/api/v3`, or a test's stand-in. Default `https://api.github.com`.
 * - `label`: how the platform is named to people (`channelLabel`). Default `GitHub`.
 * - `env`: where the defaults are read. Default `process.env`.
 * - `now`: the clock deliveries are judged by (ms since the epoch). Default `Date.now`.
 */
export type GithubOptions = SettingOptions & TableOptions<typeof SETTINGS> & {
  token?: string
  appId?: string
  privateKey?: string
  installationId?: number | string
  botUserId?: number
  label?: string
  now?: () => number
}

/** How the piece signs in to GitHub: a token, or a GitHub App's installation. */
type GithubAuth = { token: string } | { appId: string; privateKey: string; installationId: number }

/** What `createGithub` runs on, once read and checked (see {@link githubSettings}). */
export type GithubSettings = ReturnType<typeof githubSettings>

const LOGIN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/
const GITHUB_API = 'https://api.github.com'

/** The token, or the app, that `options` give, else those of `env` (never some of each); each problem with them pushed to `problems`. */
function authOf(options: GithubOptions, env: Record<string, string | undefined>, problems: string[]): GithubAuth | null {
  const given = [options.token, options.appId, options.privateKey, options.installationId].some((value) => value !== undefined)
  const source = given ? options : { token: env.GITHUB_TOKEN, appId: env.GITHUB_APP_ID, privateKey: env.GITHUB_PRIVATE_KEY, installationId: env.GITHUB_INSTALLATION_ID }
  const [token, appId, privateKey, installationId] = [source.token, source.appId, source.privateKey, source.installationId?.toString()].map(givenSetting)
  const app = appId !== undefined || privateKey !== undefined || installationId !== undefined
  if (token && app) {
    problems.push('createGithub: give a token (GITHUB_TOKEN) or a GitHub App (GITHUB_APP_ID, GITHUB_PRIVATE_KEY, GITHUB_INSTALLATION_ID), not both')
    return null
  }
  if (token) return { token }
  if (!app) {
    problems.push("createGithub.token: set GITHUB_TOKEN to a token of the bot's GitHub account, or GITHUB_APP_ID, GITHUB_PRIVATE_KEY and GITHUB_INSTALLATION_ID for a GitHub App (or pass them)")
    return null
  }
  const key = privateKey?.replace(/\\n/g, '\n')
  // Decimal digits only, as every whole-number setting (docs/configuration.md): not 0x10 or 1e3.
  const digits = installationId?.trim()
  const installation = digits !== undefined && /^\d+$/.test(digits) ? Number(digits) : Number.NaN
  if (!appId) problems.push("createGithub.appId: set GITHUB_APP_ID to the GitHub App's App ID (its settings, General → About)")
  if (!key) problems.push("createGithub.privateKey: set GITHUB_PRIVATE_KEY to the GitHub App's private key (its settings, General → Private keys), the whole PEM")
  else if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(key)) problems.push('createGithub.privateKey: GITHUB_PRIVATE_KEY is not a PEM private key (-----BEGIN RSA PRIVATE KEY----- …)')
  if (installationId === undefined) problems.push('createGithub.installationId: set GITHUB_INSTALLATION_ID to the id of the installation on your repositories (the number at the end of its settings page address)')
  else if (!Number.isSafeInteger(installation) || installation <= 0) {
    const shown = JSON.stringify(installationId)
    const rule = 'a positive whole number, in decimal digits'
    problems.push(`createGithub.installationId: ${shown} is not an installation id (${rule})`)
  }
  return appId && key && Number.isSafeInteger(installation) && installation > 0 ? { appId, privateKey: key, installationId: installation } : null
}

const login = (name: string) => name.replace(/^@/, '').replace(/\[bot\]$/i, '')

/** The settings table (the kit reads, trims and checks it; see `readSettings`); the credentials are checked by {@link authOf}. */
const SETTINGS = [
  { option: 'webhookSecret', env: 'GITHUB_WEBHOOK_SECRET', hint: "set GITHUB_WEBHOOK_SECRET to the webhook's Secret (the repository's or the GitHub App's webhook settings), or pass { webhookSecret }" },
  { option: 'botUsername', env: 'GITHUB_BOT_USERNAME', hint: 'set GITHUB_BOT_USERNAME to the login people mention to talk to the agent (the token\'s account, or the GitHub App\'s slug), or pass { botUsername }', rule: [(name) => LOGIN.test(login(name)), (name) => `"${login(name)}" is not a GitHub login`] },
  { option: 'apiUrl', env: 'GITHUB_API_URL', fallback: GITHUB_API, rule: httpUrl((url) => `"${url}" is not an http(s) address (GITHUB_API_URL, such as https://github.example.com/api/v3)`) }
] as const satisfies readonly Setting[]

/** The piece's settings from `options` and the environment; a `ConfigError` names each one that is missing or wrong. */
export function githubSettings(options: GithubOptions) {
  let auth = null as GithubAuth | null
  const read = readSettings({ factory: 'createGithub', instance: 'github' }, SETTINGS, options, (_values, problems) => void (auth = authOf(options, options.env ?? process.env, problems)))
  return { ...read, label: options.label ?? 'GitHub', botUsername: login(read.botUsername), apiUrl: read.apiUrl.replace(/\/+$/, ''), auth: auth! }
}

/** The adapter's configuration of `settings` (everything explicit: the adapter reads nothing of the environment). */
export function adapterConfig(settings: GithubSettings, { botUserId, webhookVerifier }: { botUserId?: number; webhookVerifier: (request: Request) => boolean }): GitHubAdapterConfig {
  const common = { webhookVerifier, userName: settings.botUsername, apiUrl: settings.apiUrl, ...(botUserId !== undefined ? { botUserId } : {}) }
  return 'token' in settings.auth ? { ...common, token: settings.auth.token } : { ...common, ...settings.auth }
}
