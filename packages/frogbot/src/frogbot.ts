import { randomBytes } from 'node:crypto'
import type { LanguageModel } from 'ai'
import { type ResolvedAgent, resolveAgents } from './agents/resolve-agents.ts'
import type { FrogbotConfig } from './config/build-config.ts'
import { ConfigError } from './errors/frogbot-error.ts'
import { createHttpHandler, type HttpHandler } from './http/create-http-handler.ts'
import { configuredProviders } from './models/providers.ts'
import { type ChatStore, createChatStore } from './store/chat-store.ts'
import { migrateToLatest } from './store/migrate.ts'
import { sqliteAdapter } from './store/sqlite-adapter.ts'
import { randomId } from './turns/ids.ts'
import type { TurnServices } from './turns/turn-environment.ts'
import { type LocalAgent, localAgent } from './agents/local-agent.ts'
import { runMaintenance } from './turns/maintenance.ts'
import { startQueuedTurn } from './turns/queued-turns.ts'
import { memoryLiveStreams } from './turns/memory-live-streams.ts'
import { redisLiveStreams } from './turns/redis-live-streams.ts'

/**
 * Options of {@link createFrogbot} for apps, tests and benchmarks.
 * - `model`: replaces every agent's model (e.g. a scripted `MockLanguageModelV4`).
 * - `now`, `newId`: inject the clock and id source.
 * - `leaseMs`: how long a running turn holds its chat without renewing (default 30 000 ms);
 *   after a crash the chat is usable again once it passes.
 * - `env`: where provider keys are read from (default `process.env`).
 * - `log`: where start-up facts and unexpected errors go (default `console.error`).
 * - `maintenanceIntervalMs`: how often call expiry and stalled queues are checked (default 5000;
 *   0 turns the timer off, then call `maintain()` yourself).
 */
export type CreateFrogbotOptions = {
  model?: Exclude<LanguageModel, string>
  now?: () => Date
  newId?: (prefix: string) => string
  leaseMs?: number
  env?: NodeJS.ProcessEnv
  log?: (line: string) => void
  maintenanceIntervalMs?: number
}

/**
 * A running FrogBot: storage opened and migrated, models resolved.
 * - `fetch`: the web-standard HTTP handler of the whole API.
 * - `agents[slug]`: local `generate()` / `stream()` calls, where client tools are withheld.
 * - `describe()`: one line per start-up fact (database, model of each agent).
 * - `maintain()`: expires due calls and restarts stalled queues now (see `runMaintenance`).
 * - `close()`: stops the maintenance timer and closes the database.
 */
export type Frogbot = {
  config: FrogbotConfig
  store: ChatStore
  services: TurnServices
  agents: Record<string, LocalAgent>
  fetch: HttpHandler
  describe: () => string[]
  maintain: () => Promise<{ expired: number; resumed: number }>
  close: () => Promise<void>
}

/**
 * Starts FrogBot from a checked config: resolves every agent's model (throwing one `ConfigError`
 * listing every model that cannot resolve, e.g. `agents[0].model: "openai/gpt-4.1" needs the openai
 * provider: set OPENAI_API_KEY or ai.providers`), opens the database and runs its migrations.
 */
export async function createFrogbot(config: FrogbotConfig, options: CreateFrogbotOptions = {}): Promise<Frogbot> {
  const { now = () => new Date(), newId = randomId, leaseMs = 30_000, env = process.env, log = console.error, maintenanceIntervalMs = 5000 } = options
  const providers = configuredProviders(config.ai?.providers, env)
  const { agents, problems } = resolveAgents(config, { providers, modelOverride: options.model })
  if (problems.length > 0) throw new ConfigError(problems)

  const adapter = config.db ?? sqliteAdapter()
  const db = adapter.connect()
  try {
    await migrateToLatest(db)
  } catch (error) {
    await db.destroy().catch(() => {})
    throw new Error(`could not open the database (${adapter.describe()}): ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
  const store = createChatStore({ db, adapter })
  const live = config.liveStreams ?? (env.REDIS_URL ? redisLiveStreams({ url: env.REDIS_URL }) : memoryLiveStreams())
  const services: TurnServices = {
    store,
    now,
    newId,
    leaseMs,
    agents: new Map(agents.map((agent) => [agent.slug, agent])),
    processId: `p${process.pid}.${randomBytes(4).toString('hex')}`,
    log,
    live,
    activeRuns: new Map(),
    onAwaitingInput: config.onAwaitingInput,
    onQueued: (chatId) => {
      startQueuedTurn(services, chatId).catch((error) => log(`frogbot: could not start the queued turn of chat ${chatId}: ${String(error)}`))
    }
  }
  const maintain = () => runMaintenance(services)
  const timer =
    maintenanceIntervalMs > 0
      ? setInterval(() => maintain().catch((error) => log(`frogbot: maintenance failed: ${String(error)}`)), maintenanceIntervalMs)
      : undefined
  timer?.unref()
  const fetch = createHttpHandler({ services, auth: config.auth ?? {}, serverURL: config.serverURL, maxBodyBytes: config.http?.maxBodyBytes ?? 1024 * 1024, log })
  return {
    config,
    store,
    services,
    agents: Object.fromEntries(agents.map((agent) => [agent.slug, localAgent(services, agent)])),
    fetch,
    describe: () => [
      `database: ${adapter.describe()}`,
      `live streams: ${config.liveStreams ? 'from the config' : env.REDIS_URL ? `Redis ${env.REDIS_URL.replace(/\/\/[^@/]*@/, '//')}` : 'in this process (set REDIS_URL to share them between processes)'}`,
      ...agents.map((agent: ResolvedAgent) => `agent ${agent.slug}: model ${agent.model.label}`),
      ...config.warnings.map((warning) => `warning: ${warning}`)
    ],
    maintain,
    close: async () => {
      clearInterval(timer)
      await live.close()
      await store.close()
    }
  }
}
