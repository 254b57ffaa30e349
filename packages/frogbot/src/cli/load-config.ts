import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FrogbotConfig } from '../config/build-config.ts'
import { postgresAdapter } from '../store/postgres-adapter.ts'

/**
 * Imports the config module (default `frogbot.config.ts` in the current folder) and returns its
 * default export. Relative paths in the config, such as the default SQLite file `./frogbot.db`,
 * are relative to the current folder, like any command line tool's. A config without `db` uses PostgreSQL when `DATABASE_URL` is set (so every
 * command of several servers, `serve`, `migrate`, `users`, `tokens`, reaches the same database),
 * else the SQLite default. Throws an `Error` that says what to do when the file is missing or
 * exports no config made with `buildConfig`.
 */
export async function loadConfig(path = 'frogbot.config.ts', env: NodeJS.ProcessEnv = process.env): Promise<FrogbotConfig> {
  const file = resolve(path)
  if (!existsSync(file)) {
    throw new Error(`No config at ${file}. Create frogbot.config.ts exporting buildConfig({ agents: [...] }), or run the command in your config's folder: its database (by default the SQLite file ./frogbot.db) is found from the current folder, so --config <file> from elsewhere opens another one.`)
  }
  const module = (await import(pathToFileURL(file).href)) as { default?: FrogbotConfig }
  const config = module.default
  if (!config || !Array.isArray(config.agents) || !Array.isArray(config.warnings)) {
    throw new Error(`${file} must export default buildConfig({ ... }) from 'frogbot'.`)
  }
  if (!config.db && env.DATABASE_URL) return { ...config, db: postgresAdapter({ url: env.DATABASE_URL }) }
  return config
}
