import { parseArgs } from 'node:util'
import { ConfigError } from '../errors/frogbot-error.ts'

const USAGE = `Usage: frogbot <command> [options]

Commands:
  serve [--port 3000] [--host 0.0.0.0] [--config frogbot.config.ts]   run the HTTP API
  migrate [--config frogbot.config.ts]                                  bring the database schema up to date
  users create --email <email> [--name <name>] [--password <password>] | users password --email <email>
  users list | users delete --email <email>
  tokens create --email <email> [--name <name>] | tokens list --email <email> | tokens revoke <prefix-or-id>

Options:
  --config <file>   the config module (default: frogbot.config.ts in the current folder)
  --password <pw>   a user's password (visible to other processes; prefer the prompt or FROGBOT_PASSWORD)
  --help            show this help`

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
      help: { type: 'boolean', short: 'h' }
    }
    })
  } catch (error) {
    console.error(`frogbot: ${(error as Error).message}\n\n${USAGE}`)
    return 1
  }
  const { values, positionals } = parsed
  const [command, ...rest] = positionals
  if (values.help || !command) {
    console.log(USAGE)
    return command || values.help ? 0 : 1
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
