import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { sqliteAdapter } from '../../src/index.ts'
import { cliEnv, frogbotLines, PLANNER_CONFIG, runCli, startServe, stopAllServes, tempFolders } from '../helpers/spawn-serve.ts'

// Regression tests for start-up mistakes that used to hang `frogbot serve` or mislead the user.
const { folder, removeAll } = tempFolders()
afterAll(async () => {
  await stopAllServes()
  removeAll()
})
const SLOW = { timeout: 60_000 }

describe('frogbot serve start-up errors', SLOW, () => {
  it('exits 1 at once for a FROGBOT_TOKEN shorter than 16 characters (it used to keep the port)', async () => {
    const result = await runCli(['serve', '--port', '0', '--config', PLANNER_CONFIG], { cwd: folder(), env: cliEnv({ FROGBOT_TOKEN: 'short' }) })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('FROGBOT_TOKEN: must be at least 16 characters')
  })

  it('exits 1 at once for a FROGBOT_TOKEN that is not a Bearer token (spaces, non-ASCII): it used to start and refuse every request', async () => {
    const result = await runCli(['serve', '--port', '0', '--config', PLANNER_CONFIG], { cwd: folder(), env: cliEnv({ FROGBOT_TOKEN: 'tok with spaces and ünïcode 1234' }) })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('FROGBOT_TOKEN: must be a Bearer token (RFC 6750): only letters A–Z a–z, digits and - . _ ~ + /, with = only at the end; it holds a space')
    expect(result.stderr).not.toContain('ünïcode')
    expect(result.stdout).not.toContain('FROGBOT_TOKEN is accepted')
  })

  it('names PORT, not --port, when the environment variable is wrong, and refuses an empty --port', async () => {
    const fromEnv = await runCli(['serve', '--config', PLANNER_CONFIG], { cwd: folder(), env: cliEnv({ PORT: 'abc' }) })
    expect(fromEnv.code).toBe(1)
    expect(fromEnv.stderr).toContain('PORT: "abc" is not a port number')
    const empty = await runCli(['serve', '--port=', '--config', PLANNER_CONFIG], { cwd: folder() })
    expect(empty.code).toBe(1)
    expect(empty.stderr).toContain('--port: "" is not a port number')
  })

  // It used to start ("answer links on notaurl"), and every notice lost its links.
  it('exits 1 for a FROGBOT_PUBLIC_URL that is not an absolute http: or https: URL', async () => {
    const rule = 'must be an absolute http: or https: URL such as "https://chat.example.com"'
    const written = ['https:chat.example.com', ' https://chat.example.com', 'https://chat.example.com/ba se']
    for (const value of ['notaurl', 'javascript:alert(1)//', 'ftp://chat.example.com', '/answer', ...written]) {
      const env = cliEnv({ FROGBOT_PUBLIC_URL: value })
      const result = await runCli(['serve', '--port', '0', '--config', PLANNER_CONFIG], {
        cwd: folder(),
        env
      })
      expect(result.code).toBe(1)
      expect(result.stderr).toContain(`FROGBOT_PUBLIC_URL: ${JSON.stringify(value)} ${rule}`)
      expect(result.stderr).toContain(`${rule} (links in notices start with it)`)
      expect(result.stdout).not.toContain('answer links on')
    }
    // Links go after its path: a query, a fragment or credentials would break every one of them.
    const unfit = ['https://chat.example.com/?a=1', 'https://chat.example.com/#top', 'https://u:p@chat.example.com',
      'https://chat.example.com?', 'https://chat.example.com#', 'https://:@chat.example.com']
    for (const value of unfit) {
      const result = await runCli(['serve', '--port', '0', '--config', PLANNER_CONFIG], {
        cwd: folder(),
        env: cliEnv({ FROGBOT_PUBLIC_URL: value })
      })
      expect(result.code).toBe(1)
      const rule = 'must have no query, fragment or credentials'
      expect(result.stderr).toContain(`FROGBOT_PUBLIC_URL: ${JSON.stringify(value)} ${rule}`)
    }
    // An absolute http(s) URL, with a path, starts as before; the links drop its trailing slash.
    const publicURL = cliEnv({ FROGBOT_PUBLIC_URL: 'https://chat.example.com/frogbot/' })
    const served = await startServe({ cwd: folder(), env: publicURL })
    expect(served.stdout()).toContain('answer links on https://chat.example.com/frogbot\n')
    await served.stop()
  })

  it('refuses a revoked FROGBOT_TOKEN instead of announcing it as accepted', async () => {
    const dir = folder()
    const token = 'a-long-demo-token-that-was-revoked'
    const first = await startServe({ cwd: dir, env: cliEnv({ FROGBOT_TOKEN: token }) })
    await first.stop()
    const listed = await runCli(['tokens', 'list', '--email', 'demo@frogbot.local', '--config', PLANNER_CONFIG], { cwd: dir })
    const prefix = listed.stdout.trim().split('…')[0]
    expect((await runCli(['tokens', 'revoke', prefix, '--config', PLANNER_CONFIG], { cwd: dir })).code).toBe(0)
    const again = await runCli(['serve', '--port', '0', '--config', PLANNER_CONFIG], { cwd: dir, env: cliEnv({ FROGBOT_TOKEN: token }) })
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/FROGBOT_TOKEN \(.+…\) was revoked on .+; choose a new value/)
  })

  it('servers on one database with different FROGBOT_TOKEN values never lock each other out; a retired value is revoked by id', async () => {
    const dir = folder()
    const [old, fresh] = ['changeme-x1-aaaaaaaaaaaaaaaa', 'changeme-x2-bbbbbbbbbbbbbbbb']
    const first = await startServe({ cwd: dir, env: cliEnv({ FROGBOT_TOKEN: old }) })
    const second = await startServe({ cwd: dir, env: cliEnv({ FROGBOT_TOKEN: fresh }) })
    const status = async (server: typeof first, token: string) => (await fetch(`${server.base}/api/agents`, { headers: { authorization: `Bearer ${token}` } })).status
    for (const server of [first, second]) for (const token of [old, fresh]) expect(await status(server, token)).toBe(200)
    const hint = frogbotLines(second.stdout()).find((line) => line.includes('other FROGBOT_TOKEN values'))
    expect(hint).toMatch(/^frogbot: other FROGBOT_TOKEN values are accepted too \(chan… id (tok_[\w-]+)\); once no server uses one, retire it with `npx frogbot tokens revoke <id>`$/)
    // The first server restarts with its own value (it used to be refused as revoked).
    await first.stop()
    const restarted = await startServe({ cwd: dir, env: cliEnv({ FROGBOT_TOKEN: old }) })
    expect(await status(restarted, old)).toBe(200)
    await restarted.stop()
    // Rotation: retire the old value by the id the hint shows; every server refuses it, and so does start-up.
    const id = /id (tok_[\w-]+)/.exec(hint!)![1]
    expect((await runCli(['tokens', 'revoke', id, '--config', PLANNER_CONFIG], { cwd: dir })).code).toBe(0)
    expect(await status(second, old)).toBe(401)
    expect(await status(second, fresh)).toBe(200)
    await second.stop()
    const refused = await runCli(['serve', '--port', '0', '--config', PLANNER_CONFIG], { cwd: dir, env: cliEnv({ FROGBOT_TOKEN: old }) })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/FROGBOT_TOKEN \(chan…\) was revoked on .+; choose a new value/)
    const listed = await runCli(['tokens', 'list', '--email', 'demo@frogbot.local', '--config', PLANNER_CONFIG], { cwd: dir })
    expect(listed.stdout.split('\n').filter(Boolean).map((line) => line.split('…')[0])).toEqual(['chan', 'chan'])
    expect(listed.stdout).not.toContain('changeme')
  })

  it('tokens revoke refuses a prefix that two active tokens share, and revokes by id', async () => {
    const dir = folder()
    expect((await runCli(['migrate', '--config', PLANNER_CONFIG], { cwd: dir })).code).toBe(0)
    const db = sqliteAdapter({ filename: join(dir, 'frogbot.db') }).connect()
    for (const [email, token] of [['a@example.com', 'abcd-first-token-aaaaaaaa'], ['b@example.com', 'abcd-second-token-bbbbbbb']]) {
      const user = await ensureUser(db, { email })
      await createApiToken(db, { userId: user.id, name: email, token })
    }
    await db.destroy()
    const config = ['--config', PLANNER_CONFIG]
    const ambiguous = await runCli(['tokens', 'revoke', 'abcd', ...config], { cwd: dir })
    expect(ambiguous.code).toBe(1)
    expect(ambiguous.stderr).toContain('2 active tokens start with "abcd"')
    const listed = await runCli(['tokens', 'list', '--email', 'a@example.com', ...config], { cwd: dir })
    expect(listed.stdout).not.toContain('revoked')
    const id = /id (tok_\S+)/.exec(listed.stdout)![1]
    expect((await runCli(['tokens', 'revoke', id, ...config], { cwd: dir })).code).toBe(0)
    expect((await runCli(['tokens', 'list', '--email', 'a@example.com', ...config], { cwd: dir })).stdout).toContain('revoked')
    expect((await runCli(['tokens', 'list', '--email', 'b@example.com', ...config], { cwd: dir })).stdout).not.toContain('revoked')
  })

  it('tokens create refuses an empty --name (it used to list a token with a blank name)', async () => {
    const dir = folder()
    expect((await runCli(['users', 'create', '--email', 'a@example.com', '--config', PLANNER_CONFIG], { cwd: dir })).code).toBe(0)
    const blank = await runCli(['tokens', 'create', '--email', 'a@example.com', '--name', ' ', '--config', PLANNER_CONFIG], { cwd: dir })
    expect(blank.code).toBe(1)
    expect(blank.stderr).toContain('--name must not be empty')
  })

  it('users create with a password for an existing email fails and says how to change it; answer --reason over 1000 characters is refused', async () => {
    const dir = folder()
    const env = cliEnv({ FROGBOT_PASSWORD: 'a-long-enough-password' })
    expect((await runCli(['users', 'create', '--email', 'a@example.com', '--config', PLANNER_CONFIG], { cwd: dir, env })).code).toBe(0)
    const again = await runCli(['users', 'create', '--email', 'a@example.com', '--config', PLANNER_CONFIG], { cwd: dir, env })
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('its password is unchanged. Change it with: npx frogbot users password --email a@example.com')
    const long = await runCli(['answer', 'chat_x', 'call_x', '--email', 'a@example.com', '--dismiss', '--reason', 'r'.repeat(1001), '--config', PLANNER_CONFIG], { cwd: dir })
    expect(long.code).toBe(1)
    expect(long.stderr).toContain('--reason: is 1,001 characters; a dismissal reason holds at most 1,000')
  })
})

