import { ConfigError } from '../errors/frogbot-error.ts'

/**
 * The problems of the `ConfigError` that `make` throws (a piece's factory given wrong options or
 * environment), each naming its field and rule; `[]` when it throws none. Any other error is
 * thrown on.
 */
export function configProblems(make: () => unknown): string[] {
  try {
    make()
  } catch (error) {
    if (ConfigError.isInstance(error)) return error.problems
    throw error
  }
  return []
}
