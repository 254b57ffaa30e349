import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { type FrogbotConfig, createFrogbot, sqliteAdapter } from '../../src/index.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { runCli, tempCwd } from '../helpers/spawn-serve.ts'

// `frogbot answer --pick "<label>"` for a label that holds a comma (`Yes, deploy`), as a person
// types it after `frogbot pending`: the real bin script, settling through the settle door.

const CONFIG = join(import.meta.dirname, 'fixtures/comma-labels.config.ts')
const temp = tempCwd()
afterAll(() => temp.remove())
const frogbot = (...args: string[]) => runCli([...args, '--config', CONFIG], { cwd: temp.dir })

/** Two chats of Ada waiting at the `Deploy` question (`Yes, deploy`, `Yes`, `No`, `yes`; several picks). */
async function seed() {
  const config = ((await import(pathToFileURL(CONFIG).href)) as { default: FrogbotConfig }).default
  const adapter = sqliteAdapter({ filename: join(temp.dir, 'frogbot.db') })
  const app = await createFrogbot({ ...config, db: adapter }, {
    env: {},
    log: () => {},
    maintenanceIntervalMs: 0
  })
  try {
    const { db } = storeOf(app)
    const ada = await ensureUser(db, { email: 'ada@example.com' })
    const { token } = await createApiToken(db, { userId: ada.id, name: 'test' })
    const ask = async () => {
      const request = new Request('http://localhost/api/agents/planner', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'ask deploy' })
      })
      const response = await app.fetch(request)
      type Started = { status: string; chatId: string; pending: { toolCallId: string }[] }
      const body = (await response.json()) as Started
      expect(body.status).toBe('awaiting-input')
      return { chatId: body.chatId, callId: body.pending[0].toolCallId }
    }
    return { first: await ask(), second: await ask() }
  } finally {
    await app.close()
  }
}

describe('frogbot answer --pick with a label holding a comma', { timeout: 90_000 }, () => {
  it('takes the whole value when it is exactly one offered label, and still splits a list', async () => {
    const { first, second } = await seed()
    // It used to split the value: `"Yes" was not offered`… for " deploy", and nothing was answered.
    const answer = (call: { chatId: string; callId: string }, pick: string) =>
      frogbot('answer', call.chatId, call.callId, '--email', 'ada@example.com', '--pick', pick)
    const whole = await answer(first, 'Yes, deploy')
    expect(whole.stderr).not.toContain('was not offered')
    expect(whole.code).toBe(0)
    expect(whole.stdout).toContain('"selected":["Yes, deploy"]')

    const listed = await answer(second, 'Yes,No')
    expect(listed.code).toBe(0)
    expect(listed.stdout).toContain('"selected":["Yes","No"]')
  })

  // `--pick "1,,2"` answered 1,2; `--pick YES` beside `Yes` and `yes` said `"YES" was not offered`.
  it('refuses an empty item and a label matching several ignoring case; nothing is answered', async () => {
    const { first } = await seed()
    const answer = (pick: string) =>
      frogbot('answer', first.chatId, first.callId, '--email', 'ada@example.com', '--pick', pick)
    const empty = await answer('1,,2')
    expect(empty.code).toBe(1)
    const how = 'give option numbers or labels separated by single commas (--pick 1,3)'
    expect(empty.stderr).toBe(`frogbot answer: --pick "1,,2": item 2 of 3 is empty; ${how}\n`)
    const several = await answer('YES')
    expect(several.code).toBe(1)
    expect(several.stderr).toBe(
      'frogbot answer: --pick YES: matches several labels ignoring case ("Yes" is 2, "yes" is 4); ' +
        'type one exactly, or give its number\n'
    )
    const exact = await answer('yes')
    expect(exact.code).toBe(0)
    expect(exact.stdout).toContain('"selected":["yes"]')
  })
})
