import { afterAll, afterEach, describe, expect, it } from 'vitest'
import {
  PLANNER_CONFIG,
  callJson,
  cliEnv,
  frogbotLines,
  runCli,
  startServe,
  stopAllServes,
  tempCwd
} from '../helpers/spawn-serve.ts'
import { createTestDatabase, describePostgres } from '../../src/testing/postgres.ts'

// `frogbot serve` without FROGBOT_TOKEN: a fresh database gets a demo user and one token, printed
// on that start only; later starts print no token and say how to create one.

const temp = tempCwd()

afterEach(stopAllServes)
afterAll(async () => {
  await stopAllServes()
  temp.remove()
})

const TOKEN = /fbt_[A-Za-z0-9_-]+/g

describe('frogbot serve without FROGBOT_TOKEN', { timeout: 60_000 }, () => {
  it('prints one new token on the first start, accepts it, and prints none on the next start', async () => {
    const first = await startServe({ cwd: temp.dir })
    const out = first.stdout()

    const tokens = [...new Set(out.match(TOKEN) ?? [])]
    expect(tokens).toHaveLength(1)
    const [token] = tokens
    expect(token).toMatch(/^fbt_[A-Za-z0-9_-]{43}$/) // 256 random bits in base64url
    const announced = frogbotLines(out).filter((line) => line.includes(token))
    expect(announced).toEqual([expect.stringMatching(/^frogbot: API token for demo@frogbot\.local \(id tok_[\w-]+; shown once; keep it\): /)])
    expect(announced[0]!.endsWith(`: ${token}`)).toBe(true)
    const id = /\(id (tok_[\w-]+);/.exec(announced[0]!)![1]
    // outside that line the token only appears in the copy-paste "Try it" commands
    const elsewhere = out.split('\n').filter((line) => line.includes(token) && !line.startsWith('frogbot: '))
    expect(elsewhere.every((line) => line.includes(`Bearer ${token}`))).toBe(true)
    expect(frogbotLines(out).filter((line) => line.includes('FROGBOT_TOKEN'))).toEqual([])

    // the printed token works as a Bearer token, a made-up one does not, and no token at all is refused too
    const asked = await callJson(first.base, token, 'POST', '/api/agents/planner', { prompt: 'Plan a team offsite: should it be in the city or in the mountains?' })
    expect(asked.status, JSON.stringify(asked.json)).toBe(200)
    expect(asked.json.status).toBe('awaiting-input')
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect((await callJson(first.base, forged, 'GET', '/api/agents')).status).toBe(401)
    expect((await callJson(first.base, null, 'POST', '/api/agents/planner', { prompt: 'hi' })).status).toBe(401)

    // The id printed is the one `tokens list` shows and `tokens revoke` takes.
    const listed = await runCli(['tokens', 'list', '--email', 'demo@frogbot.local', '--config', PLANNER_CONFIG], { cwd: temp.dir })
    expect(listed.stdout).toContain(`  first start  id ${id}  `)

    expect(await first.stop()).toEqual({ code: 0, signal: null })

    const second = await startServe({ cwd: temp.dir })
    const again = second.stdout()
    expect(again).not.toMatch(TOKEN)
    const tokenLines = frogbotLines(again).filter((line) => line.startsWith('frogbot: API token'))
    expect(tokenLines).toEqual([
      'frogbot: API tokens: create one with `npx frogbot tokens create --email demo@frogbot.local`, or start with FROGBOT_TOKEN=<token>'
    ])
    expect(again).not.toContain('Try it:')

    // the token of the first start is stored (hashed) and still works after the restart
    const pending = await callJson(second.base, token, 'GET', `/api/agents/planner/chats/${asked.json.chatId}/pending`)
    expect(pending.status).toBe(200)
    expect(pending.json.pending.map((call: any) => call.toolCallId)).toEqual([asked.json.pending[0].toolCallId])
  })

  it('without the demo user, the hint says to create a user first, with commands that work', async () => {
    const fresh = tempCwd()
    try {
      const cli = (...args: string[]) => runCli([...args, '--config', PLANNER_CONFIG], { cwd: fresh.dir })
      expect((await cli('users', 'create', '--email', 'ada@example.com')).code).toBe(0)
      const server = await startServe({ cwd: fresh.dir })
      const hint = frogbotLines(server.stdout()).filter((line) => line.startsWith('frogbot: API token'))
      expect(hint).toEqual([
        'frogbot: API tokens: create a user with `npx frogbot users create --email you@example.com`, then a token with `npx frogbot tokens create --email you@example.com` (`npx frogbot users list` shows the users); or start with FROGBOT_TOKEN=<token>'
      ])
      expect(hint[0]).not.toContain('demo@frogbot.local')
      await server.stop()
      // The commands it names exist and work in that order.
      expect((await cli('users', 'list')).stdout).toContain('ada@example.com')
      expect((await cli('users', 'create', '--email', 'you@example.com')).code).toBe(0)
      expect((await cli('tokens', 'create', '--email', 'you@example.com')).stdout).toMatch(/fbt_/)
    } finally {
      fresh.remove()
    }
  })
})

const PASSWORD_LINE =
  /^frogbot: admin chat: sign in as demo@frogbot\.local with the password (\S+) \(shown once;/
const OTHER_SERVER =
  'frogbot: admin chat: the demo user was created (demo@frogbot.local) by another server starting at the ' +
  'same time on this database; sign in with the password that server printed (shown once in its output; ' +
  'or set one: `npx frogbot users password --email demo@frogbot.local`)'

/**
 * Starts two `frogbot serve` at once on one new database (the folder's SQLite file, or
 * `DATABASE_URL`)
 * and checks that one password and one token are printed, both working on both servers, and that
 * the other server says another one made them (or, when it started after, that they were printed).
 */
async function startTwoTogether(cwd: string, env = cliEnv()) {
  const servers = await Promise.all([startServe({ cwd, env }), startServe({ cwd, env })])
  const outputs = servers.map((server) => server.stdout())
  const passwords = outputs.flatMap((out) =>
    frogbotLines(out).flatMap((line) => PASSWORD_LINE.exec(line)?.[1] ?? [])
  )
  expect(passwords, outputs.join('\n---\n')).toHaveLength(1)
  const tokens = outputs.flatMap((out) => [...new Set(out.match(TOKEN) ?? [])])
  expect(tokens).toHaveLength(1)
  const other = outputs.find((out) => !frogbotLines(out).some((line) => PASSWORD_LINE.test(line)))!
  const otherLines = frogbotLines(other).filter(
    (line) => line.startsWith('frogbot: admin chat: ') && !line.includes('open http')
  )
  const later = [expect.stringContaining('with the password printed at its first start')]
  expect([[OTHER_SERVER], later]).toContainEqual(otherLines)
  for (const server of servers) {
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@frogbot.local', password: passwords[0] })
    })
    expect(login.status).toBe(200)
    expect((await callJson(server.base, tokens[0]!, 'GET', '/api/agents')).status).toBe(200)
  }
  return outputs
}

describe('two frogbot serve starting together on a new database', { timeout: 60_000 }, () => {
  it('on one SQLite file: one password and one token, printed once, working on both', async () => {
    const fresh = tempCwd()
    try {
      await startTwoTogether(fresh.dir)
    } finally {
      await stopAllServes()
      fresh.remove()
    }
  })
})

describePostgres('two frogbot serve starting together on a new PostgreSQL database', () => {
  it('one password and one token, printed once, working on both', { timeout: 60_000 }, async () => {
    const database = await createTestDatabase()
    const fresh = tempCwd()
    try {
      await startTwoTogether(fresh.dir, cliEnv({ DATABASE_URL: database.url }))
    } finally {
      await stopAllServes()
      await database.drop()
      fresh.remove()
    }
  })
})
