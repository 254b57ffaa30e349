/**
 * Stable error codes. The seed's HTTP table names most of them; the HTTP layer is the one place
 * that maps a code to a status (see `http/error-response.ts`).
 */
export type ErrorCode =
  | 'bad-request'
  | 'unauthorized'
  | 'invalid-credentials'
  | 'forbidden'
  | 'not-found'
  | 'method-not-allowed'
  | 'agent-not-found'
  | 'call-not-found'
  | 'invalid-output'
  | 'already-settled'
  | 'channel-chat'
  | 'not-awaiting'
  | 'write-conflict'
  | 'tool-unavailable'
  | 'pending-calls'
  | 'turn-in-progress'
  | 'payload-too-large'
  | 'too-many-requests'
  | 'invalid-config'
  | 'model-error'

/**
 * Every error FrogBot throws on purpose. `code` is stable and safe to branch on; `data` carries
 * what a caller needs to recover (for `already-settled`, the stored `settlement`).
 */
export class FrogbotError extends Error {
  readonly code: ErrorCode
  readonly data?: Record<string, unknown>

  constructor(code: ErrorCode, message: string, data?: Record<string, unknown>) {
    super(message)
    this.name = 'FrogbotError'
    this.code = code
    this.data = data
  }

  static isInstance(error: unknown): error is FrogbotError {
    return error instanceof FrogbotError
  }
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
}
