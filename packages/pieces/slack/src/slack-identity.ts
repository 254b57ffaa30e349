import type { SlackAdapter } from '@chat-adapter/slack'
import type { Chat, Logger } from 'chat'
import { askedIdentity, errorText, type LookupProblem, lookupProblems } from 'frogbot/channels'

/**
 * Slack's errors that mean it refused the bot token (Slack's Web API docs, the errors every
 * method may answer): the token is wrong, missing, revoked or expired, or its app or workspace
 * is no longer active.
 */
const REFUSED_TOKEN = new Set(['invalid_auth', 'not_authed', 'token_revoked', 'token_expired', 'account_inactive'])

const SLACK_PLATFORM_ERROR = 'slack_webapi_platform_error'

/**
 * The error Slack answered a Web API call with (`ok: false`: `invalid_auth`, `users_not_found`…,
 * as `@slack/web-api` reports it), or `undefined` when the call failed otherwise (no answer, an
 * HTTP error, the rate limit).
 */
export function slackErrorOf(error: unknown): string | undefined {
  const failed = error as { code?: string; data?: { error?: string } } | null
  return failed?.code === SLACK_PLATFORM_ERROR ? (failed.data?.error ?? 'unknown_error') : undefined
}

// What Chat SDK's Slack adapter tells its logger, and nobody else, when a lookup ends.
const USER_FAILED = 'Could not fetch user info'
const USER_FOUND = 'Fetched user info'
const IDENTITY_FAILED = 'Could not fetch bot user ID'

/**
 * What a failed `users.info` came to: `refused` when Slack refused the bot token, `unreachable`
 * when Slack did not answer, failed (HTTP) or limited the rate; `null` for any other answer of
 * Slack's (`user_not_found`, `missing_scope`…), which is not a lookup that failed for now.
 */
function lookupProblemOf(error: unknown): LookupProblem | null {
  const code = slackErrorOf(error)
  if (code === undefined) return { kind: 'unreachable', reason: `users.info: ${errorText(error)}` }
  return REFUSED_TOKEN.has(code) ? { kind: 'refused', reason: `users.info: ${code}` } : null
}

/**
 * The logger Chat SDK's Slack adapter is configured with (`logger`, onto FrogBot's log), reading
 * what the adapter reports nowhere else. Its user lookup (`users.info`, for a message's author and
 * `getUser`) answers `null` for any failure, as for a user it does not know, and logs why: the
 * reason of each Slack user's latest failed lookup is kept (the kit's `lookupProblems`, forgotten
 * once a lookup of them succeeds), so that a participant left without an email is told
 * the right thing (`lookupProblem`): a bot token Slack refused, or Slack out of reach, is not a
 * missing `users:read.email` scope. Its identity lookup (`auth.test`, in `initialize`) logs why it
 * failed: that is kept for {@link botIdentity} (`identityError`), which says it in the piece's words.
 */
export function slackReports(logger: Logger) {
  const problems = lookupProblems()
  const reported: Logger = {
    ...logger,
    debug: (message, ...args) => {
      const { userId } = (args[0] ?? {}) as { userId?: unknown }
      if (message === USER_FOUND && typeof userId === 'string') problems.keep(userId, null)
      logger.debug(message, ...args)
    },
    warn: (message, ...args) => {
      const { userId, error } = (args[0] ?? {}) as { userId?: unknown; error?: unknown }
      if (message === IDENTITY_FAILED) return void (reports.identityError = error ?? new Error(message))
      if (message === USER_FAILED && typeof userId === 'string') problems.keep(userId, lookupProblemOf(error))
      logger.warn(message, ...args)
    }
  }
  const reports = {
    logger: reported,
    /** Why the latest lookup of Slack user `userId` failed (Slack refused the bot token, or did not answer), or `null` when it did not. */
    lookupProblem: problems.of,
    /**
     * Why the adapter's latest `auth.test` failed, or `null` (cleared by {@link adapterIdentity}
     * before it asks again).
     */
    identityError: null as unknown
  }
  return reports
}

/**
 * The bot's identity, learned by the adapter's own `initialize` (`auth.test`): through Chat SDK's
 * initialization the first time (`ready`), through `initialize` again after a failure. Each ask
 * resolves once the adapter tried, to why it failed (what it reported, see {@link slackReports}),
 * or `null`; `known()` says whether it learned the identity. For {@link botIdentity}.
 */
export function adapterIdentity({ adapter, bot, ready, reports }: { adapter: SlackAdapter; bot: Chat; ready: () => Promise<void>; reports: ReturnType<typeof slackReports> }) {
  let first = true
  return {
    known: () => adapter.botUserId !== undefined,
    ask: async (): Promise<unknown> => {
      if (!first) reports.identityError = null
      await (first ? ready() : adapter.initialize(bot))
      first = false
      return adapter.botUserId ? null : (reports.identityError ?? Object.assign(new Error('auth.test named no bot user'), { code: SLACK_PLATFORM_ERROR }))
    }
  }
}

/**
 * The bot's identity (`auth.test`) through the kit's `askedIdentity`: asked lazily, awaited at most
 * `IDENTITY_TIMEOUT_MS`, a failure kept `IDENTITY_RETRY_MS` and told once per kind; `refused` when
 * Slack answered with an error (the token: see {@link slackErrorOf}), else `unreachable`.
 */
export const botIdentity = (options: Pick<Parameters<typeof askedIdentity>[0], 'known' | 'ask' | 'now' | 'onFailure'>) =>
  askedIdentity({ ...options, what: 'auth.test', refused: (error) => slackErrorOf(error) !== undefined })
