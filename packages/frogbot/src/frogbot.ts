import { connectAgentMcpServers } from './agents/agent-mcp-servers.ts'
import { randomBytes } from 'node:crypto'
import type { LanguageModel, UIMessage } from 'ai'
import { adminComponents } from './admin/admin-components.ts'
import { componentToolsOf } from './admin/component-tools.ts'
import { type LocalAgent, localAgent } from './local/local-agent.ts'
import { type ResolvedAgent, resolveAgents } from './agents/resolve-agents.ts'
import type { Caller, User } from './contract/caller.ts'
import type { AwaitingInputEvent, EngineEvent } from './contract/engine-events.ts'
import type { AttachedPiece } from './contract/piece.ts'
import { dispatchToPieces } from './hosting/piece-dispatch.ts'
import { closePieces, pieceLines, runListeners, startPieces } from './hosting/piece-lifecycle.ts'
import { randomId } from './ids/random-id.ts'
import type { ChatRead, SendResult, SettleInput, SettleOutcome } from './contract/turns.ts'
import type { FrogbotConfig } from './config/build-config.ts'
import { ConfigError } from './errors/frogbot-error.ts'
import { remember } from './frogbot-internals.ts'
import { createAuth } from './auth/create-auth.ts'
import { createHttpHandler, type HttpHandler } from './http/create-http-handler.ts'
import { configuredProviders, providerSettingProblems } from './models/providers.ts'
import type { ChatSummary, PendingCall, QueuedMessage } from '@frogbotai/protocol'
import { createChatStore } from './store/chat-store.ts'
import { migrateToLatest } from './store/migrate.ts'
import { sqliteAdapter } from './store/sqlite-adapter.ts'
import { createEngine } from './turns/engine.ts'
import { memoryLiveStreams } from './turns/live/memory-live-streams.ts'
import { watchSqliteFile } from './store/sqlite-file-watch.ts'
import { redisLiveStreams } from './turns/live/redis-live-streams.ts'
import { loadTelemetry } from './telemetry/load-telemetry.ts'
import { createNotifier } from './notify/notifier.ts'
import { publicURLOf, publicURLProblem } from './notify/public-url.ts'
import { smtpUrlProblem } from './notify/email-sender.ts'
import { safeLogger } from './text/log-safe.ts'

/**
 * Options of {@link createFrogbot} for apps, tests and benchmarks.
 * - `model`: replaces every agent's model (e.g. a scripted `MockLanguageModelV4`).
 * - `now`, `newId`: inject the clock and id source.
 * - `leaseMs`: how long a running turn holds its chat without renewing (default 30 000 ms);
 *   after a crash the chat is usable again once it passes.
 * - `queueLimit`: most messages one chat's queue holds (default 20); more get `429 queue-full`.
 * - `env`: where provider keys are read from (default `process.env`).
 * - `log`: where start-up facts and unexpected errors go, one line each (default `console.error`).
 * - `debug`: where the details of errors go, such as a failed model call's stack and causes
 *   (default: nowhere; `frogbot serve` sends them to the console with `FROGBOT_DEBUG=1`).
 *   Both get each line terminal-safe (`logSafe`): control characters from a model's or a user's
 *   text (CR, escape sequences, BEL) are shown as `?`, a line break without indentation as `\n`.
 * - `maintenanceIntervalMs`: how often call expiry and stalled queues are checked (default 5000;
 *   0 turns the timer off, then call `maintain()` yourself).
 * - `listen`: whether this process runs the listeners of the config's pieces (their long-running
 *   connections: Discord's Gateway, Telegram's long polling), one process at a time across every
 *   server on the database (default false; `frogbot serve` and `frogbot channels:run` turn it on).
 * - `startQueuedTurns`: whether this instance starts queued messages (default true). A short-lived
 *   process (`frogbot answer`) turns it off and leaves them to the servers' maintenance, so a turn
 *   never dies with a process that was about to exit.
 * - `admin`: the admin chat's client tool components (docs/chat/ui-registries.md): `root`,
 *   the app's folder where component paths start (default the current folder), and
 *   `buildComponents`, whether to bundle them with Vite on the fly when the bundle is missing or
 *   stale (default false: serve what `frogbot build` wrote; `frogbot serve` turns it on outside
 *   production).
 */
export type CreateFrogbotOptions = {
  model?: Exclude<LanguageModel, string>
  now?: () => Date
  newId?: (prefix: string) => string
  leaseMs?: number
  queueLimit?: number
  env?: NodeJS.ProcessEnv
  log?: (line: string) => void
  debug?: (line: string) => void
  maintenanceIntervalMs?: number
  startQueuedTurns?: boolean
  listen?: boolean
  admin?: { root?: string; buildComponents?: boolean }
}

/**
 * Who a programmatic call acts as: `user` (or nobody), through the app's own code (`door:
 * 'local'`, the default: client tools are withheld, since nobody is there to answer) or as a
 * relay of an interactive client (`door: 'http'`: client tools are offered, as over HTTP). The
 * same rules apply as at every door: the agent's `access`, the chat's owner, the chat's home.
 */
export type CallAs = { user?: User | null; door?: 'local' | 'http' }

/** A turn that started: its UI message stream and, once stored, its result. */
export type StartedTurn = Extract<SendResult, { status: 'started' }>

/**
 * A running FrogBot: storage opened and migrated, models resolved. Every method that acts on a
 * chat runs through the turn engine with the same checks as HTTP, as `caller` (see {@link CallAs};
 * default: nobody, through the app's own code) and throws `FrogbotError` with the codes of the
 * README's status table.
 * - `fetch`: the web-standard HTTP handler of the whole API.
 * - `agents[slug]`: `generate()` / `stream()` from code (see `LocalAgent`).
 * - `sendMessage`: a user message to a new or existing chat: `started` (with `run.stream` and
 *   `run.result`) or `queued` behind a running turn or a waiting question.
 * - `settle`: answers (`output`) or dismisses (`dismissed: true`, `reason?`) one pending call
 *   (seed: "Answer over HTTP"); approves (`approved: true`, `input?`, `reason?`) or denies
 *   (`approved: false`, `reason?`) a call waiting for approval (docs/agents/approvals.md).
 * - `stop` (`messageId`: the assistant message whose run or waiting calls it is for; another turn's
 *   are left alone, `false`), `editMessage`, `editQueued`, `deleteQueued`, `branch`, `renameChat`
 *   (a title of 1 to 80 characters), `deleteChat` (not while a turn runs: `turn-in-progress`): as
 *   over HTTP.
 * - A blank message or edit (no file, no text but blanks) is refused as over HTTP:
 *   `FrogbotError('bad-request')`, `text: must not be empty or blank` (`prompt: …` for `generate`).
 * - `pending`, `readChat`, `listChats`: reads.
 * - `stopped`: resolves when FrogBot stopped by itself, with why: its SQLite file was deleted or
 *   replaced while it ran (docs/project/guarantees.md); from then on every call is refused as after
 *   `close()` (`closed`, 503). Call `close()` then; `frogbot serve` does and exits with code 1.
 * - `describe()`: one line per start-up fact; `maintain()`: expiry and stalled queues now, and
 *   with `notify`, the reminders and escalations due (`notices`: how many this process sent);
 *   `close()`: stops taking work (later calls throw `FrogbotError('closed')`), stops the turns
 *   this process runs as Stop does (what they generated is kept, the chat is usable at once; a
 *   turn that does not end within a few seconds is left to its lease, as after a crash), then
 *   stops the timer and closes channels, live streams and the database. Calling it again waits
 *   for the same close.
 */
export type Frogbot = {
  config: FrogbotConfig
  fetch: HttpHandler
  agents: Record<string, LocalAgent>
  sendMessage: (options: { agent: string; chatId?: string; caller?: CallAs } & ({ text: string } | { message: UIMessage })) => Promise<SendResult>
  settle: (options: { chatId: string; caller?: CallAs } & SettleInput) => Promise<SettleOutcome>
  stop: (options: { chatId: string; messageId?: string; caller?: CallAs }) => Promise<boolean>
  editMessage: (options: { chatId: string; messageId: string; text: string; caller?: CallAs }) => Promise<StartedTurn['run']>
  editQueued: (options: { chatId: string; messageId: string; text: string; caller?: CallAs }) => Promise<QueuedMessage>
  deleteQueued: (options: { chatId: string; messageId: string; caller?: CallAs }) => Promise<void>
  branch: (options: { chatId: string; messageId?: string; caller?: CallAs }) => Promise<ChatSummary>
  renameChat: (options: { chatId: string; title: string; caller?: CallAs }) => Promise<ChatSummary>
  deleteChat: (options: { chatId: string; caller?: CallAs }) => Promise<void>
  pending: (options: { chatId: string; caller?: CallAs }) => Promise<{ chatId: string; state: ChatSummary['state']; pending: PendingCall[] }>
  readChat: (options: { chatId: string; caller?: CallAs }) => Promise<ChatRead>
  listChats: (options: { caller: CallAs; agent?: string; limit?: number; cursor?: string }) => Promise<{ chats: ChatSummary[]; nextCursor: string | null }>
  stopped: Promise<Error>
  describe: () => string[]
  maintain: () => Promise<{ expired: number; resumed: number; notices?: number }>
  close: () => Promise<void>
}

/** The {@link Caller} a programmatic call acts as (see {@link CallAs}): a custom credential for a user, else anonymous. */
function resolveCaller(caller: CallAs = {}): Caller {
  const user = caller.user ?? null
  return { user, credential: user ? { type: 'custom' } : { type: 'anonymous' }, entryPoint: caller.door ?? 'local', headers: new Headers() }
}

/** The channel pieces of the config's agents (`channels: [piece]`), each with its agent. */
function piecesOf(config: FrogbotConfig): AttachedPiece[] {
  return config.agents.flatMap((agent) => (agent.channels ?? []).map((piece) => ({ piece, agentSlug: agent.slug })))
}

/**
 * The engine's listener for the config's `onAwaitingInput` (docs/chat/turns.md): run once
 * each time a turn starts waiting, without holding up the turn; an error it throws is logged.
 */
function awaitingInputListener(hook: ((event: AwaitingInputEvent) => void | Promise<void>) | undefined, log: (line: string) => void) {
  return (event: EngineEvent) => {
    if (!hook || event.type !== 'calls-waiting') return
    const { chat, ownerId, pending } = event
    Promise.resolve()
      .then(() => hook({ chatId: chat.id, agentSlug: chat.agentSlug, ownerId, pending }))
      .catch((error) => log(`frogbot: onAwaitingInput failed for chat ${chat.id}: ${error instanceof Error ? error.message : String(error)}`))
  }
}

/**
 * Starts FrogBot from a checked config: resolves every agent's model (throwing one `ConfigError`
 * listing every model that cannot resolve, e.g. `agents[0].model: "openai/gpt-4.1" needs the openai
 * provider: set OPENAI_API_KEY or ai.providers`) and every provider base URL that is not an http(s)
 * URL (e.g. `OPENAI_COMPATIBLE_BASE_URL: "notaurl" must be an http:// or https:// URL …`) or a
 * `FROGBOT_PUBLIC_URL` that is not one (see `publicURLProblem`) or an `SMTP_URL` that is not an smtp(s) URL
 * (see `smtpUrlProblem`), opens the database and runs its migrations.
 */
export async function createFrogbot(config: FrogbotConfig, options: CreateFrogbotOptions = {}): Promise<Frogbot> {
  const { now = () => new Date(), newId = randomId, leaseMs = 30_000, queueLimit = 20, env = process.env, maintenanceIntervalMs = 5000 } = options
  // Every line logged may carry a model's or a user's text: control characters are shown as `?`.
  const log = safeLogger(options.log ?? console.error)
  const debug = options.debug ? safeLogger(options.debug) : undefined
  const providers = await configuredProviders(config.ai?.providers, env)
  const mcp = await connectAgentMcpServers(config.agents)
  const resolved = resolveAgents({ ...config, agents: mcp.agents }, { providers, modelOverride: options.model })
  const publicURL = publicURLProblem(env)
  const smtpUrl = smtpUrlProblem(env)
  const settings = [
    ...providerSettingProblems(config.ai?.providers, env),
    ...(publicURL ? [publicURL] : []),
    ...(smtpUrl ? [smtpUrl] : [])
  ]
  const problems = [...settings, ...resolved.problems]
  if (problems.length > 0) throw new ConfigError(problems)
  const { agents } = resolved

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
  const pieces = new Map(piecesOf(config).map((attached) => [attached.piece.instance, attached]))
  const telemetry = await loadTelemetry({ options: config.telemetry, db, log })
  const notifier = config.notify
    ? createNotifier({
        options: config.notify,
        store,
        agents: new Map(agents.map((agent) => [agent.slug, agent])),
        settle: (settleOptions) => engine.settle(settleOptions),
        now,
        log,
        publicURL: publicURLOf(config, env),
        smtpUrl: env.SMTP_URL || undefined,
        pieces
      })
    : null
  const engineListeners = [awaitingInputListener(config.onAwaitingInput, log), dispatchToPieces(pieces, log), ...(telemetry ? [telemetry.listener] : []), ...(notifier ? [notifier.listener] : [])]
  const engine = createEngine({
    store,
    now,
    newId,
    leaseMs,
    queueLimit,
    agents: new Map(agents.map((agent) => [agent.slug, agent])),
    pieces,
    processId: `p${process.pid}.${randomBytes(4).toString('hex')}`,
    activeRuns: new Map(),
    turnsInFlight: new Set(),
    closing: false,
    live,
    emit: (event) => {
      for (const listener of engineListeners) listener(event)
    },
    log,
    debug
  }, { startQueuedTurns: options.startQueuedTurns ?? true })
  if (telemetry) engine.settle = telemetry.traceSettle(engine.settle)
  try {
    await startPieces(engine, pieces.values())
  } catch (error) {
    await store.close().catch(() => {})
    throw new Error(`a channel piece could not start: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
  const listening = new AbortController()
  const pieceListeners = options.listen ? runListeners(engine, pieces.values(), { signal: listening.signal }) : Promise.resolve()
  const maintain = async () => {
    const done = await engine.maintain()
    return notifier ? { ...done, notices: await notifier.sweep() } : done
  }
  const timer =
    maintenanceIntervalMs > 0
      ? setInterval(() => maintain().catch((error) => log(`frogbot: maintenance failed: ${String(error)}`)), maintenanceIntervalMs)
      : undefined
  timer?.unref()
  const admin = adminComponents({ root: options.admin?.root ?? process.cwd(), tools: componentToolsOf(config), build: options.admin?.buildComponents ?? false, log })
  const auth = createAuth({ db: store.db, adapter: store.adapter, options: config.auth ?? {}, now: engine.services.now, newId: engine.services.newId })
  const fetch = createHttpHandler({ engine, admin, auth, serverURL: config.serverURL, maxBodyBytes: config.http?.maxBodyBytes ?? 1024 * 1024, log, answerLinks: notifier?.pages, mcp: config.mcp })
  let closed: Promise<void> | undefined
  let stop!: (reason: Error) => void
  const stopped = new Promise<Error>((resolve) => (stop = resolve))
  // SQLite keeps writing into a file deleted under it, and loses all of it at the next start.
  const stopWatching = adapter.file
    ? watchSqliteFile({
        file: adapter.file,
        onLost: (message) => {
          engine.services.closing = true
          log(`frogbot: ${message}`)
          stop(new Error(message))
        }
      })
    : () => {}
  const frogbot: Frogbot = {
    config,
    fetch,
    agents: Object.fromEntries(agents.map((agent) => [agent.slug, localAgent(engine, agent)])),
    sendMessage: ({ agent, chatId, caller, ...content }) =>
      engine.sendMessage({
        agentSlug: agent,
        chatId,
        req: resolveCaller(caller),
        message: 'message' in content ? content.message : { id: newId('msg'), role: 'user', parts: [{ type: 'text', text: content.text }] },
        field: 'message' in content ? 'message.parts' : 'text'
      }),
    settle: ({ chatId, caller, ...input }) => engine.settle({ chatId, inputs: [input as SettleInput], req: resolveCaller(caller) }),
    stop: ({ chatId, messageId, caller }) => engine.stop({ chatId, messageId, req: resolveCaller(caller) }),
    editMessage: async ({ chatId, messageId, text, caller }) => (await engine.editMessage({ chatId, messageId, parts: [{ type: 'text', text }], req: resolveCaller(caller) })).run,
    editQueued: async ({ chatId, messageId, text, caller }) => (await engine.changeQueued({ chatId, messageId, text, req: resolveCaller(caller) }))!,
    deleteQueued: async ({ chatId, messageId, caller }) => {
      await engine.changeQueued({ chatId, messageId, req: resolveCaller(caller) })
    },
    branch: ({ chatId, messageId, caller }) => engine.branch({ chatId, messageId, req: resolveCaller(caller) }),
    renameChat: ({ chatId, title, caller }) => engine.renameChat({ chatId, title, req: resolveCaller(caller) }),
    deleteChat: ({ chatId, caller }) => engine.deleteChat({ chatId, req: resolveCaller(caller) }),
    pending: ({ chatId, caller }) => engine.pending({ chatId, req: resolveCaller(caller) }),
    readChat: ({ chatId, caller }) => engine.readChat({ chatId, req: resolveCaller(caller) }),
    listChats: ({ caller, agent, limit, cursor }) => engine.listChats({ req: resolveCaller(caller), agentSlug: agent, limit, cursor }),
    describe: () => [
      `database: ${adapter.describe()}`,
      `live streams: ${config.liveStreams ? 'from the config' : env.REDIS_URL ? `Redis ${env.REDIS_URL.replace(/\/\/[^@/]*@/, '//')}` : 'in this process (set REDIS_URL to share them between processes)'}`,
      ...agents.map((agent: ResolvedAgent) => `agent ${agent.slug}: model ${agent.model.label}`),
      ...pieceLines(pieces.values()),
      ...(notifier ? [notifier.describe()] : []),
      ...config.warnings.map((warning) => `warning: ${warning}`)
    ],
    stopped,
    maintain,
    close: async () => {
      if (closed) return closed
      clearInterval(timer)
      stopWatching()
      closed = (async () => {
        listening.abort()
        await pieceListeners
        await engine.close()
        if (notifier) await Promise.race([notifier.idle(), new Promise((resolve) => setTimeout(resolve, 5000).unref())])
        notifier?.close()
        await closePieces(pieces.values(), log)
        await live.close()
        await mcp.close()
        await store.close()
      })()
      return closed
    }
  }
  remember(frogbot, { engine, store, auth })
  return frogbot
}

