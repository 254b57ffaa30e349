import type { SlackAdapter } from '@chat-adapter/slack'
import type { Chat, Logger } from 'chat'
import { errorText, type LookupProblem } from 'frogbot/channels'

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
  const failed = error as { code?: string; data?: { error?: string } } | null
  if (failed?.code === SLACK_PLATFORM_ERROR) {
    const code = failed.data?.error ?? 'unknown_error'
    return REFUSED_TOKEN.has(code) ? { kind: 'refused', reason: `users.info: ${code}` } : null
  }
  return { kind: 'unreachable', reason: `users.info: ${errorText(error)}` }
}

/**
 * The logger Chat SDK's Slack adapter is configured with (`logger`, onto FrogBot's log), reading
 * what the adapter reports nowhere else. Its user lookup (`users.info`, for a message's author and
 * `getUser`) answers `null` for any failure, as for a user it does not know, and logs why: the
 * reason of each Slack user's latest failed lookup is kept ({@link KEPT_LOOKUP_PROBLEMS} at most,
 * forgotten once a lookup of them succeeds), so that a participant left without an email is told
 * the right thing (`lookupProblem`): a bot token Slack refused, or Slack out of reach, is not a
 * missing `users:read.email` scope. Its identity lookup (`auth.test`, in `initialize`) logs why it
 * failed: that is kept for {@link botIdentity} (`identityError`), which says it in the piece's words.
 */
export function slackReports(logger: Logger) {
  const problems = new Map<string, LookupProblem>()
  let identityError: unknown = null
  const userOf = (args: unknown[]) => (args[0] as { userId?: unknown } | undefined)?.userId
  const reported: Logger = {
    ...logger,
    child: (prefix) => logger.child(prefix),
    debug: (message, ...args) => {
      const userId = userOf(args)
      if (message === USER_FOUND && typeof userId === 'string') problems.delete(userId)
      logger.debug(message, ...args)
    },
    warn: (message, ...args) => {
      if (message === IDENTITY_FAILED) return void (identityError = (args[0] as { error?: unknown } | undefined)?.error ?? new Error(message))
      const userId = userOf(args)
      if (message === USER_FAILED && typeof userId === 'string') {
        const problem = lookupProblemOf((args[0] as { error?: unknown }).error)
        problems.delete(userId)
        if (problem) problems.set(userId, problem)
        if (problems.size > KEPT_LOOKUP_PROBLEMS) problems.delete(problems.keys().next().value!)
      }
      logger.warn(message, ...args)
    }
  }
  return {
    logger: reported,
    /** Why the latest lookup of Slack user `userId` failed (Slack refused the bot token, or did not answer), or `null` when it did not. */
    lookupProblem: (userId: string): LookupProblem | null => problems.get(userId) ?? null,
    /** Why the adapter's latest `auth.test` failed, once (taken: the next failure is reported anew), or `null`. */
    identityError: (): unknown => {
      const error = identityError
      identityError = null
      return error
    }
  }
}

/** What the bot's identity lookup came to: known, refused by Slack (the token), or Slack not reached. */
export type IdentityOutcome = { kind: 'known' } | { kind: 'refused' | 'unreachable'; reason: string }

/**
 * The bot's identity, learned by the adapter's own `initialize` (`auth.test`): through Chat SDK's
 * initialization the first time (`ready`), through `initialize` again after a failure. Each ask
 * resolves once the adapter tried; `known()` says whether it learned the identity, and `failure()`
 * why not (see {@link slackReports}).
 */
export function adapterIdentity({ adapter, bot, ready, reports }: { adapter: SlackAdapter; bot: Chat; ready: () => Promise<void>; reports: ReturnType<typeof slackReports> }) {
  let first = true
  return {
    known: () => adapter.botUserId !== undefined,
    ask: async (): Promise<unknown> => {
      if (first) await ready()
      else await adapter.initialize(bot)
      first = false
      return adapter.botUserId ? null : (reports.identityError() ?? { code: SLACK_PLATFORM_ERROR, message: 'auth.test named no bot user' })
    }
  }
}

/**
 * The bot's identity, asked once, lazily: `identity()` resolves within {@link IDENTITY_TIMEOUT_MS}
 * whatever Slack does. `ask()` tries once and resolves to why it failed (`null` once `known()`).
 * A failure (Slack refused the token, or did not answer) is kept for {@link IDENTITY_RETRY_MS}:
 * callers meanwhile get it at once, and the next caller after that asks again. Callers share one
 * request in flight. A failure is told to `onFailure` once, and again only once it changed kind
 * (refused, unreachable) or the identity was known in between: a token Slack refuses, or an
 * outage, is one log line, not one a minute.
 */
export function botIdentity({ known, ask, now, onFailure }: { known: () => boolean; ask: () => Promise<unknown>; now: () => number; onFailure: (outcome: Exclude<IdentityOutcome, { kind: 'known' }>) => void }): () => Promise<IdentityOutcome> {
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

  const attempt = (attempt: { told: boolean }) =>
    ask()
      .catch((error: unknown) => error ?? new Error('auth.test failed'))
      .then((error): IdentityOutcome => {
        if (!error && known()) {
          failed = null
          told = null
          return { kind: 'known' }
        }
        const platform = (error as { code?: string })?.code === SLACK_PLATFORM_ERROR
        return fail({ kind: platform ? 'refused' : 'unreachable', reason: errorText(error) }, attempt)
      })
      .finally(() => {
        inFlight = null
      })

  return async () => {
    if (known()) return { kind: 'known' }
    if (failed && now() - failed.at < IDENTITY_RETRY_MS) return failed.outcome
    if (!inFlight) {
      const told = { told: false }
      inFlight = { promise: attempt(told), attempt: told }
    }
    const { promise, attempt: current } = inFlight
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<IdentityOutcome>((resolve) => {
      timer = setTimeout(() => resolve(fail({ kind: 'unreachable', reason: `no answer within ${IDENTITY_TIMEOUT_MS / 1000} s` }, current)), IDENTITY_TIMEOUT_MS)
      timer.unref?.()
    })
    try {
      return await Promise.race([promise, late])
    } finally {
      clearTimeout(timer)
    }
  }
}
