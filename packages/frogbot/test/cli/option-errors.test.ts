import { afterEach, describe, expect, it, vi } from 'vitest'
import { main } from '../../src/cli/main.ts'

// A new user's `frogbot users list --json` (no value) printed Node's own "frogbot: Option '--json
// <value>' argument missing", and `frogbot pending --email` likewise, where the CLI says
// `frogbot <command>: …` (docs/reference/cli.md). Every mistake in the flags of every command now
// comes out in that shape, naming the flag and the rule, with the command's usage.

afterEach(() => {
  vi.restoreAllMocks()
})

/** Runs the CLI in this process; what it printed to stdout and stderr, and its exit code. */
async function run(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  vi.spyOn(console, 'log').mockImplementation((line) => void out.push(String(line)))
  vi.spyOn(console, 'error').mockImplementation((line) => void err.push(String(line)))
  const code = await main(argv)
  vi.restoreAllMocks()
  return { code, stdout: out.join('\n'), stderr: err.join('\n') }
}

/** What each flag that takes a value takes, as the usage writes it. */
const PLACEHOLDERS: Record<string, string> = {
  config: '<file>',
  port: '<port>',
  host: '<host>',
  email: '<email>',
  name: '<name>',
  password: '<pw>',
  agent: '<slug>',
  kind: '<kind>',
  'older-than': '<age>',
  'newer-than': '<age>',
  pick: '<n>[,<n>…]',
  custom: '<text>',
  json: "'<output>'",
  input: "'<JSON>'",
  reason: '<text>'
}

/** The flags each command takes that want a value, and those that take none. */
const COMMANDS: Record<string, { words: string[]; values: string[]; flags: string[] }> = {
  serve: { words: [], values: ['config', 'port', 'host'], flags: [] },
  'channels:run': { words: [], values: ['config'], flags: [] },
  build: { words: [], values: ['config'], flags: [] },
  migrate: { words: [], values: ['config'], flags: [] },
  users: { words: ['create'], values: ['config', 'email', 'name', 'password'], flags: [] },
  tokens: { words: ['list'], values: ['config', 'email', 'name'], flags: [] },
  pending: {
    words: [],
    values: ['config', 'agent', 'email', 'kind', 'older-than', 'newer-than'],
    flags: ['all']
  },
  answer: {
    words: ['chat_1', 'call_1'],
    values: ['config', 'email', 'pick', 'custom', 'json', 'input', 'reason'],
    flags: ['dismiss', 'approve', 'deny']
  }
}

/** A refusal: exit code 1, nothing on stdout, `frogbot <command>: <problem>`, then the command's usage. */
function expectRefused(result: Awaited<ReturnType<typeof run>>, command: string, problem: string) {
  expect(result.code).toBe(1)
  expect(result.stdout).toBe('')
  expect(result.stderr).toBe(`frogbot ${command}: ${problem}\n\n${result.stderr.split('\n\n')[1]}`)
  expect(result.stderr.split('\n\n')[1]).toMatch(new RegExp(`^Usage: frogbot ${command} `))
  expect(result.stderr).not.toMatch(/Option '|argument missing|does not take an argument|ambiguous/)
}

describe('frogbot option errors', () => {
  it('the reported ones: users list --json and pending --email without a value', async () => {
    expectRefused(await run('users', 'list', '--json'), 'users', '--json is not an option of users')
    expectRefused(await run('pending', '--email'), 'pending', '--email needs a value: --email <email>')
    const inbox = await run('pending', '--all', '--email')
    expectRefused(inbox, 'pending', '--email needs a value: --email <email>')
  })

  for (const [command, { words, values, flags }] of Object.entries(COMMANDS)) {
    it(`${command}: a missing value, a value for a bare flag, unknown and foreign options`, async () => {
      for (const name of values) {
        const placeholder = PLACEHOLDERS[name]
        const needs = `--${name} needs a value: --${name} ${placeholder}`
        expectRefused(await run(command, ...words, `--${name}`), command, needs)
        // The next word is a flag: it is not taken as the value.
        const other = name === 'config' ? '--help' : '--config'
        expectRefused(
          await run(command, ...words, `--${name}`, other),
          command,
          `${needs} (a value starting with "-" is written --${name}=<value>)`
        )
      }
      for (const name of [...flags, 'help', 'version']) {
        const alone = `--${name} takes no value: give --${name} alone`
        expectRefused(await run(command, ...words, `--${name}=yes`), command, alone)
      }
      expectRefused(await run(command, ...words, '--zzzz'), command, 'unknown option --zzzz')
      expectRefused(await run(command, ...words, '-x'), command, 'unknown option -x')
      const foreign = ['port', 'pick', 'all', 'json'].find((name) => ![...values, ...flags].includes(name))!
      // Another command's flag is named as such, with or without a value.
      const notOurs = `--${foreign} is not an option of ${command}`
      expectRefused(await run(command, ...words, `--${foreign}`), command, notOurs)
      expectRefused(await run(command, ...words, `--${foreign}=1`), command, notOurs)
    })
  }

  it('suggests a near flag of the command, and names a flag given twice in the same shape', async () => {
    const misspelt = await run('answer', 'chat_1', 'call_1', '--pik', '2')
    expectRefused(misspelt, 'answer', 'unknown option --pik; did you mean --pick?')
    expectRefused(await run('pending', '--agent', 'a', '--agent', 'b'), 'pending', '--agent: give it once')
    // Without a command the shape is `frogbot: …` and the usage is the whole one.
    const bare = await run('--bogus')
    expect(bare.code).toBe(1)
    expect(bare.stderr).toMatch(/^frogbot: unknown option --bogus\n\nUsage: frogbot <command> \[options\]/)
    const bareValue = await run('--config')
    expect(bareValue.stderr).toMatch(/^frogbot: --config needs a value: --config <file>\n\nUsage: frogbot </)
  })

  it('still takes a value written with = that starts with -, and flags before the command', async () => {
    const given = await run('pending', '--email=-x')
    // Past the flags: --email without --all is the command's own refusal.
    expect(given.stderr).toContain("frogbot pending: --email works with --all (a person's inbox)")
    expectRefused(await run('--config', 'x.ts', 'serve', '--bogus'), 'serve', 'unknown option --bogus')
  })
})
