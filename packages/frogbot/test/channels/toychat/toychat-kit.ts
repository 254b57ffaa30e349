import type { LanguageModel } from 'ai'
import { buildConfig, type AgentConfig, type DatabaseAdapter, type FrogbotConfig } from '../../../src/index.ts'
import { sqliteAdapter } from '../../../src/store/sqlite-adapter.ts'
import { serveFrogbot } from '../../../src/testing/serve-frogbot.ts'
import { tempDir } from '../../../src/testing/temp-dir.ts'
import { createTestUser } from '../../../src/testing/test-users.ts'
import { question } from '../../../src/tools/index.ts'
import { join } from 'node:path'
import { createToychat } from './toychat-piece.ts'
import { toychatDelivery, type ToychatStandIn } from './toychat-stand-in.ts'

export const SECRET = 'toychat-kit-secret'

/** Toychat people of the tests: Ada and Bob are FrogBot users (by email); Eve is not. */
export const ADA = { id: 'u-ada', name: 'ada', email: 'ada@example.com' }
export const BOB = { id: 'u-bob', name: 'bob', email: 'bob@example.com' }
export const EVE = { id: 'u-eve', name: 'eve', email: 'eve@elsewhere.example' }

/**
 * A FrogBot served on 127.0.0.1 with the `planner` agent (`question`) on the README's Toychat
 * piece, whose API is `standIn`, on `db` (default: a SQLite file in a temporary folder), the
 * piece on the clock `clock.now()` (moved with `clock.skew`), with the rest of `config` (such as `mcp`). `say` delivers a signed message and
 * waits until the piece has no work left; `close()` stops it all.
 */
export async function toychatKit({ model, standIn, db, agent = {}, config: extra = {} }: { model: Exclude<LanguageModel, string>; standIn: ToychatStandIn; db?: DatabaseAdapter; agent?: Partial<AgentConfig>; config?: Partial<FrogbotConfig> }) {
  const temp = db ? null : tempDir()
  const clock = { skew: 0, now: () => Date.now() + clock.skew }
  const piece = createToychat({ apiUrl: standIn.url, secret: SECRET, now: clock.now })
  const config = buildConfig({ ...extra, agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [piece], ...agent }], db: db ?? sqliteAdapter({ filename: join(temp!.dir, 'frogbot.db') }) })
  const served = await serveFrogbot({ config, model })
  await createTestUser(served.frogbot, { email: ADA.email })
  await createTestUser(served.frogbot, { email: BOB.email })
  const say = async (who: typeof ADA, text: string, { thread = 't-main', replyTo }: { thread?: string; replyTo?: string } = {}) => {
    const answer = await served.post('/api/webhooks/toychat', toychatDelivery({ thread, user: who, text, ...(replyTo ? { replyTo } : {}) }, { secret: SECRET, now: clock.now() }))
    await piece.idle()
    return answer
  }
  return {
    ...served,
    piece,
    clock,
    say,
    close: async () => {
      await served.close()
      temp?.remove()
    }
  }
}
