import { readAnswer } from '../../src/testing/read-answer.ts'
import { join } from 'node:path'
import type { LanguageModel } from 'ai'
import { buildConfig, createFrogbot, sqliteAdapter, type AgentConfig, type AnyTool, type CreateFrogbotOptions, type Frogbot, type FrogbotOptions } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'

/**
 * Makes `frogbot`'s process "die" as far as the database can tell: from now on none of its
 * writes or reads reach it (a running turn never ends and stops renewing its lease), then it is
 * closed. A plain `close()` would end its running turns as stopped instead.
 */
export async function crash(frogbot: Frogbot) {
  const store = storeOf(frogbot)
  for (const [name, value] of Object.entries(store)) {
    if (typeof value === 'function' && name !== 'close') (store as Record<string, unknown>)[name] = () => Promise.reject(new Error('the process died'))
  }
  await frogbot.close()
}

/**
 * A FrogBot on a real SQLite file with the `planner` agent (tools: `question` plus `tools`),
 * a user `ada@example.com` and an API token for her. `config` adds other `buildConfig` options.
 * `model: null` keeps the agents' own models (the offline demo model for `fast`), which title
 * chats too. `config` may name another database (`db`), such as PostgreSQL. Call `close()` when done.
 */
export async function testFrogbot({ model, tools = [], filename, agents, options = {}, config: extra = {} }: {
  model: Exclude<LanguageModel, string> | null
  tools?: AnyTool[]
  filename?: string
  agents?: AgentConfig[]
  options?: CreateFrogbotOptions
  config?: Omit<FrogbotOptions, 'agents' | 'db'> & { db?: FrogbotOptions['db'] }
}) {
  const temp = filename ? null : tempDir()
  const file = filename ?? join(temp!.dir, 'frogbot.db')
  const config = buildConfig({
    agents: agents ?? [{ slug: 'planner', model: 'fast', instructions: 'Ask before choosing.', tools: [question, ...tools] }],
    db: sqliteAdapter({ filename: file }),
    ...extra
  })
  const frogbot: Frogbot = await createFrogbot(config, {
    model: model ?? undefined,
    log: () => {},
    maintenanceIntervalMs: 0,
    ...options
  })
  const user = await ensureUser(storeOf(frogbot).db, { email: 'ada@example.com' })
  const { token } = await createApiToken(storeOf(frogbot).db, { userId: user.id, name: 'test' })
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await frogbot.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : body instanceof Uint8Array ? new Blob([body as Uint8Array<ArrayBuffer>]) : JSON.stringify(body)
      })
    )
    return readAnswer(response)
  }
  return {
    frogbot,
    file,
    user,
    token,
    call,
    close: async () => {
      await frogbot.close()
      temp?.remove()
    }
  }
}
