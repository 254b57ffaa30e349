import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { type FrogbotConfig, createFrogbot, sqliteAdapter } from '../../src/index.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { runCli, tempCwd } from '../helpers/spawn-serve.ts'

// `frogbot pending --all --email <email>`: a person's inbox in the terminal, as GET /api/pending
// answers it to them; then the assignee answers from the terminal. The real bin script.

const CONFIG = join(import.meta.dirname, 'fixtures/assignees.config.ts')
const temp = tempCwd()
afterAll(() => temp.remove())
const frogbot = (...args: string[]) => runCli([...args, '--config', CONFIG], { cwd: temp.dir })

/** Ada's two chats waiting at a question that asks Dana, titled; users ada, dana and eve. */
async function seed() {
  const config = ((await import(pathToFileURL(CONFIG).href)) as { default: FrogbotConfig }).default
  const app = await createFrogbot({ ...config, db: sqliteAdapter({ filename: join(temp.dir, 'frogbot.db') }) }, { env: {}, log: () => {}, maintenanceIntervalMs: 0 })
  try {
    const { db } = storeOf(app)
    const ada = await ensureUser(db, { email: 'ada@example.com' })
    await ensureUser(db, { email: 'dana@example.com' })
    await ensureUser(db, { email: 'eve@example.com' })
    const { token } = await createApiToken(db, { userId: ada.id, name: 'test' })
    const ask = async (title: string) => {
      const call = (method: string, path: string, body: unknown) =>
        app.fetch(new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }))
      const body = (await (await call('POST', '/api/agents/planner', { prompt: 'ask color' })).json()) as { chatId: string; pending: { toolCallId: string }[] }
      await call('PATCH', `/api/agents/planner/chats/${body.chatId}`, { title })
      await new Promise((resolve) => setTimeout(resolve, 5))
      return { chatId: body.chatId, callId: body.pending[0].toolCallId }
    }
    return { shed: await ask('Paint the shed'), door: await ask('Paint the door') }
  } finally {
    await app.close()
  }
}

describe('frogbot pending --all', { timeout: 90_000 }, () => {
  it("lists an assignee's inbox with titles, and she answers from the terminal", async () => {
    const { shed, door } = await seed()
    const listed = await frogbot('pending', '--all', '--email', 'dana@example.com')
    expect(listed).toMatchObject({ code: 0, stderr: '' })
    const lines = listed.stdout.split('\n')
    expect(lines[0]).toMatch(new RegExp(`^${door.chatId} {2}agent planner {2}tool question {2}call ${door.callId} {2}waiting \\d+s {2}"Paint the door" {2}asks dana@example.com$`))
    expect(listed.stdout.indexOf(door.chatId)).toBeLessThan(listed.stdout.indexOf(shed.chatId))
    expect(listed.stdout).toContain('"Paint the shed"')
    expect(listed.stdout).toContain('2 waiting for dana@example.com. Answer one: ')
    expect(listed.stdout).toContain('--email dana@example.com with --pick <number or label> for a question')

    expect(await frogbot('pending', '--all', '--email', 'dana@example.com', '--kind', 'approval')).toMatchObject({ code: 0, stdout: 'Nothing is waiting for dana@example.com of kind approval.\n' })
    expect(await frogbot('pending', '--all', '--email', 'eve@example.com')).toMatchObject({ code: 0, stdout: 'Nothing is waiting for eve@example.com.\n' })
    expect((await frogbot('pending', '--all', '--email', 'ada@example.com', '--newer-than', '1h')).stdout).toContain('2 waiting for ada@example.com.')
    expect(await frogbot('pending', '--all', '--email', 'ada@example.com', '--older-than', '1h')).toMatchObject({ code: 0, stdout: 'Nothing is waiting for ada@example.com older than 1h.\n' })

    const answered = await frogbot('answer', shed.chatId, shed.callId, '--email', 'dana@example.com', '--pick', '1')
    expect(answered.code).toBe(0)
    expect((await frogbot('pending', '--all', '--email', 'dana@example.com')).stdout).not.toContain(shed.callId)
  })

  it.each([
    [['--all'], 'frogbot pending: --email <email> is required with --all'],
    [['--all', '--email', 'dana@example.com', '--older-than', 'last week'], 'frogbot pending: --older-than: must be a duration'],
    [['--all', '--email', 'dana@example.com', '--older-than', '2h', '--newer-than', '1h'], 'frogbot pending: --older-than: 2h leaves no time after --newer-than: 1h; --newer-than must name the earlier instant (the longer duration): --newer-than 2h --older-than 1h is between two hours and one hour ago'],
    [['--kind', 'question'], "frogbot pending: --kind works with --all (a person's inbox): frogbot pending --all --email <email> --kind …"],
    [['--older-than', '1h'], "frogbot pending: --older-than works with --all (a person's inbox): frogbot pending --all --email <email> --older-than …\n\nUsage: frogbot pending"],
    [['--all', '--email', 'dana@example.com', '--older-than', '14880000w'], 'frogbot pending: --older-than: is a duration reaching back past the earliest date there is'],
    [['--email', 'dana@example.com'], "frogbot pending: --email works with --all (a person's inbox)"],
    [
      ['--all', '--email', 'dana@example.com', '--newer-than', '1s', '--newer-than', '1h'],
      'frogbot pending: --newer-than: give it once\n\nUsage: frogbot pending'
    ],
    [['--pick', '2'], 'frogbot pending: --pick is not an option of pending\n\nUsage: frogbot pending'],
    [['--all', '--email', 'dana@example.com', '--port', '9'], 'frogbot pending: --port is not an option of pending'],
    [['extra'], 'frogbot pending: unexpected argument "extra"\n\nUsage: frogbot pending [--agent <slug>] | pending --all --email <email>\n'],
    [['--all', '--email', 'dana@example.com', '--kind', 'nope'], 'frogbot pending: --kind: no call of kind "nope" can wait here'],
    [['--all', '--email', 'dana@example.com', '--agent', 'nope'], 'frogbot pending: --agent: no agent "nope" that you may use'],
    [['--all', '--email', 'nobody@example.com'], 'frogbot pending: no user nobody@example.com']
  ])('pending %j is one line and exit code 1', async (args, message) => {
    const refused = await frogbot('pending', ...args)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(message)
  })
})
