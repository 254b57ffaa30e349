import type { ErrorCode } from '@frogbotai/protocol'

export type { ErrorCode } from '@frogbotai/protocol'

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
