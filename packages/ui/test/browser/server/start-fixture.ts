import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import react from '@vitejs/plugin-react'
import { Hono } from 'hono'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { buildConfig, createFrogbot, sqliteAdapter } from '../../../../frogbot/src/index.ts'
import { question } from '../../../../frogbot/src/tools/index.ts'
import { ensureUser, setPassword } from '../../../../frogbot/src/auth/users.ts'
import { storeOf } from '../../../../frogbot/src/frogbot-internals.ts'
import { pickFile } from '../../../../frogbot/test/seed/pick-file.seed.ts'
import { sendInvoice } from '../../../../../examples/planner/tools/send-invoice.ts'
import { archiveProject, confirmBudget, paySupplier, publishNotes } from './fixture-tools.ts'
import { storeDeepChat } from './deep-chat.ts'
import { scenarioModel } from './scenario-model.ts'

const here = dirname(fileURLToPath(import.meta.url))
const repository = resolve(here, '../../../../..')

/** The fixture user's sign-in. */
export const FIXTURE_USER = { email: 'ada@example.com', password: 'correct horse battery' }

/** A second person, for approvals that need two. */
export const SECOND_USER = { email: 'grace@example.com', password: 'another horse battery' }

/**
 * Builds the fixture app (`/`) and the `examples/react-chat` app (`/example/`) with Vite, and
 * serves them with a real FrogBot (SQLite file, scripted model, agents `planner` with `question`,
 * the seed's `pick_file`, the planner example's `send_invoice`, `publish_notes` and
 * `archive_project` (all three need approval; Ada may not approve the last), `ops` with
 * `confirm_budget`, and
 * `team`, open to anyone, with `pay_supplier` (two approvals)) on one origin. Users: Ada
 * ({@link FIXTURE_USER}) and Grace ({@link SECOND_USER}).
 * `POST /__fixture/channel-chat` makes a channel conversation with a waiting question (or what
 * `{ prompt }` asks for);
 * `POST /__fixture/deep-chat` a chat whose stored tool input and result nest 1,500 levels deep.
 */
export async function startFixture() {
  const dir = mkdtempSync(join(tmpdir(), 'frogbot-ui-'))
  const conditions = ['frogbot-source', 'module', 'browser', 'development|production']
  await build({
    root: join(here, '../app'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { conditions },
    build: { outDir: join(dir, 'app'), emptyOutDir: true, chunkSizeWarningLimit: 1024 }
  })
  await build({ root: join(repository, 'examples/react-chat'), base: '/example/', logLevel: 'warn', build: { outDir: join(dir, 'example'), emptyOutDir: true, chunkSizeWarningLimit: 1024 } })

  const config = buildConfig({
    agents: [
      { slug: 'planner', model: 'fast', instructions: 'Ask before choosing.', tools: [question, pickFile, sendInvoice, publishNotes, archiveProject], profile: { name: 'Planner', description: 'Plans with you and asks before it chooses.' } },
      { slug: 'ops', model: 'fast', instructions: 'Ask before spending.', tools: [confirmBudget], profile: { name: 'Ops' } },
      // Anyone may use it, so a chat started without signing in has no owner and two people can approve in it.
      { slug: 'team', model: 'fast', instructions: 'Pay suppliers once two people approve.', tools: [paySupplier], profile: { name: 'Team' }, access: () => true }
    ],
    db: sqliteAdapter({ filename: join(dir, 'frogbot.db') })
  })
  const frogbot = await createFrogbot(config, { model: scenarioModel(), log: () => {}, maintenanceIntervalMs: 0 })
  const { db } = storeOf(frogbot)
  const user = await ensureUser(db, { email: FIXTURE_USER.email, name: 'Ada' })
  await setPassword(db, user.id, FIXTURE_USER.password)
  const second = await ensureUser(db, { email: SECOND_USER.email, name: 'Grace' })
  await setPassword(db, second.id, SECOND_USER.password)

  const app = new Hono()
  app.all('/api/*', (c) => frogbot.fetch(c.req.raw, c.env))
  app.post('/__fixture/channel-chat', async (c) => {
    const cookie = c.req.header('cookie') ?? ''
    const { prompt = 'Which color for the Slack thread?' } = ((await c.req.json().catch(() => ({}))) ?? {}) as { prompt?: string }
    const started = await frogbot.fetch(
      new Request(new URL('/api/agents/planner', c.req.url), {
        method: 'POST',
        headers: { cookie, origin: new URL(c.req.url).origin, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt })
      })
    )
    const { chatId } = (await started.json()) as { chatId: string }
    // No channel piece exists yet to start a thread; this makes Ada's web chat look like a Slack thread.
    await db
      .updateTable('frogbot_chats')
      .set({ channel: 'slack', channel_instance: 'slack', channel_account: 'T0001', channel_thread: `C0001:${chatId}` })
      .where('id', '=', chatId)
      .execute()
    return c.json({ chatId })
  })
  app.post('/__fixture/deep-chat', async (c) => c.json({ chatId: await storeDeepChat(frogbot, user.id) }))
  app.use('/example/*', serveStatic({ root: join(dir, 'example'), rewriteRequestPath: (path) => path.replace(/^\/example/, '') }))
  app.use('/*', serveStatic({ root: join(dir, 'app') }))

  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((ready) => server.once('listening', () => ready()))
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    baseURL,
    close: async () => {
      await new Promise((done) => server.close(done))
      await frogbot.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
