import { ConfigError } from '../errors/frogbot-error.ts'
import type { FrogbotOptions } from './options.ts'
import { validateOptions } from './validate-options.ts'

/** A checked FrogBot configuration, as `buildConfig` returns it. */
export type FrogbotConfig = FrogbotOptions & { readonly warnings: string[] }

/**
 * Checks the options once and returns the configuration to export from `frogbot.config.ts`.
 * Throws a `ConfigError` whose `problems` list every problem with its path, for example
 * `agents[1].slug: "planner" is used twice` or `agents[0].tools[0].client.kind: must be a non-empty string`.
 * Models are resolved later, at start-up, because they depend on the environment.
 */
export function buildConfig(options: FrogbotOptions): FrogbotConfig {
  const { problems, warnings } = validateOptions(options)
  if (problems.length > 0) throw new ConfigError(problems)
  return { ...options, warnings }
}
