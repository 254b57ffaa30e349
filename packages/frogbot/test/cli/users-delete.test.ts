import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { type DatabaseAdapter, type FrogbotConfig, createFrogbot, postgresAdapter, sqliteAdapter } from '../../src/index.ts'
import { createTestDatabase, describePostgres } from '../../src/testing/postgres.ts'
import { cliEnv, PLANNER_CONFIG, runCli, tempFolders } from '../helpers/spawn-serve.ts'

// `frogbot users delete` takes the user's chats with them: their waiting calls no longer show in
// `frogbot pending`, on SQLite (the folder's ./frogbot.db) and PostgreSQL (DATABASE_URL).

const folders = tempFolders()
const drops: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const drop of drops) await drop()
  folders.removeAll()
})

/** A database the CLI reaches: the folder's SQLite file, or a fresh PostgreSQL database by DATABASE_URL. */
type Place = { cwd: string; env: NodeJS.ProcessEnv; adapter: () => DatabaseAdapter }

const places: { name: string; describe: (name: string, suite: () => void) => unknown; open: () => Promise<Place> }[] = [
  {
    name: 'SQLite file',
    describe,
    open: async () => {
      const cwd = folders.folder()
      return { cwd, env: cliEnv(), adapter: () => sqliteAdapter({ filename: join(cwd, 'frogbot.db') }) }
    }
  },
  {
    name: 'PostgreSQL',
    describe: describePostgres,
    open: async () => {
      const database = await createTestDatabase()
      drops.push(() => database.drop())
      return { cwd: folders.folder(), env: cliEnv({ DATABASE_URL: database.url }), adapter: () => postgresAdapter({ url: database.url }) }
    }
  }
]

/** Ada with two chats waiting at the demo model's question, Bob with one; in this process. */
async function seed(place: Place) {
  const planner = ((await import(pathToFileURL(PLANNER_CONFIG).href)) as { default: FrogbotConfig }).default
  const app = await createFrogbot({ ...planner, db: place.adapter() }, { env: {}, log: () => {}, maintenanceIntervalMs: 0 })
  try {
    const db = storeOf(app).db
    const ask = async (email: string) => {
      const user = await ensureUser(db, { email })
      const { token } = await createApiToken(db, { userId: user.id, name: 'test' })
      const response = await app.fetch(
        new Request('http://localhost/api/agents/planner', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ prompt: 'Plan a team offsite: should it be in the city or in the mountains?' })
        })
      )
      const body = (await response.json()) as { status: string; chatId: string }
      expect(body.status).toBe('awaiting-input')
      return body.chatId
    }
    return { ada: [await ask('ada@example.com'), await ask('ada@example.com')], bob: await ask('bob@example.com') }
  } finally {
    await app.close()
  }
}

/** Marks a chat as running a turn whose lease holds for another minute (another server writing its reply). */
async function markRunning(place: Place, chatId: string) {
  const adapter = place.adapter()
  const db = adapter.connect()
  try {
    await db.updateTable('frogbot_chats').set({ state: 'running', lease_owner: 'another-server', lease_until: new Date(Date.now() + 60_000).toISOString() }).where('id', '=', chatId).execute()
  } finally {
    await db.destroy()
  }
}

for (const backend of places) {
  backend.describe(`frogbot users delete on ${backend.name}`, () => {
    it('deletes the user with their chats, tokens and sessions; their calls leave `pending`; a running turn refuses it', { timeout: 90_000 }, async () => {
      const place = await backend.open()
      const frogbot = (...args: string[]) => runCli([...args, '--config', PLANNER_CONFIG], { cwd: place.cwd, env: place.env })
      const { ada, bob } = await seed(place)
      const before = await frogbot('pending')
      for (const chatId of [...ada, bob]) expect(before.stdout).toContain(chatId)

      await markRunning(place, ada[1])
      const refused = await frogbot('users', 'delete', '--email', 'ada@example.com')
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain(`frogbot: A reply is being written in chat ${ada[1]} of ada@example.com; stop it, then delete the user.`)
      expect((await frogbot('users', 'list')).stdout).toContain('ada@example.com')
      expect((await frogbot('pending')).stdout).toContain(ada[0])

      // The turn ended (its lease ran out, as when its process died): now the delete goes through.
      const db = place.adapter().connect()
      await db.updateTable('frogbot_chats').set({ lease_until: new Date(Date.now() - 1000).toISOString() }).where('id', '=', ada[1]).execute()
      await db.destroy()
      const deleted = await frogbot('users', 'delete', '--email', 'ada@example.com')
      expect(deleted).toMatchObject({ code: 0, stderr: '', stdout: 'Deleted ada@example.com with their 2 chats, tokens and sessions.\n' })

      const after = await frogbot('pending')
      expect(after.stdout).not.toContain(ada[0])
      expect(after.stdout).not.toContain(ada[1])
      expect(after.stdout).toContain(bob)
      expect((await frogbot('tokens', 'list', '--email', 'ada@example.com')).stderr).toContain('No user ada@example.com.')
      const check = place.adapter().connect()
      try {
        for (const table of ['frogbot_chats', 'frogbot_messages', 'frogbot_pending_calls'] as const) {
          const rows = await check.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(table === 'frogbot_chats' ? 'id' : 'chat_id', 'in', ada).executeTakeFirstOrThrow()
          expect(Number(rows.n), table).toBe(0)
        }
        expect(await check.selectFrom('frogbot_api_tokens').select('id').execute()).toHaveLength(1)
      } finally {
        await check.destroy()
      }
      expect((await frogbot('users', 'delete', '--email', 'ada@example.com')).stdout).toBe('No user ada@example.com.\n')
    })
  })
}
