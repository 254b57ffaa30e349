import { GitHubAdapter, type GitHubAdapterConfig } from '@chat-adapter/github'
import type { ChatInstance } from 'chat'

/** How long one request to GitHub's REST API may take, at most (ms); a card drawing then ends well before its claim lapses (`CARD_CLAIM_TTL_MS`). */
export const REQUEST_TIMEOUT_MS = 10_000

/** The bot's account on GitHub: its numeric id and its login (`name[bot]` for a GitHub App). */
export type BotAccount = { id: number; login: string }

/** A comment author as GitHub's payloads have them. */
type Author = { id: number; login: string; type?: string }

/**
 * Chat SDK's GitHub adapter as FrogBot runs it: its `initialize` asks GitHub nothing (the stock
 * one awaits the bot's identity, unbounded, before the first webhook is handled; {@link
 * FrogbotGithubAdapter.lookUpBot} asks it instead, in the background), every REST request is
 * bounded to {@link REQUEST_TIMEOUT_MS}, and the bot knows its own comments by its id once known,
 * else by its login (`userName`, or `userName[bot]` for a GitHub App), so that it never answers
 * itself. Only single-installation configurations (a token, or an app with its installation id).
 */
export class FrogbotGithubAdapter extends GitHubAdapter {
  constructor(config: GitHubAdapterConfig) {
    super(config)
    // The stock adapter falls back to GITHUB_BOT_USER_ID of the process; the piece reads its own environment.
    if (config.botUserId === undefined) this._botUserId = null
    // Octokit prints every failed request to the console; the piece logs failures where they matter, with what to do.
    Object.assign(this.octokit.log, { debug: () => {}, info: () => {}, error: () => {}, warn: (message: string) => this.logger.warn(message) })
    this.octokit.hook.wrap('request', (request, options) => request({ ...options, request: { ...options.request, signal: options.request?.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS) } }))
  }

  override async initialize(chat: ChatInstance): Promise<void> {
    this.chat = chat
  }

  /** Whether the piece runs as a GitHub App (its comments are written by `<slug>[bot]`). */
  get isApp(): boolean {
    return this.fixedInstallationId !== null
  }

  /** The bot's account as GitHub says it: the token's user, or the app's bot user (`GET /app`, then the `<slug>[bot]` user); remembered for knowing its own comments. */
  async lookUpBot(): Promise<BotAccount> {
    const account = this.isApp ? await this.appBot() : (await this.octokit.users.getAuthenticated()).data
    this._botUserId = account.id
    return { id: account.id, login: account.login }
  }

  private async appBot(): Promise<BotAccount> {
    const { data: app } = await this.octokit.apps.getAuthenticated()
    if (!app?.slug) throw new Error('GET /app named no app')
    const { data: user } = await this.octokit.users.getByUsername({ username: `${app.slug}[bot]` })
    return { id: user.id, login: user.login }
  }

  /** Whether a comment's author is the bot itself: by id once known, else by its login. */
  isBotAuthor(author: Author): boolean {
    if (this._botUserId !== null) return author.id === this._botUserId
    const login = author.login.toLowerCase()
    const name = this.userName.toLowerCase()
    return login === name || login === `${name}[bot]`
  }
}
