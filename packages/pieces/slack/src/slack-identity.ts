import { errorText } from 'frogbot/channels'
import { type SlackAdapterConfig, SlackAdapter } from '@chat-adapter/slack'
import type { ChatInstance } from 'chat'
import type { LookupProblem } from 'frogbot/channels'

/** How long a caller waits for the bot's identity (`auth.test`), at most (ms). */
export const IDENTITY_TIMEOUT_MS = 10_000

/** How long a failed identity lookup stands before Slack is asked again, at most (ms). */
export const IDENTITY_RETRY_MS = 60_000

/** How many Slack users' failed lookups are kept, at most (the oldest is forgotten first). */
export const KEPT_LOOKUP_PROBLEMS = 1000

/**
 * Slack's errors that mean it refused the bot token (Slack's Web API docs, the errors every
 * method may answer): the token is wrong, missing, revoked or expired, or its app or workspace
 * is no longer active.
 */
const REFUSED_TOKEN = new Set(['invalid_auth', 'not_authed', 'token_revoked', 'token_expired', 'account_inactive'])

const SLACK_PLATFORM_ERROR = 'slack_webapi_platform_error'

/**
 * What a failed `users.info` came to: `refused` when Slack refused the bot token, `unreachable`
 * when Slack did not answer, failed (HTTP) or limited the rate; `null` for any other answer of
 * Slack's (`user_not_found`, `missing_scope`…), which is not a lookup that failed for now.
 */
function lookupProblemOf(error: unknown): LookupProblem | null {
  const failed = error as { code?: string; data?: { error?: string } } | null
  if (failed?.code === SLACK_PLATFORM_ERROR) {
    const code = failed.data?.error ?? 'unknown_error'
    return REFUSED_TOKEN.has(code) ? { kind: 'refused', reason: `users.info: ${code}` } : null
  }
  return { kind: 'unreachable', reason: `users.info: ${errorText(error)}` }
}

/**
 * Chat SDK's Slack adapter whose `initialize` asks Slack nothing. The stock one awaits `auth.test`
 * (the bot's identity) before the first webhook is handled, and Slack's client retries it for as
 * long as Slack cannot be reached, so every request, the setup challenge too, waited on it. The
 * identity is asked by {@link botIdentity} instead, lazily, bounded, never before an ack.
 *
 * Chat SDK's user lookup (`lookupUser`, `getUser`: Slack's `users.info`) answers `null` for any
 * failure, as it does for a user it does not know; this adapter keeps why each Slack user's latest
 * lookup failed ({@link FrogbotSlackAdapter.lookupProblem}), so that a participant left without an
 * email is told the right thing: a bot token Slack refused, or Slack out of reach, is not a
 * missing `users:read.email` scope.
 */
export class FrogbotSlackAdapter extends SlackAdapter {
  private readonly problems = new Map<string, LookupProblem>()

  constructor(config: SlackAdapterConfig) {
    super(config)
    const users = this._client.users
    const info = users.info.bind(users)
    users.info = (async (options: Parameters<typeof info>[0]) => {
      try {
        return await info(options)
      } catch (error) {
        const problem = lookupProblemOf(error)
        if (problem && options?.user) this.keepProblem(options.user, problem)
        throw error
      }
    }) as typeof users.info
  }

  override async initialize(chat: ChatInstance): Promise<void> {
    this.chat = chat
  }

  /** Chat SDK's lookup (its cache, else `users.info`), forgetting first why an earlier lookup of `userId` failed. */
  protected override async lookupUser(userId: string): ReturnType<SlackAdapter['lookupUser']> {
    this.problems.delete(userId)
    return super.lookupUser(userId)
  }

  /** Why the latest lookup of Slack user `userId` failed (Slack refused the bot token, or did not answer), or `null` when it did not. */
  lookupProblem(userId: string): LookupProblem | null {
    return this.problems.get(userId) ?? null
  }

  private keepProblem(userId: string, problem: LookupProblem): void {
    this.problems.delete(userId)
    this.problems.set(userId, problem)
    if (this.problems.size > KEPT_LOOKUP_PROBLEMS) this.problems.delete(this.problems.keys().next().value!)
  }

  /** Records the bot's identity once `auth.test` answered. */
  identify({ userId, botId }: { userId: string; botId?: string | null }): void {
    this._botUserId = userId
    this._botId = botId ?? null
  }
}

/** What the bot's identity lookup came to: known, refused by Slack (the token), or Slack not reached. */
export type IdentityOutcome = { kind: 'known' } | { kind: 'refused' | 'unreachable'; reason: string }

/**
 * The bot's identity (`auth.test`), asked once, lazily: `identity()` resolves within
 * {@link IDENTITY_TIMEOUT_MS} whatever Slack does. A failure (Slack refused the token, or did not
 * answer) is kept for {@link IDENTITY_RETRY_MS}: callers meanwhile get it at once, and the next
 * caller after that asks again. Callers share one request in flight. A failure is told to
 * `onFailure` once, and again only once it changed kind (refused, unreachable) or the identity was
 * known in between: a token Slack refuses, or an outage, is one log line, not one a minute.
 */
export function botIdentity({ adapter, now, onFailure }: { adapter: FrogbotSlackAdapter; now: () => number; onFailure: (outcome: Exclude<IdentityOutcome, { kind: 'known' }>) => void }): () => Promise<IdentityOutcome> {
  let inFlight: { promise: Promise<IdentityOutcome>; attempt: { told: boolean } } | null = null
  let failed: { at: number; outcome: Exclude<IdentityOutcome, { kind: 'known' }> } | null = null
  let told: IdentityOutcome['kind'] | null = null
  const fail = (outcome: Exclude<IdentityOutcome, { kind: 'known' }>, attempt: { told: boolean }): IdentityOutcome => {
    failed = { at: now(), outcome }
    if (!attempt.told) {
      attempt.told = true
      if (told !== outcome.kind) onFailure(outcome)
      told = outcome.kind
    }
    return outcome
  }

  const ask = (attempt: { told: boolean }) =>
    adapter.webClient.auth
      .test()
      .then(
        (result): IdentityOutcome => {
          if (!result.user_id) return fail({ kind: 'refused', reason: 'auth.test named no bot user' }, attempt)
          adapter.identify({ userId: result.user_id, botId: result.bot_id })
          failed = null
          told = null
          return { kind: 'known' }
        },
        (error: unknown): IdentityOutcome => {
          const platform = (error as { code?: string })?.code === SLACK_PLATFORM_ERROR
          const reason = errorText(error)
          return fail({ kind: platform ? 'refused' : 'unreachable', reason }, attempt)
        }
      )
      .finally(() => {
        inFlight = null
      })

  return async () => {
    if (adapter.botUserId) return { kind: 'known' }
    if (failed && now() - failed.at < IDENTITY_RETRY_MS) return failed.outcome
    if (!inFlight) {
      const attempt = { told: false }
      inFlight = { promise: ask(attempt), attempt }
    }
    const { promise, attempt } = inFlight
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<IdentityOutcome>((resolve) => {
      timer = setTimeout(() => resolve(fail({ kind: 'unreachable', reason: `no answer within ${IDENTITY_TIMEOUT_MS / 1000} s` }, attempt)), IDENTITY_TIMEOUT_MS)
      timer.unref?.()
    })
    try {
      return await Promise.race([promise, late])
    } finally {
      clearTimeout(timer)
    }
  }
}
