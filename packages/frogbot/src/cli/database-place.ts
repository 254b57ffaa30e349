import { existsSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve } from 'node:path'
import type { DatabaseAdapter } from '../store/database-adapter.ts'
import type { CommandPlace } from './cli-command.ts'

/**
 * Which database a command read, for the line it prints when it found nothing: `name` is the
 * SQLite file as typed from the current folder (`./frogbot.db`), else the adapter's description
 * (`PostgreSQL …`, without secrets); `created` is whether the SQLite file did not exist before this
 * command opened it (so it was just created, empty); `serverFile` is where a server started beside
 * the config would keep that file (its folder is the config's, not the command's), when that is
 * another file than this one.
 */
export type DatabasePlace = { name: string; created: boolean; serverFile: string | null; configFolder: string | null }

/**
 * The {@link DatabasePlace} of `adapter`, read before the command opens it, for the config at
 * `configPath` (default `frogbot.config.ts` in the current folder). Files and folders are named from
 * the folder the command was typed in (`INIT_CWD`, set by npm; see `cliCommand`) when they are below
 * it, else from the current folder, else by their absolute paths.
 */
export function databasePlace(adapter: DatabaseAdapter, { cwd = process.cwd(), initCwd = process.env.INIT_CWD, configPath = 'frogbot.config.ts' }: CommandPlace & { configPath?: string } = {}): DatabasePlace {
  if (!adapter.file) return { name: adapter.describe(), created: false, serverFile: null, configFolder: null }
  const shown = (path: string) => {
    const inside = (folder: string) => {
      const below = relative(folder, path)
      return below.startsWith('..') || isAbsolute(below) ? null : `./${below}`
    }
    return (initCwd && inside(initCwd)) || inside(cwd) || path
  }
  // A relative file name (the default ./frogbot.db) lands in the folder the server runs in.
  const configFolder = dirname(resolve(cwd, configPath))
  const fromHere = relative(cwd, adapter.file)
  const serverFile = !fromHere.startsWith('..') && !isAbsolute(fromHere) ? join(configFolder, fromHere) : null
  return {
    name: shown(adapter.file),
    created: !existsSync(adapter.file),
    serverFile: serverFile && serverFile !== adapter.file ? shown(serverFile) : null,
    configFolder: serverFile && serverFile !== adapter.file ? shown(configFolder).replace(/^\.\/$/, '.') : null
  }
}

/**
 * ` in <database>` for a "nothing found" line, and, when that SQLite file was only now created, a
 * second line saying so and where to look instead (docs/auth/overview.md): the
 * file a server started beside the config keeps, and the folder to run the command in; or, when
 * this is that folder, that no server has written here yet or its file was deleted.
 */
export function nothingIn(place: DatabasePlace): { where: string; note: string } {
  if (!place.created) return { where: ` in ${place.name}`, note: '' }
  const elsewhere = place.serverFile
    ? `A server started beside its config keeps it at ${place.serverFile}: run this command in ${place.configFolder}.`
    : 'A server started beside this config keeps it here: none has written to it yet, or its file was deleted (a running server stops when that happens; start it again).'
  return { where: ` in ${place.name}`, note: `\n${place.name} did not exist: this command just created it, empty. ${elsewhere}` }
}
