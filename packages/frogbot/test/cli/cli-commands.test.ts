import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildConfig, createFrogbot, sqliteAdapter, type Frogbot } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { cliEnv, PLANNER_CONFIG, runCli, tempCwd } from '../helpers/spawn-serve.ts'

// The `frogbot` commands as a user runs them: the real bin script, a fresh folder as the current
// folder (so the example config's default `./frogbot.db` lands there), the example config.

const temps: { remove: () => void }[] = []
const opened: Frogbot[] = []
afterAll(async () => {
  for (const frogbot of opened) await frogbot.close()
  for (const temp of temps) temp.remove()
})

function folder() {
  const temp = tempCwd()
  temps.push(temp)
  const dir = temp.dir
  // Typed in that folder, as a person would (INIT_CWD is where npm or npx was typed).
  return { dir, frogbot: (...args: string[]) => runCli([...args, '--config', PLANNER_CONFIG], { cwd: dir, env: cliEnv({ INIT_CWD: dir }) }) }
}

// Each command starts Node and loads the library (about 1–2 s on a busy machine): room for a dozen.
const SLOW = { timeout: 60_000 }
const TOKEN = /fbt_[A-Za-z0-9_-]{43}/g

/** A FrogBot in this test process on the folder's database (demo model, no provider keys). */
async function appOn(dir: string) {
  const config = buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question] }], db: sqliteAdapter({ filename: join(dir, 'frogbot.db') }) })
  const frogbot = await createFrogbot(config, { env: {}, log: () => {} })
  opened.push(frogbot)
  return frogbot
}

/** The status `GET /api/agents` answers a token, on a server in this process on the folder's database. */
async function serverOn(dir: string) {
  const frogbot = await appOn(dir)
  return async (token: string) => (await frogbot.fetch(new Request('http://localhost/api/agents', { headers: { authorization: `Bearer ${token}` } }))).status
}

describe('frogbot users', SLOW, () => {
  it('creates and lists users in the database of the current folder', async () => {
    const { dir, frogbot } = folder()
    const empty = await frogbot('users', 'list')
    expect(empty).toMatchObject({ code: 0, stderr: '' })
    expect(empty.stdout).toContain('No users yet')

    const created = await frogbot('users', 'create', '--email', 'a@b.co')
    expect(created.code).toBe(0)
    expect(created.stdout).toContain('Created a@b.co. Give them an API token: npx frogbot tokens create --email a@b.co')
    expect(existsSync(join(dir, 'frogbot.db'))).toBe(true)

    const repeated = await frogbot('users', 'create', '--email', 'A@B.co')
    expect(repeated).toMatchObject({ code: 0, stdout: 'a@b.co already exists.\n' })

    const listed = await frogbot('users', 'list')
    expect(listed.code).toBe(0)
    const lines = listed.stdout.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^a@b\.co {2}created \d{4}-\d\d-\d\dT/)

    const invalid = await frogbot('users', 'create', '--email', 'not-an-email')
    expect(invalid.code).toBe(1)
    const shape = 'is not an email address (a name, "@" and a domain, without white space)'
    expect(invalid.stderr).toContain(`--email: ${shape}`)
  })
})

describe('frogbot users create and sign-in', SLOW, () => {
  it('refuses an email sign-in refuses (over 320 UTF-16 units), naming --email; creates no one', async () => {
    const { dir } = folder()
    const env = cliEnv({ INIT_CWD: dir, FROGBOT_PASSWORD: 'password123' })
    const frogbot = (...args: string[]) => runCli([...args, '--config', PLANNER_CONFIG], { cwd: dir, env })
    const app = await appOn(dir)
    const login = async (email: string) => {
      const request = new Request('http://localhost/api/auth/login', {
        method: 'POST',
        headers: { origin: 'http://localhost', 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'password123' })
      })
      const response = await app.fetch(request)
      return { status: response.status, body: (await response.json()) as { error?: { message?: string } } }
    }
    // It used to print "Created … they can sign in", and sign-in then answered 400.
    const tooLong = `${'a'.repeat(320)}@x.io`
    const refusal = 'frogbot users create: --email: is too long (at most 320 characters)\n'
    const refused = await frogbot('users', 'create', '--email', tooLong)
    expect(refused).toMatchObject({ code: 1, stdout: '', stderr: refusal })
    expect(await login(tooLong)).toMatchObject({ status: 400 })
    const signIn = JSON.stringify((await login(tooLong)).body)
    expect(signIn).toContain('email: is too long (at most 320 characters)')
    // Counted in UTF-16 units as sign-in counts them: 158 emoji and "@x.io" are 163 code points, 321 units.
    const emoji = await frogbot('users', 'create', '--email', `${'😀'.repeat(158)}@x.io`)
    expect(emoji).toMatchObject({ code: 1, stdout: '', stderr: refusal })
    expect((await frogbot('users', 'list')).stdout).toContain('No users yet')

    // At the limit, created and signed in.
    const atLimit = `${'a'.repeat(315)}@x.io`
    const created = await frogbot('users', 'create', '--email', atLimit)
    expect(created.code).toBe(0)
    expect(created.stdout).toContain(`Created ${atLimit} with a password: they can sign in`)
    expect((await login(atLimit)).status).toBe(200)
  })
})

describe('stored emails and names in the output', SLOW, () => {
  it('lists and confirmations show control characters as `?`, line breaks as spaces', async () => {
    const { dir, frogbot } = folder()
    // They used to print the escape sequences raw: a name could clear the screen or recolour the list.
    const user = await frogbot('users', 'create', '--email', 'a@b.co', '--name', 'Evil\x1b[2J')
    expect(user.code).toBe(0)
    // An email with control or invisible characters used to be created, and its follow-up command
    // printed masked (`tokens create --email mal?]0;pwned?@b.co`) named nobody: now refused, no one made.
    const mal = 'mal\x1b]0;pwned\x07@b.co'
    const rule = 'must not contain control or invisible characters ' +
      '(C0 and C1 controls, DEL, zero-width, bidi controls, soft hyphen, BOM…)'
    const odd = await frogbot('users', 'create', '--email', mal, '--name', 'two\nlines')
    const refused = (code: string) => `frogbot users create: --email: ${rule}; U+${code} is one\n`
    expect(odd).toMatchObject({ code: 1, stdout: '', stderr: refused('001B') })
    const zeroWidth = await frogbot('users', 'create', '--email', 'x\u200b@example.com')
    expect(zeroWidth).toMatchObject({ code: 1, stdout: '', stderr: refused('200B') })
    expect((await frogbot('users', 'list')).stdout.trim().split('\n')).toHaveLength(1)
    // One stored before that rule (by an older FrogBot) is still shown with `?` for its controls.
    const { db } = storeOf(await appOn(dir))
    const legacy = { id: 'user_legacy', email: mal, name: 'two\nlines', password_hash: null }
    await db.insertInto('frogbot_users').values({ ...legacy, created_at: new Date().toISOString() }).execute()
    const shown = 'mal?]0;pwned?@b.co'
    const users = await frogbot('users', 'list')
    expect(users.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^a@b\.co \(Evil\?\[2J\) {2}created \S+ {2}no password \(API tokens only\)$/),
      expect.stringMatching(/^mal\?\]0;pwned\?@b\.co \(two lines\) {2}created \S+ {2}no password/)
    ])

    const created = await frogbot('tokens', 'create', '--email', 'a@b.co', '--name', 'a\x1b[31mb')
    expect(created.code).toBe(0)
    const malToken = await frogbot('tokens', 'create', '--email', mal)
    expect(malToken.stdout).toContain(`API token for ${shown} (shown once`)
    const forged = await frogbot('tokens', 'create', '--email', 'a@b.co', '--name', 'x\nfbt_forged…  admin')
    expect(forged.code).toBe(0)
    const tokens = await frogbot('tokens', 'list', '--email', 'a@b.co')
    const rows = tokens.stdout.trim().split('\n')
    expect(rows).toHaveLength(2)
    expect(rows.find((row) => row.includes('  a?[31mb  id '))).toBeDefined()
    expect(rows.find((row) => row.includes('  x fbt_forged…  admin  id '))).toBeDefined()
    const id = /^Its id is (tok_[\w-]+)/m.exec(created.stdout)![1]
    expect((await frogbot('tokens', 'revoke', id)).stdout).toMatch(/^Revoked token "a\?\[31mb" \(tok_/)
    for (const output of [user, odd, users, created, tokens]) {
      expect(output.stdout + output.stderr).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/)
    }
  })
})

describe('read commands that find nothing', SLOW, () => {
  it('name the database they read, and say when they just created it empty (a --config from another folder)', async () => {
    const { frogbot } = folder()
    const planner = dirname(PLANNER_CONFIG)
    const created = `\n./frogbot.db did not exist: this command just created it, empty. A server started beside its config keeps it at ${join(planner, 'frogbot.db')}: run this command in ${planner}.\n`
    const first = await frogbot('pending')
    expect(first).toMatchObject({ code: 0, stderr: '', stdout: `Nothing is waiting for an answer in ./frogbot.db.${created}` })
    expect((await frogbot('pending')).stdout).toBe('Nothing is waiting for an answer in ./frogbot.db.\n')
    expect((await frogbot('users', 'list')).stdout).toBe('No users yet in ./frogbot.db. Create one: npx frogbot users create --email you@example.com\n')
    expect((await frogbot('tokens', 'revoke', 'fbt_AbCdEf')).stdout).toContain('No active token matches "fbt_AbCdEf" in ./frogbot.db.')
    await frogbot('users', 'create', '--email', 'a@b.co')
    expect((await frogbot('tokens', 'list', '--email', 'a@b.co')).stdout).toBe('No tokens for a@b.co in ./frogbot.db. Create one: npx frogbot tokens create --email a@b.co\n')
    const answer = await frogbot('answer', 'chat_nothing', 'call_nothing', '--email', 'a@b.co', '--dismiss')
    expect(answer.code).toBe(1)
    expect(answer.stderr).toMatch(/^frogbot answer: not found: .* \(looked in \.\/frogbot\.db\)\n$/)
  })

  it("in the config's own folder, a file just created says no server wrote there yet or its file was deleted", async () => {
    const { dir } = folder()
    const frogbotSource = join(dirname(PLANNER_CONFIG), '../../packages/frogbot/src/index.ts')
    writeFileSync(join(dir, 'frogbot.config.ts'), `import { buildConfig } from '${frogbotSource}'\nexport default buildConfig({ agents: [{ slug: 'planner', model: 'fast' }] })\n`)
    const pending = await runCli(['pending'], { cwd: dir, env: cliEnv({ INIT_CWD: dir }) })
    expect(pending).toMatchObject({ code: 0, stderr: '' })
    expect(pending.stdout).toBe(
      'Nothing is waiting for an answer in ./frogbot.db.\n./frogbot.db did not exist: this command just created it, empty. A server started beside this config keeps it here: none has written to it yet, or its file was deleted (a running server stops when that happens; start it again).\n'
    )
  })
})

describe('frogbot tokens', SLOW, () => {
  it('creates a token shown once, lists it by prefix and name only, and revokes it for a running server', async () => {
    const { dir, frogbot } = folder()
    expect((await frogbot('users', 'create', '--email', 'a@b.co')).code).toBe(0)

    const created = await frogbot('tokens', 'create', '--email', 'a@b.co', '--name', 'laptop')
    expect(created.code).toBe(0)
    expect(created.stdout).toContain('API token for a@b.co (shown once; store it now):')
    const createdId = /^Its id is (tok_[\w-]+) \(to revoke it: npx frogbot tokens revoke (tok_[\w-]+)\)\.$/m.exec(created.stdout)
    expect(createdId?.[1]).toBe(createdId?.[2])
    const tokens = [...created.stdout.matchAll(TOKEN)].map((match) => match[0])
    expect(tokens).toHaveLength(1)
    const [token] = tokens
    const prefix = token.slice(0, 10)

    const other = (await frogbot('tokens', 'create', '--email', 'a@b.co', '--name', 'desktop')).stdout.match(TOKEN)![0]
    expect(other).not.toBe(token)

    const listed = await frogbot('tokens', 'list', '--email', 'a@b.co')
    expect(listed.code).toBe(0)
    expect(listed.stdout).not.toContain(token)
    expect(listed.stdout).not.toContain(other)
    const lines = listed.stdout.trim().split('\n')
    expect(lines).toHaveLength(2)
    const laptop = lines.find((line) => line.includes('  laptop  '))!
    expect(laptop).toMatch(new RegExp(`^${prefix}…  laptop  id tok_\\S+  created \\S+  last used never$`))
    expect(laptop).toContain(`  id ${createdId![1]}  `)

    // a server on the same database accepts both tokens ...
    const statusOf = await serverOn(dir)
    expect(await statusOf(token)).toBe(200)
    expect(await statusOf(other)).toBe(200)

    // ... and refuses the revoked one at once, while it keeps running
    const revoked = await frogbot('tokens', 'revoke', prefix)
    expect(revoked.code).toBe(0)
    expect(revoked.stdout).toMatch(/^Revoked token "laptop" \(tok_\S+\)\. Every server refuses it from its next request\.\n$/)
    expect(await statusOf(token)).toBe(401)
    expect(await statusOf(other)).toBe(200)

    const after = await frogbot('tokens', 'list', '--email', 'a@b.co')
    expect(after.stdout.split('\n').find((line) => line.includes('  laptop  '))).toMatch(/ revoked \d{4}-/)
    expect(after.stdout.split('\n').find((line) => line.includes('  desktop  '))).toMatch(/ last used \d{4}-/)

    const again = await frogbot('tokens', 'revoke', prefix)
    expect(again.code).toBe(1)
    expect(again.stdout).toContain(`No active token matches "${prefix}" in ./frogbot.db. See the prefixes and ids with`)
  })

  it('revokes a token given whole (matched by its hash) and never prints it', async () => {
    const { dir, frogbot } = folder()
    expect((await frogbot('users', 'create', '--email', 'a@b.co')).code).toBe(0)
    const token = (await frogbot('tokens', 'create', '--email', 'a@b.co', '--name', 'laptop')).stdout.match(TOKEN)![0]
    const statusOf = await serverOn(dir)
    expect(await statusOf(token)).toBe(200)

    const revoked = await frogbot('tokens', 'revoke', token)
    expect(revoked).toMatchObject({ code: 0, stderr: '' })
    expect(revoked.stdout).toMatch(/^Revoked token "laptop" \(tok_\S+\)\. Every server refuses it from its next request\.\n$/)
    expect(await statusOf(token)).toBe(401)

    const again = await frogbot('tokens', 'revoke', token)
    expect(again.code).toBe(1)
    expect(again.stdout).toContain(`No active token matches "${token.slice(0, 10)}…" in ./frogbot.db.`)
    expect(again.stdout + again.stderr).not.toContain(token)
  })

  it('refuses tokens for an unknown user and a list without --email', async () => {
    const { frogbot } = folder()
    const [unknown, noEmail] = await Promise.all([frogbot('tokens', 'create', '--email', 'nobody@b.co'), frogbot('tokens', 'list')])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('No user nobody@b.co. Create one first: npx frogbot users create --email nobody@b.co')
    expect(unknown.stdout).not.toMatch(/fbt_/)

    expect(noEmail.code).toBe(1)
    expect(noEmail.stderr).toContain('--email <email> is required')
  })

  // `tokens create` and `pending --all` with 'a\u200b@x.com' said "Create one first: npx frogbot users
  // create --email a\u200b@x.com", a command that is always refused: the email breaks the email rule.
  it('with an email that breaks the rule of an email, say that rule, not a refused users create', async () => {
    const { frogbot } = folder()
    const email = 'a\u200b@x.com'
    const [token, inbox, password, answer] = await Promise.all([
      frogbot('tokens', 'create', '--email', email),
      frogbot('pending', '--all', '--email', email),
      frogbot('users', 'password', '--email', email, '--password', 'a long enough password'),
      frogbot('answer', 'chat_x', 'call_x', '--email', email, '--pick', '1')
    ])
    const none = 'has this email, and none can be created with it: --email: must not contain control'
    const rule = `no user ${none}`
    expect(token.stderr).toContain(`No user ${none}`)
    expect(inbox.stderr).toContain(`frogbot pending: ${rule}`)
    expect(password.stderr).toContain('No user has this email, and none can be created with it')
    expect(answer.stderr).toContain(`frogbot answer: ${rule}`)
    for (const result of [token, inbox, password, answer]) {
      expect(result.code).toBe(1)
      expect(result.stderr).toContain('U+200B is one')
      expect(result.stderr).not.toContain('users create')
    }
  })
})

describe('the commands the CLI suggests', SLOW, () => {
  it('go into the folder first when npm was typed in a parent folder (npm start at the repository root)', async () => {
    const { dir } = folder()
    const app = join(dir, 'examples', 'planner')
    mkdirSync(app, { recursive: true })
    // npm runs a workspace's script in the workspace and sets INIT_CWD to where it was typed.
    const frogbot = (...args: string[]) => runCli([...args, '--config', PLANNER_CONFIG], { cwd: app, env: cliEnv({ INIT_CWD: dir }) })
    const there = (args: string) => `(cd examples/planner && npx frogbot ${args})`

    expect((await frogbot('users', 'list')).stdout).toMatch(new RegExp(`^No users yet in \\./examples/planner/frogbot\\.db\\. Create one: ${there('users create --email you@example.com').replace(/[()./]/g, '\\$&')}\n\\./examples/planner/frogbot\\.db did not exist: this command just created it, empty\\.`))
    const created = await frogbot('users', 'create', '--email', 'ada@example.com')
    expect(created.stdout).toContain(`Give them an API token: ${there('tokens create --email ada@example.com')}\n`)
    expect(created.stdout).toContain(`set one with: ${there('users password --email ada@example.com')}\n`)
    expect(existsSync(join(app, 'frogbot.db'))).toBe(true)

    const [token, nobody, unknownPrefix, password, answer] = await Promise.all([
      frogbot('tokens', 'create', '--email', 'ada@example.com'),
      frogbot('tokens', 'create', '--email', 'nobody@example.com'),
      frogbot('tokens', 'revoke', 'fbt_nothing'),
      frogbot('users', 'password', '--email', 'nobody@example.com', '--password', 'a long enough password'),
      frogbot('answer', 'chat_x', 'call_x', '--email', 'nobody@example.com', '--pick', '1')
    ])
    const id = /Its id is (tok_[\w-]+)/.exec(token.stdout)?.[1]
    expect(token.stdout).toContain(`(to revoke it: ${there(`tokens revoke ${id}`)}).`)
    expect(nobody.stderr).toBe(`No user nobody@example.com. Create one first: ${there('users create --email nobody@example.com')}\n`)
    expect(unknownPrefix.stdout).toBe(`No active token matches "fbt_nothing" in ./examples/planner/frogbot.db. See the prefixes and ids with: ${there('tokens list --email <email>')}\n`)
    expect(password.stderr).toBe(`No user nobody@example.com. Create one: ${there('users create --email nobody@example.com')}\n`)
    expect(answer.stderr).toBe(`frogbot answer: no user nobody@example.com. Create one first: ${there('users create --email nobody@example.com')}\n`)
  })
})

describe('frogbot migrate', SLOW, () => {
  it('applies the migrations to a fresh database once', async () => {
    const { dir, frogbot } = folder()
    const first = await frogbot('migrate')
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(new RegExp(`^Applied \\S.* to SQLite file ${join(dir, 'frogbot.db')}\\.\\n$`))
    const second = await frogbot('migrate')
    expect(second).toMatchObject({ code: 0, stdout: `SQLite file ${join(dir, 'frogbot.db')} is up to date.\n` })
  })
})

describe('frogbot usage errors', SLOW, () => {
  it('exits 1 with the usage for an unknown command or option, and 0 for --help', async () => {
    const { dir } = folder()
    const [nonsense, option, bare, help, misspelt, near, foreign] = await Promise.all(
      [['nonsense'], ['serve', '--bogus'], [], ['--help'], ['answer', 'chat_1', '--pik', 'Blue'], ['pendin', 'extra'], ['pending', '--pik']].map((args) => runCli(args, { cwd: dir }))
    )
    expect(nonsense.code).toBe(1)
    expect(nonsense.stderr).toContain('frogbot: unknown command "nonsense".')
    expect(nonsense.stderr).toContain('Usage: frogbot <command> [options]')
    expect(nonsense.stdout).toBe('')
    // A misspelt command is named as one, before any of its arguments is read.
    expect(near.code).toBe(1)
    expect(near.stderr).toContain('frogbot: unknown command "pendin"; did you mean pending?')
    expect(near.stderr).not.toContain('unexpected argument')

    expect(option.code).toBe(1)
    expect(option.stderr).toBe(
      'frogbot serve: unknown option --bogus\n\n' +
        'Usage: frogbot serve [--port 3000] [--host 127.0.0.1] [--config frogbot.config.ts]\n'
    )
    expect(misspelt.code).toBe(1)
    expect(misspelt.stderr).toMatch(
      /^frogbot answer: unknown option --pik; did you mean --pick\?\n\nUsage: frogbot answer <chatId>/
    )
    expect(misspelt.stderr).not.toContain('frogbot serve')
    // Only the command's own flags are suggested: pending reads no --pick.
    expect(foreign.code).toBe(1)
    expect(foreign.stderr).toMatch(/^frogbot pending: unknown option --pik\n\nUsage: frogbot pending/)

    expect(bare.code).toBe(1)
    expect(bare.stdout).toContain('Usage: frogbot <command> [options]')

    expect(help.code).toBe(0)
    expect(help.stdout).toContain('tokens create --email <email>')
    expect(existsSync(join(dir, 'frogbot.db'))).toBe(false)
  })

  it('exits 1 with a clear message for a port that is not a port number', async () => {
    const { dir, frogbot } = folder()
    const ports = ['abc', '70000', '-1']
    const results = await Promise.all(ports.map((port) => frogbot('serve', `--port=${port}`)))
    for (const [i, port] of ports.entries()) {
      const result = results[i]
      expect(result.code, port).toBe(1)
      // A command-line mistake: the command's name, then its usage (docs/reference/cli.md).
      expect(result.stderr).toContain(`frogbot serve: --port: "${port}" is not a port number (0–65535)`)
      expect(result.stderr).toContain('serve [--port 3000]')
      expect(result.stdout).not.toContain('listening on')
    }
    expect(existsSync(join(dir, 'frogbot.db'))).toBe(false)
  })

  it('exits 1 naming the config file when it is missing', async () => {
    const { dir } = folder()
    const [given, defaulted] = await Promise.all([runCli(['serve', '--port', '0', '--config', 'missing.config.ts'], { cwd: dir }), runCli(['users', 'list'], { cwd: dir })])
    expect(given.code).toBe(1)
    expect(given.stderr).toContain(`frogbot: No config at ${join(dir, 'missing.config.ts')}.`)
    expect(given.stdout).not.toContain('listening on')

    expect(defaulted.code).toBe(1)
    expect(defaulted.stderr).toContain(`No config at ${join(dir, 'frogbot.config.ts')}. Create frogbot.config.ts exporting buildConfig`)
    expect(existsSync(join(dir, 'frogbot.db'))).toBe(false)
  })
})
