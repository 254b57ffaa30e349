import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { ConfigError } from '../errors/frogbot-error.ts'
import { nearestKey } from '../config/known-keys.ts'

/** One line of usage per command, and what `frogbot help <command>` adds. */
const COMMANDS: Record<string, { usage: string; help: string }> = {
  serve: {
    usage: 'serve [--port 3000] [--host 127.0.0.1] [--config frogbot.config.ts]   run the HTTP API and the admin chat (PORT, HOST also work)',
    help: 'Loads the config, opens and migrates the database, and serves the HTTP API and the admin chat at /admin until Ctrl-C. FROGBOT_TOKEN=<16+ characters> registers that API token for the demo user.'
  },
  migrate: { usage: 'migrate [--config frogbot.config.ts]                                   bring the database schema up to date', help: 'Safe to run while servers run: migrations apply once.' },
  users: {
    usage: 'users create --email <email> [--name <name>] [--password <pw>] | users password --email <email> | users list | users delete --email <email>',
    help: 'Without --password (or FROGBOT_PASSWORD) in a terminal, create and password ask for the password without echoing it.'
  },
  tokens: {
    usage: 'tokens create --email <email> [--name <name>] | tokens list --email <email> | tokens revoke <token, prefix or id>',
    help: 'A token is printed once and stored hashed; revoke takes the token itself, or the prefix or id `tokens list` shows.'
  },
  pending: {
    usage: 'pending [--agent <slug>] | pending --all --email <email>                the calls waiting for an answer, newest first',
    help: [
      'Prints each call with its chat id, call id and, for a question, its options numbered 1, 2, … as `answer --pick` takes them.',
      '  --all --email <email>  that person\'s inbox, as GET /api/pending answers it: every call they may answer (their chats,',
      '                         and calls that name them as an assignee), across chats and agents, every page, with each chat\'s title',
      '  --kind <kind>, --older-than <age>, --newer-than <age>  with --all: only calls of that kind (question, approval, …),',
      '                         or that started waiting before or after an age (15m, 2h, 1d) or an ISO time; --agent <slug> narrows too'
    ].join('\n')
  },
  answer: {
    usage: "answer <chatId> <callId> --email <email> (--pick <n>[,<n>…] [--custom <text>] | --custom <text> | --json '<output>' | --dismiss [--reason <text>] | --approve [--input '<JSON>'] | --deny [--reason <text>])",
    help: [
      'Settles a waiting call as that user, with the same checks as HTTP (the chat must be theirs or have no owner).',
      '  --pick 2        the second option of a single question, as `frogbot pending` numbers them (labels work too); --pick 1,3 for several',
      '                  a label holding a comma is taken whole when the value is exactly that label:',
      '                  --pick "Yes, deploy"; an empty item ("1,,2") is refused; a label matching several',
      '                  ignoring case (YES beside Yes and yes) is refused, listing them: type it exactly',
      '  --custom <text> a typed answer (alone, or beside --pick)',
      "  --json '<output>' the whole output, e.g. for several questions or another client tool",
      '  --dismiss [--reason <text>]  decline the call; the model is not called',
      "  --approve [--input '<JSON>'] [--reason <text>]  approve a call waiting for approval (kind approval); --input runs it with an edited input",
      '  --deny [--reason <text>]  deny it: the tool does not run, and the model reads why',
      'When the answer completes the step, the agent continues here and the reply is printed: that calls the model,',
      'so the model key (OPENAI_API_KEY, …) must be set in this shell too (the offline demo model needs none).'
    ].join('\n')
  },
  build: {
    usage: 'build [--config frogbot.config.ts]                                     bundle the client tool components for the admin chat',
    help: 'Bundles every client tool `component` of the config with Vite into .frogbot/admin/components.js beside the config; `frogbot serve` does it on the fly outside production.'
  },
  'channels:run': {
    usage: 'channels:run [--config frogbot.config.ts]                              run only the listeners of the channel pieces (Gateway, long polling)',
    help: 'Runs the long-running connections some platforms need (Discord\'s Gateway, Telegram\'s long polling) in a process of its own, until Ctrl-C. One process at a time holds each listener, this one or a frogbot serve; it is handed over when that process stops.'
  },
  help: { usage: 'help [<command>]                                                       this help, or one command\'s', help: '' }
}

const USAGE = `Usage: frogbot <command> [options]

Commands:
${Object.values(COMMANDS).map((command) => `  ${command.usage}`).join('\n')}

Options:
  --config <file>   the config module (default: frogbot.config.ts in the current folder)
  --password <pw>   a user's password (visible to other processes; prefer the prompt or FROGBOT_PASSWORD)
  --help            show this help (frogbot help <command> for one command)
  --version         print the version

The default SQLite file is ./frogbot.db in the current folder: run the commands where the server runs
(for the planner example: cd examples/planner, or npm run frogbot -- <command> at the repository root).`

/** `frogbot help <command>`: its usage and details. */
function commandHelp(name: string): string | null {
  const command = COMMANDS[name]
  return command ? `Usage: frogbot ${command.usage.replace(/\s{3,}.*$/, '')}\n\n${command.help}`.trim() : null
}

const ACTIONS: Record<string, string[]> = { users: ['create', 'password', 'list', 'delete'], tokens: ['create', 'list', 'revoke'] }

/** How many positional arguments a command without actions takes, when it takes some. */
const POSITIONALS: Record<string, { count: number; hint: string }> = {
  answer: { count: 2, hint: 'give the chat id and the call id shown by `frogbot pending`' },
  help: { count: 0, hint: '' }
}

/** What is wrong with the words after a command, or `null`: unknown actions and stray arguments are refused. */
function argumentProblem(command: string, rest: string[]): string | null {
  const positionals = POSITIONALS[command]
  if (command === 'help') return rest.length > 1 ? `unexpected argument "${rest[1]}"` : rest[0] && !COMMANDS[rest[0]] ? `no command "${rest[0]}"; use one of: ${Object.keys(COMMANDS).join(', ')}` : null
  if (positionals) {
    if (rest.length < positionals.count) return positionals.hint
    return rest.length > positionals.count ? `unexpected argument "${rest[positionals.count]}"` : null
  }
  const actions = ACTIONS[command]
  if (!actions) return rest.length > 0 ? `unexpected argument "${rest[0]}"` : null
  const [action, ...more] = rest
  if (!action || !actions.includes(action)) return `${action ? `unknown action "${action}"; ` : ''}use one of: ${actions.join(', ')}`
  const allowed = command === 'tokens' && action === 'revoke' ? 1 : 0
  if (command === 'tokens' && action === 'revoke' && more.length === 0) return 'give the token, or its prefix or id as `frogbot tokens list` shows them'
  return more.length > allowed ? `unexpected argument "${more[allowed]}"` : null
}

/** The flags every command reads (`node:util` parseArgs options). */
const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  config: { type: 'string' },
  email: { type: 'string' },
  name: { type: 'string' },
  password: { type: 'string' },
  agent: { type: 'string' },
  all: { type: 'boolean' },
  kind: { type: 'string' },
  'older-than': { type: 'string' },
  'newer-than': { type: 'string' },
  json: { type: 'string' },
  pick: { type: 'string' },
  custom: { type: 'string' },
  dismiss: { type: 'boolean' },
  approve: { type: 'boolean' },
  deny: { type: 'boolean' },
  input: { type: 'string' },
  reason: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' }
} as const

const FLAGS = Object.keys(OPTIONS)

/** The flags each command reads (besides `--help` and `--version`); any other is refused, naming the command. */
const COMMAND_FLAGS: Record<string, readonly string[]> = {
  serve: ['config', 'port', 'host'],
  'channels:run': ['config'],
  build: ['config'],
  migrate: ['config'],
  users: ['config', 'email', 'name', 'password'],
  tokens: ['config', 'email', 'name'],
  pending: ['config', 'agent', 'all', 'email', 'kind', 'older-than', 'newer-than'],
  answer: ['config', 'email', 'pick', 'custom', 'json', 'dismiss', 'approve', 'deny', 'input', 'reason'],
  help: []
}

/** The flags of `pending` that only its `--all` form (a person's inbox) reads. */
const INBOX_FLAGS = ['email', 'kind', 'older-than', 'newer-than'] as const

/** What each flag that takes a value takes, as the usage writes it. */
const VALUE_OF: Record<string, string> = {
  port: '<port>',
  host: '<host>',
  config: '<file>',
  email: '<email>',
  name: '<name>',
  password: '<pw>',
  agent: '<slug>',
  kind: '<kind>',
  'older-than': '<age>',
  'newer-than': '<age>',
  json: "'<output>'",
  pick: '<n>[,<n>…]',
  custom: '<text>',
  input: "'<JSON>'",
  reason: '<text>'
}

/**
 * The first mistake in the flags of `argv`, with the command it names (its first word that is not
 * a flag, `null` when that is no command), or `null`. Read from `parseArgs`' tokens, so that each
 * comes out in the CLI's own words, never Node's: an unknown flag (`unknown option --pik; did you
 * mean --pick?`, suggested among the command's flags), a flag of another command (`--json is not
 * an option of users`), a flag without its value (`--email needs a value: --email <email>`, also
 * when the next word is a flag), and a value given to a flag that takes none (`--all takes no
 * value`).
 */
function flagProblem(argv: string[]): { command: string | null; problem: string } | null {
  const { tokens } = parseArgs({
    args: argv, allowPositionals: true, strict: false, tokens: true,
    options: OPTIONS
  })
  const first = tokens.find((token) => token.kind === 'positional')?.value ?? null
  const command = first !== null && first in COMMANDS ? first : null
  const own = command ? [...COMMAND_FLAGS[command], 'help', 'version'] : FLAGS
  for (const token of tokens) {
    if (token.kind !== 'option') continue
    const { name, rawName } = token
    const refuse = (problem: string) => ({ command, problem })
    if (!Object.hasOwn(OPTIONS, name)) {
      const near = nearestKey(name, own)
      return refuse(`unknown option ${rawName}${near ? `; did you mean --${near}?` : ''}`)
    }
    if (!own.includes(name)) return refuse(`--${name} is not an option of ${command}`)
    const option = OPTIONS[name as keyof typeof OPTIONS]
    if (option.type === 'string') {
      const value = token.value
      const flagNext = !token.inlineValue && value !== undefined && value.length > 1 && value.startsWith('-')
      if (value === undefined || flagNext) {
        const dash = flagNext ? ` (a value starting with "-" is written --${name}=<value>)` : ''
        return refuse(`--${name} needs a value: --${name} ${VALUE_OF[name]}${dash}`)
      }
    } else if (token.inlineValue) {
      return refuse(`--${name} takes no value: give ${rawName} alone`)
    }
  }
  return null
}

/** The CLI's refusal of a command line: `frogbot <command>: <problem>`, a blank line, its usage. */
function refusal(command: string | null, problem: string, argv: string[]): string {
  return `frogbot${command ? ` ${command}` : ''}: ${problem}\n\n${usageFor(command ? [command] : argv)}`
}

/** The usage of the command `argv` names (its first word that is not a flag), else the whole usage. */
function usageFor(argv: string[]): string {
  const command = argv.find((arg) => !arg.startsWith('-'))
  return command && command in COMMANDS ? `Usage: frogbot ${COMMANDS[command].usage.replace(/\s{3,}.*$/, '')}` : USAGE
}

/** Runs the `frogbot` command line with `argv` (without `node` and the script). Returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const mistake = flagProblem(argv)
  if (mistake) {
    console.error(refusal(mistake.command, mistake.problem, argv))
    return 1
  }
  let parsed
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, tokens: true, options: OPTIONS })
  } catch (error) {
    // Not expected once flagProblem passed; still said in the CLI's shape.
    console.error(refusal(null, (error as Error).message, argv))
    return 1
  }
  const first = parsed.positionals[0]
  const named = first !== undefined && first in COMMANDS ? first : null
  // A flag given twice would silently keep the last; say so, as HTTP's query parameters do.
  const given = parsed.tokens.flatMap((token) => (token.kind === 'option' ? [token.name] : []))
  const twice = given.find((name, index) => given.indexOf(name) !== index)
  if (twice) {
    console.error(refusal(named, `--${twice}: give it once`, argv))
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
    console.log((command && commandHelp(command)) || USAGE)
    return command || values.help ? 0 : 1
  }
  if (!(command in COMMANDS)) {
    const near = nearestKey(command, Object.keys(COMMANDS))
    console.error(`frogbot: unknown command "${command}"${near ? `; did you mean ${near}?` : '.'}\n\n${USAGE}`)
    return 1
  }
  const problem = argumentProblem(command, rest)
  if (!problem && command === 'help') {
    console.log(rest[0] ? commandHelp(rest[0]) : USAGE)
    return 0
  }
  if (problem) {
    console.error(`frogbot ${command}: ${problem}\n\n${usageFor([command])}`)
    return 1
  }
  try {
    switch (command) {
      case 'serve': {
        const serve = await import('./serve-command.ts')
        // A --port that is not a port is a mistake in the command line: said as the others are.
        const portProblem = values.port === undefined ? null : serve.portOptionProblem(values.port)
        if (portProblem) {
          console.error(`frogbot serve: ${portProblem}\n\n${usageFor(['serve'])}`)
          return 1
        }
        return await serve.serveCommand(values)
      }
      case 'channels:run':
        return await (await import('./channels-run-command.ts')).channelsRunCommand(values)
      case 'build':
        return await (await import('./build-command.ts')).buildCommand(values)
      case 'migrate':
        return await (await import('./migrate-command.ts')).migrateCommand(values)
      case 'users':
        return await (await import('./users-command.ts')).usersCommand(rest, values)
      case 'tokens':
        return await (await import('./tokens-command.ts')).tokensCommand(rest, values)
      case 'pending': {
        if (values.all) return await (await import('./inbox-command.ts')).inboxCommand(values)
        // A person's inbox takes these; the list of every waiting call would ignore them.
        const inboxFlag = INBOX_FLAGS.find((flag) => values[flag] !== undefined)
        if (inboxFlag) {
          console.error(`frogbot pending: --${inboxFlag} works with --all (a person's inbox): frogbot pending --all --email <email> --${inboxFlag} …\n\n${usageFor(['pending'])}`)
          return 1
        }
        return await (await import('./pending-command.ts')).pendingCommand(values)
      }
      case 'answer':
        return await (await import('./answer-command.ts')).answerCommand(rest, values)
      default:
        throw new Error(`no runner for the command "${command}"`)
    }
  } catch (error) {
    if (ConfigError.isInstance(error)) console.error(`frogbot: ${error.message}`)
    else console.error(`frogbot: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
}
