import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildConfig, createFrogbot, sqliteAdapter, type Frogbot } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { PLANNER_CONFIG, cliEnv, runCli, tempCwd } from '../helpers/spawn-serve.ts'

// `frogbot users create|password|list|delete` with passwords, as a user runs them.

const temps: { remove: () => void }[] = []
const opened: Frogbot[] = []
afterAll(async () => {
  for (const frogbot of opened) await frogbot.close()
  for (const temp of temps) temp.remove()
})

function folder() {
  const temp = tempCwd()
  temps.push(temp)
  const run = (args: string[], env: Record<string, string> = {}) => runCli([...args, '--config', PLANNER_CONFIG], { cwd: temp.dir, env: cliEnv(env) })
  return { dir: temp.dir, run }
}

/** A server in this process on the folder's database; returns a login function giving the status. */
async function loginOn(dir: string) {
  const config = buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question] }], db: sqliteAdapter({ filename: join(dir, 'frogbot.db') }) })
  const frogbot = await createFrogbot(config, { env: {}, log: () => {}, maintenanceIntervalMs: 0 })
  opened.push(frogbot)
  return async (email: string, password: string) => {
    const response = await frogbot.fetch(
      new Request('http://localhost/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })
    )
    return { status: response.status, cookie: response.headers.getSetCookie()[0]?.split(';')[0] }
  }
}

describe('frogbot users with passwords', () => {
  it('creates a user with FROGBOT_PASSWORD or --password, never prints it, and they can sign in', async () => {
    const { dir, run } = folder()
    const fromEnv = await run(['users', 'create', '--email', 'ada@example.com', '--name', 'Ada'], { FROGBOT_PASSWORD: 'env-password-123' })
    expect(fromEnv.code).toBe(0)
    expect(fromEnv.stdout).toContain('Created ada@example.com with a password: they can sign in (POST /api/auth/login).')
    const fromOption = await run(['users', 'create', '--email', 'bob@example.com', '--password', 'option-password-456'])
    expect(fromOption.code).toBe(0)
    const tokensOnly = await run(['users', 'create', '--email', 'carol@example.com'])
    expect(tokensOnly.stdout).toContain('They have no password, so they cannot sign in; set one with: npx frogbot users password --email carol@example.com')
    for (const output of [fromEnv, fromOption, tokensOnly]) {
      expect(output.stdout + output.stderr).not.toContain('env-password-123')
      expect(output.stdout + output.stderr).not.toContain('option-password-456')
    }

    const listed = await run(['users', 'list'])
    expect(listed.stdout).toMatch(/^ada@example\.com \(Ada\) {2}created \S+ {2}password set$/m)
    expect(listed.stdout).toMatch(/^carol@example\.com {2}created \S+ {2}no password \(API tokens only\)$/m)
    expect(listed.stdout).not.toMatch(/\$scrypt\$/)

    const login = await loginOn(dir)
    expect((await login('ada@example.com', 'env-password-123')).status).toBe(200)
    expect((await login('bob@example.com', 'option-password-456')).status).toBe(200)
    expect((await login('carol@example.com', 'anything-at-all')).status).toBe(401)
  })

  it('refuses a short password and creates nothing', async () => {
    const { run } = folder()
    const short = await run(['users', 'create', '--email', 'ada@example.com', '--password', 'short'])
    expect(short.code).toBe(1)
    expect(short.stderr).toContain('password: must be at least 8 characters')
    expect(short.stderr).not.toContain('short\n')
    expect((await run(['users', 'list'])).stdout).toContain('No users yet')
  })

  it('users password replaces the password and signs the user out; users delete removes sessions too', async () => {
    const { dir, run } = folder()
    await run(['users', 'create', '--email', 'ada@example.com'], { FROGBOT_PASSWORD: 'first-password-1' })
    const login = await loginOn(dir)
    const first = await login('ada@example.com', 'first-password-1')
    expect(first.status).toBe(200)

    const changed = await run(['users', 'password', '--email', 'ada@example.com'], { FROGBOT_PASSWORD: 'second-password-2' })
    expect(changed).toMatchObject({ code: 0, stdout: 'Password set for ada@example.com; their sessions were signed out.\n' })
    expect((await login('ada@example.com', 'first-password-1')).status).toBe(401)
    const second = await login('ada@example.com', 'second-password-2')
    expect(second.status).toBe(200)

    const noPassword = await run(['users', 'password', '--email', 'ada@example.com'])
    expect(noPassword.code).toBe(1)
    expect(noPassword.stderr).toContain('give the password with --password, FROGBOT_PASSWORD or at the prompt')

    const deleted = await run(['users', 'delete', '--email', 'ada@example.com'])
    expect(deleted).toMatchObject({ code: 0, stdout: 'Deleted ada@example.com with their 0 chats, tokens and sessions.\n' })
    expect((await login('ada@example.com', 'second-password-2')).status).toBe(401)
  })
})
