import type { GitHubAdapter } from '@chat-adapter/github'
import type { Logger } from 'chat'
import { errorText, onceUntilFailure, type PieceContext } from 'frogbot/channels'
import type { GithubSettings } from './github-settings.ts'

/** How long one request to GitHub's REST API may take, at most (ms); a card drawing then ends well before its claim lapses (`CARD_CLAIM_TTL_MS`). */
export const REQUEST_TIMEOUT_MS = 10_000

/** The bot's account on GitHub: its numeric id and its login (`name[bot]` for a GitHub App). */
export type BotAccount = { id: number; login: string }

/**
 * The adapter's REST client (its public `octokit`, the one client of a token or of one app
 * installation) as FrogBot runs it: every request bounded to {@link REQUEST_TIMEOUT_MS}, and
 * Octokit's own console lines left out but its warnings (the piece logs failures where they
 * matter, with what to do).
 */
export function boundedOctokit(adapter: GitHubAdapter, logger: Logger): void {
  const { octokit } = adapter
  Object.assign(octokit.log, { debug: () => {}, info: () => {}, error: () => {}, warn: (message: string) => logger.warn(message) })
  octokit.hook.wrap('request', (request, options) => request({ ...options, request: { ...options.request, signal: options.request?.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS) } }))
}

/** The bot's account as GitHub says it: the token's user, or a GitHub App's bot user (`GET /app`, then the `<slug>[bot]` user). */
async function askBot(adapter: GitHubAdapter, isApp: boolean): Promise<BotAccount> {
  const { octokit } = adapter
  if (!isApp) return (await octokit.users.getAuthenticated()).data
  const { data: app } = await octokit.apps.getAuthenticated()
  if (!app?.slug) throw new Error('GET /app named no app')
  const { data: user } = await octokit.users.getByUsername({ username: `${app.slug}[bot]` })
  return { id: user.id, login: user.login }
}

/**
 * The bot's account, asked of GitHub (`ask()`, once at a time, until known: the kit's
 * `onceUntilFailure`; never when `botUserId` is given), and `isBot(author)`: whether a comment's
 * author is the bot itself, by its id once known, else by its login (`botUsername`, or
 * `botUsername[bot]` for a GitHub App), so that it never answers itself. A refusal or an outage is
 * logged once until the account is known, a login other than the one people are told to mention once.
 */
export function githubBot(adapter: GitHubAdapter, settings: GithubSettings, { botUserId, log }: { botUserId?: number; log: PieceContext['log'] }) {
  let known: BotAccount | null = null
  let told = false
  const isApp = 'appId' in settings.auth
  const credentials = isApp ? "the GitHub App's credentials (GITHUB_APP_ID, GITHUB_PRIVATE_KEY, GITHUB_INSTALLATION_ID)" : "the token (GITHUB_TOKEN): a token of the bot's account"
  const lookUp = onceUntilFailure(async () => {
    try {
      known = await askBot(adapter, isApp)
      const login = known.login.replace(/\[bot\]$/, '')
      if (login.toLowerCase() !== settings.botUsername.toLowerCase()) log(`GITHUB_BOT_USERNAME is "${settings.botUsername}", but GitHub says the bot is @${known.login}: comments that mention @${login} are not read; set GITHUB_BOT_USERNAME=${login}`)
    } catch (error) {
      const status = (error as { status?: unknown })?.status
      if (!told) log(status === 401 || status === 403 ? `GitHub did not accept ${credentials} (${status}: ${errorText(error)}); replies and questions cannot be posted until it does` : `could not reach GitHub's REST API to learn the bot's account (${errorText(error)}); asked again within a minute`)
      told = true
      throw error
    }
  })
  return {
    ask: (): Promise<void> => (botUserId !== undefined ? Promise.resolve() : lookUp().catch(() => {})),
    isBot: (author: { id: number; login: string }): boolean => {
      const id = botUserId ?? known?.id
      const name = settings.botUsername.toLowerCase()
      return id !== undefined ? author.id === id : [name, `${name}[bot]`].includes(author.login.toLowerCase())
    }
  }
}
