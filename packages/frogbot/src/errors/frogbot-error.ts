import type { ErrorCode } from '@frogbotai/protocol'

export type { ErrorCode } from '@frogbotai/protocol'

/** What a `not-found` error says is missing: a chat, or something else FrogBot looked up. */
export type MissingResource = 'chat' | 'call' | 'message' | 'agent' | 'piece' | 'route'

/**
 * What a `FrogbotError` carries for a caller to recover, beside its `code`: `resource` on a
 * `not-found` (`'chat'` for a missing or unreadable chat); `settlement` on `already-settled` (the
 * stored answer); `pending` on `pending-calls`; `toolName` on `tool-unavailable`; `channelLabel` on `channel-chat`; `retryAfter`
 * (seconds) on `too-many-requests`; and whatever else a route sends beside the message. Every
 * field but `resource` goes out in the HTTP error body.
 */
export type FrogbotErrorData = { resource?: MissingResource; [field: string]: unknown }

/**
 * The mark of a FrogBot error, shared by every copy of the package in a process (a registered
 * symbol): a piece that loads a second copy of `frogbot` (sources in the repository, `dist` from a
 * package) still has its errors recognised, where `instanceof` fails silently.
 */
const MARK = Symbol.for('frogbot.error')

/**
 * Every error FrogBot throws on purpose. `code` is stable and safe to branch on; `data` carries
 * what a caller needs to recover (see {@link FrogbotErrorData}). Recognise one with
 * {@link FrogbotError.isInstance}, never by its message.
 */
export class FrogbotError extends Error {
  readonly code: ErrorCode
  readonly data?: FrogbotErrorData
  readonly [MARK] = true

  constructor(code: ErrorCode, message: string, data?: FrogbotErrorData) {
    super(message)
    this.name = 'FrogbotError'
    this.code = code
    this.data = data
  }

  /** Whether `error` is a FrogBot error of any copy of the package (by its mark, not `instanceof`). */
  static isInstance(error: unknown): error is FrogbotError {
    return typeof error === 'object' && error !== null && (error as { [MARK]?: unknown })[MARK] === true && typeof (error as { code?: unknown }).code === 'string'
  }
}

/** `not-found` for chat `chatId` (of `agentSlug`, when given): missing, of another agent, or not the caller's to read. */
export function chatNotFound(chatId: string, agentSlug?: string): FrogbotError {
  return new FrogbotError('not-found', `Chat "${chatId}" was not found${agentSlug ? ` for agent "${agentSlug}"` : ''}.`, { resource: 'chat' })
}

/**
 * Thrown by `buildConfig` and start-up: one error that lists every problem, each as
 * `path: reason` (for example `agents[1].slug: "planner" is used twice`).
 */
export class ConfigError extends FrogbotError {
  readonly problems: string[]

  constructor(problems: string[]) {
    super('invalid-config', `Invalid FrogBot config:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
    this.name = 'ConfigError'
    this.problems = problems
  }

  /** Whether `error` is a config error of any copy of the package: a FrogBot error with code `invalid-config` and its `problems`. */
  static override isInstance(error: unknown): error is ConfigError {
    return FrogbotError.isInstance(error) && error.code === 'invalid-config' && Array.isArray((error as { problems?: unknown }).problems)
  }
}
