import { existsSync } from 'node:fs'
import { isAbsolute, relative } from 'node:path'
import type { DatabaseAdapter } from '../store/database-adapter.ts'
import type { CommandPlace } from './cli-command.ts'

/**
 * Which database a command read, for the line it prints when it found nothing: `name` is the
 * SQLite file as typed from the current folder (`./frogbot.db`), else the adapter's description
 * (`PostgreSQL …`, without secrets); `created` is whether the SQLite file did not exist before this
 * command opened it (so it was just created, empty).
 */
export type DatabasePlace = { name: string; created: boolean }

/**
 * The {@link DatabasePlace} of `adapter`, read before the command opens it. The file is named from
 * the folder the command was typed in (`INIT_CWD`, set by npm; see `cliCommand`) when it is below it,
 * else from the current folder, else by its absolute path.
 */
export function databasePlace(adapter: DatabaseAdapter, { cwd = process.cwd(), initCwd = process.env.INIT_CWD }: CommandPlace = {}): DatabasePlace {
  if (!adapter.file) return { name: adapter.describe(), created: false }
  const inside = (folder: string) => {
    const path = relative(folder, adapter.file!)
    return path.startsWith('..') || isAbsolute(path) ? null : `./${path}`
  }
  return { name: (initCwd && inside(initCwd)) || inside(cwd) || adapter.file, created: !existsSync(adapter.file) }
}

/**
 * ` in <database>` for a "nothing found" line, and, when that SQLite file was only now created, a
 * second line saying so and where `frogbot serve` keeps its database (README "Users, sign-in and
 * API tokens": the SQLite file is in the folder the commands run in).
 */
export function nothingIn(place: DatabasePlace): { where: string; note: string } {
  const note = place.created
    ? `\n${place.name} did not exist: this command just created it, empty. \`frogbot serve\` keeps its SQLite file (default ./frogbot.db) in the folder it runs in: run this command in that folder.`
    : ''
  return { where: ` in ${place.name}`, note }
}
