import { relative } from 'node:path'

/**
 * Where a command line was typed and where it runs: `cwd`, the current folder (default
 * `process.cwd()`), and `initCwd`, the folder npm was typed in (default `process.env.INIT_CWD`).
 */
export type CommandPlace = { cwd?: string; initCwd?: string }

/**
 * How to run `frogbot <args>` from where the person typed the command that printed it: `npx
 * frogbot <args>`, or, when npm ran us in another folder (`npm start` at a monorepo's root runs a
 * workspace's script there; npm sets `INIT_CWD` to where it was typed), `(cd <folder> && npx
 * frogbot <args>)`, since the config and the SQLite file are found from the current folder.
 * Every command line the CLI suggests is written with it.
 */
export function cliCommand(args: string, { cwd = process.cwd(), initCwd = process.env.INIT_CWD }: CommandPlace = {}): string {
  const folder = initCwd ? relative(initCwd, cwd) : ''
  return folder && !folder.startsWith('..') ? `(cd ${folder} && npx frogbot ${args})` : `npx frogbot ${args}`
}
