import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { ConfigError } from '../errors/frogbot-error.ts'

const USAGE = `Usage: frogbot <command> [options]

Commands:
  serve [--port 3000] [--host 127.0.0.1] [--config frogbot.config.ts] run the HTTP API (PORT, HOST also work)
  migrate [--config frogbot.config.ts]                                  bring the database schema up to date
  users create --email <email> [--name <name>] [--password <password>] | users password --email <email>
  users list | users delete --email <email>
  tokens create --email <email> [--name <name>] | tokens list --email <email> | tokens revoke <prefix-or-id>
  pending [--agent <slug>]                                              list the calls waiting for an answer (newest first)
  answer <chatId> <callId> --email <email> (--json '<output JSON>' | --pick <label>[,<label>…] [--custom <text>] | --dismiss [--reason <text>])
                                                                        settle a waiting call as that user; prints the continued reply

Options:
  --config <file>   the config module (default: frogbot.config.ts in the current folder)
  --password <pw>   a user's password (visible to other processes; prefer the prompt or FROGBOT_PASSWORD)
  --help            show this help
  --version         print the version

The default SQLite file is ./frogbot.db in the current folder: run the commands where the server runs
(for the planner example: cd examples/planner, or npm run frogbot -- <command> at the repository root).`

const ACTIONS: Record<string, string[]> = { users: ['create', 'password', 'list', 'delete'], tokens: ['create', 'list', 'revoke'] }

/** How many positional arguments a command without actions takes, when it takes some. */
const POSITIONALS: Record<string, { count: number; hint: string }> = {
  answer: { count: 2, hint: 'give the chat id and the call id shown by `frogbot pending`' }
}

/** What is wrong with the words after a command, or `null`: unknown actions and stray arguments are refused. */
function argumentProblem(command: string, rest: string[]): string | null {
  const positionals = POSITIONALS[command]
  if (positionals) {
    if (rest.length < positionals.count) return positionals.hint
    return rest.length > positionals.count ? `unexpected argument "${rest[positionals.count]}"` : null
  }
  const actions = ACTIONS[command]
  if (!actions) return rest.length > 0 ? `unexpected argument "${rest[0]}"` : null
  const [action, ...more] = rest
  if (!action || !actions.includes(action)) return `${action ? `unknown action "${action}"; ` : ''}use one of: ${actions.join(', ')}`
  const allowed = command === 'tokens' && action === 'revoke' ? 1 : 0
  if (command === 'tokens' && action === 'revoke' && more.length === 0) return 'give the token prefix (fbt_xxxxxx) or id shown by `frogbot tokens list`'
  return more.length > allowed ? `unexpected argument "${more[allowed]}"` : null
}

/** Runs the `frogbot` command line with `argv` (without `node` and the script). Returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      config: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      agent: { type: 'string' },
      json: { type: 'string' },
      pick: { type: 'string' },
      custom: { type: 'string' },
      dismiss: { type: 'boolean' },
      reason: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' }
    }
    })
  } catch (error) {
    console.error(`frogbot: ${(error as Error).message}\n\n${USAGE}`)
    return 1
  }
  const { values, positionals } = parsed
  const [command, ...rest] = positionals
  if (values.version) {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
    console.log(manifest.version)
    return 0
  }
  if (values.help || !command) {
    console.log(USAGE)
    return command || values.help ? 0 : 1
  }
  const problem = argumentProblem(command, rest)
  if (problem) {
    console.error(`frogbot ${command}: ${problem}\n\n${USAGE}`)
    return 1
  }
  try {
    switch (command) {
      case 'serve':
        return await (await import('./serve-command.ts')).serveCommand(values)
      case 'migrate':
        return await (await import('./migrate-command.ts')).migrateCommand(values)
      case 'users':
        return await (await import('./users-command.ts')).usersCommand(rest, values)
      case 'tokens':
        return await (await import('./tokens-command.ts')).tokensCommand(rest, values)
      case 'pending':
        return await (await import('./pending-command.ts')).pendingCommand(values)
      case 'answer':
        return await (await import('./answer-command.ts')).answerCommand(rest, values)
      default:
        console.error(`frogbot: unknown command "${command}".\n\n${USAGE}`)
        return 1
    }
  } catch (error) {
    if (error instanceof ConfigError) console.error(`frogbot: ${error.message}`)
    else console.error(`frogbot: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
}
