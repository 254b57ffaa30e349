import type { createSlackAdapter } from '@chat-adapter/slack'
import { Chat, type Logger, type Message } from 'chat'
import { type ChannelPiece, ConfigError } from 'frogbot'
import { type ChannelState, type PieceDrawing, pieceRuntime, type PieceRuntime, REDRAW_EVERY_MS } from 'frogbot/channels'
import { slackDrawing } from './slack-drawing.ts'
import { handleSlackEvents } from './slack-handlers.ts'
import { botIdentity, FrogbotSlackAdapter, IDENTITY_RETRY_MS } from './slack-identity.ts'
import { unreadableBody, verifiedBody } from './slack-webhook.ts'

/**
 * Options of {@link createSlack}; every one may be left out.
 * - `instance`: the instance name, the last segment of its webhook `/api/webhooks/<instance>`
 *   (1–64 lowercase letters, digits, `-`, `_`). Default `slack`. Give two instances different names.
 * - `botToken`: the app's Bot User OAuth Token (`xoxb-…`). Default `SLACK_BOT_TOKEN`.
 * - `signingSecret`: the app's Signing Secret. Default `SLACK_SIGNING_SECRET`.
 * - `apiUrl`: the Web API's base URL, ending in `/api/`. Default `SLACK_API_URL`, else Slack's.
 * - `botUserId`: the bot's user id (`U…`); by default asked once with `auth.test`.
 * - `userName`: the bot's name in Chat SDK. Default `frogbot`.
 * - `label`: how the platform is named to people (`channelLabel`). Default `Slack`.
 * - `updateIntervalMs`: how often a streaming reply is edited, at most. Default 1000.
 * - `env`: where the defaults are read. Default `process.env`.
 * - `now`: the clock signatures are checked against (ms since the epoch). Default `Date.now`.
 */
export type SlackOptions = {
  instance?: string
  botToken?: string
  signingSecret?: string
  apiUrl?: string
  botUserId?: string
  userName?: string
  label?: string
  updateIntervalMs?: number
  env?: Record<string, string | undefined>
  now?: () => number
}

/** A Slack piece instance (see {@link createSlack}); `idle()` resolves once no webhook handler or reply of it is in flight. */
export type SlackPiece = ChannelPiece & { idle: () => Promise<void> }

const INSTANCE = /^[a-z0-9][a-z0-9_-]{0,63}$/

/** What to do when Slack does not accept the bot token (`auth.test` failed). */
const BAD_TOKEN = "Slack did not accept the bot token (auth.test failed): set SLACK_BOT_TOKEN (or botToken) to the app's Bot User OAuth Token, xoxb-…, under OAuth & Permissions once the app is installed to the workspace"

/**
 * How long a Web API call may take: each try at most 10 s, tried 3 times within seconds (Slack's
 * client would otherwise wait without end and retry for half an hour). A card drawing then ends,
 * drawn or failed, well before its claim lapses (`CARD_CLAIM_TTL_MS`, 2 minutes) and another
 * server may draw it; what failed is drawn by a later rescan.
 */
const WEB_API_REQUESTS = { timeout: 10_000, retryConfig: { retries: 2, factor: 2, minTimeout: 500, maxTimeout: 2000 } }

/**
 * How long a webhook request may take before it is acknowledged anyway (ms): Slack gives up after
 * 3 s. What it started goes on after the ack (an interaction's modal then closes, and its
 * outcome is told privately).
 */
const ACK_WITHIN_MS = 2500

/** Slack's setup challenge in a verified JSON body, if it is one. */
function challengeOf(body: string, contentType: string | null): string | null {
  if (!contentType?.includes('json')) return null
  try {
    const payload = JSON.parse(body) as { type?: unknown; challenge?: unknown }
    return payload?.type === 'url_verification' && typeof payload.challenge === 'string' ? payload.challenge : null
  } catch {
    return null
  }
}

/** How often a refused webhook request is logged, at most (ms). */
const REFUSAL_LOG_EVERY_MS = 60_000

/** How long shutdown waits for replies in flight, at most (ms). */
const CLOSE_GRACE_MS = 5000

/** Chat SDK's logger onto FrogBot's log: warnings and errors only. */
function logTo(log: (line: string) => void, prefix: string): Logger {
  const line = (level: string, message: string, args: unknown[]) => {
    const details = args.map((arg) => (arg instanceof Error ? arg.message : typeof arg === 'object' ? JSON.stringify(arg, (_key, value) => (value instanceof Error ? value.message : value)) : String(arg)))
    log(`frogbot: ${prefix}: ${level}: ${[message, ...details].join(' ')}`)
  }
  return {
    child: (child) => logTo(log, `${prefix} ${child}`),
    debug: () => {},
    info: () => {},
    warn: (message, ...args) => line('warning', message, args),
    error: (message, ...args) => line('error', message, args)
  }
}

/**
 * The Web API client's logger (`@slack/logger`'s shape) onto FrogBot's log: errors only. A try
 * that failed and was retried is not worth a line; a call that failed for good is logged by
 * whoever made it.
 */
type WebClientLogger = NonNullable<NonNullable<NonNullable<Parameters<typeof createSlackAdapter>[0]>['webClientOptions']>['logger']>

function webClientLogger(log: (line: string) => void, prefix: string): WebClientLogger {
  let level = 'error' as ReturnType<WebClientLogger['getLevel']>
  return {
    debug: () => {},
    info: () => {},
    warn: () => {},
    error: (...messages: unknown[]) => log(`frogbot: ${prefix}: error: ${messages.map(String).join(' ')}`),
    setLevel: (next) => void (level = next),
    getLevel: () => level,
    setName: () => {}
  }
}

/** `drawing` whose every call waits until `ready()` (Chat SDK initialized once, lazily). */
function afterReady(drawing: PieceDrawing, ready: () => Promise<void>): PieceDrawing {
  return {
    reply: async (options) => (await ready(), drawing.reply(options)),
    drawCall: async (options) => (await ready(), drawing.drawCall(options)),
    drawSettled: async (options) => (await ready(), drawing.drawSettled(options)),
    notify: async (options) => (await ready(), drawing.notify(options))
  }
}

/**
 * The Slack piece (`@frogbotai/piece-slack`) on Chat SDK's Slack adapter. List it on an agent,
 * `channels: [createSlack()]`; FrogBot serves its webhook at `/api/webhooks/<instance>` (Events
 * and Interactivity both). A mention or a direct message starts a channel chat of its thread; the
 * reply is posted in the thread, edited as it streams; later messages in the thread continue the
 * chat (queued behind a running turn or a waiting question). `question` calls are drawn as Block
 * Kit controls any participant who passes the agent's `access` can answer (the Slack user's email
 * matched to a FrogBot user); the first valid answer wins, and the card is replaced by the answer
 * and who gave it; a call beyond Block Kit's limits is drawn compact or numbered, never refused.
 * Only the `question` kind is offered in its chats. Chat SDK's state and the cards live in
 * FrogBot's database; a card never posted is drawn at start-up or by a later rescan (at most once
 * a minute), once across servers. Setup mistakes (a token Slack refuses, requests failing the
 * signature, Slack users without a matching FrogBot user) are logged with what to do. Throws
 * `ConfigError` when the bot token or signing secret is missing, or the instance name is not
 * URL-safe; `buildConfig` refuses an instance name listed twice.
 */
export function createSlack(options: SlackOptions = {}): SlackPiece {
  const env = options.env ?? process.env
  const instance = options.instance ?? 'slack'
  const botToken = options.botToken ?? env.SLACK_BOT_TOKEN
  const signingSecret = options.signingSecret ?? env.SLACK_SIGNING_SECRET
  const problems: string[] = []
  if (!INSTANCE.test(instance)) problems.push(`createSlack.instance: "${instance}" must be 1–64 lowercase letters, digits, "-" or "_" (the last segment of /api/webhooks/<instance>)`)
  if (!botToken) problems.push('createSlack.botToken: set SLACK_BOT_TOKEN to the app\'s Bot User OAuth Token (xoxb-…), or pass { botToken }')
  if (!signingSecret) problems.push('createSlack.signingSecret: set SLACK_SIGNING_SECRET to the app\'s Signing Secret, or pass { signingSecret }')
  if (problems.length > 0) throw new ConfigError(problems)
  const userName = options.userName ?? 'frogbot'
  const now = options.now ?? Date.now
  let running: { runtime: PieceRuntime; webhook: (request: Request) => Promise<Response>; close: () => Promise<void> } | null = null

  return {
    piece: 'slack',
    instance,
    label: options.label ?? 'Slack',
    identity: { by: 'email', hint: 'the Slack app needs the users:read.email scope (OAuth & Permissions), then Reinstall to Workspace' },
    supportsKind: (kind) => kind === 'question',
    start: async (engine) => {
      await running?.close()
      const state = engine.state as ChannelState<Message>
      const logger = logTo(engine.log, `slack ${instance}`)
      const adapter = new FrogbotSlackAdapter({
        botToken,
        signingSecret,
        apiUrl: options.apiUrl ?? env.SLACK_API_URL,
        botUserId: options.botUserId,
        userName,
        logger,
        nativeStreaming: false,
        webClientOptions: { ...WEB_API_REQUESTS, logger: webClientLogger(engine.log, `slack ${instance}`) }
      })
      const bot = new Chat({
        userName,
        adapters: { slack: adapter },
        state,
        logger,
        // FrogBot serializes each chat's turns and queues its messages itself.
        concurrency: 'concurrent',
        fallbackStreamingPlaceholderText: null,
        streamingUpdateIntervalMs: options.updateIntervalMs ?? 1000
      })
      let initialized: Promise<void> | null = null
      const ready = () =>
        (initialized ??= bot.initialize().catch((error: unknown) => {
          initialized = null
          throw error
        }))
      const drawing = afterReady(slackDrawing({ bot, adapter }), ready)
      const runtime = pieceRuntime({
        engine,
        state,
        drawing,
        now,
        label: `slack ${instance}`,
        missingEmailHint: 'the Slack app needs the users:read.email scope (OAuth & Permissions), then Reinstall to Workspace'
      })
      // The bot's identity (auth.test), asked lazily and bounded: no webhook waits for it.
      const identity = botIdentity({
        adapter,
        now,
        onFailure: (failure) =>
          engine.log(
            failure.kind === 'refused'
              ? `frogbot: slack ${instance}: ${BAD_TOKEN}`
              : `frogbot: slack ${instance}: could not reach Slack's Web API to learn the bot's identity (auth.test: ${failure.reason}); asked again after ${IDENTITY_RETRY_MS / 1000} s, on the next request or rescan`
          )
      })
      handleSlackEvents({ bot, adapter, runtime, drawing, identity })
      // A question whose card was never posted (a stop between the pause and the drawing, a
      // failed post) is drawn now, and again on later webhooks, by whichever server claims it.
      // The identity is asked once at start-up, so that a wrong token shows in the log before
      // anyone writes, and again by the rescans while it is unknown.
      void runtime.track(identity())
      void runtime.redraw()
      const rescans = setInterval(() => {
        runtime.redrawNowAndThen()
        if (!adapter.botUserId) void runtime.track(identity())
      }, REDRAW_EVERY_MS)
      rescans.unref()
      // A refused request is logged at most once a minute: enough to see a wrong signing secret
      // while setting the app up, without a log line per forged request.
      let lastRefusal: number | null = null
      const tellRefusal = (why: string) => {
        if (lastRefusal !== null && now() - lastRefusal < REFUSAL_LOG_EVERY_MS) return
        lastRefusal = now()
        engine.log(`frogbot: slack ${instance}: refused a request to /api/webhooks/${instance}: ${why}`)
      }
      running = {
        runtime,
        webhook: async (request) => {
          const body = await verifiedBody(request, { signingSecret: signingSecret!, state, now, onRefused: tellRefusal })
          if (body instanceof Response) return body
          // Slack's setup challenge is answered from the verified body alone.
          const challenge = challengeOf(body, request.headers.get('content-type'))
          if (challenge !== null) return Response.json({ challenge })
          const unreadable = unreadableBody(body, request.headers.get('content-type'))
          if (unreadable) return Response.json({ error: unreadable, code: 'bad-request' }, { status: 400 })
          runtime.redrawNowAndThen()
          const verified = new Request(request.url, { method: 'POST', headers: request.headers, body })
          const handled = bot.webhooks.slack(verified, { waitUntil: (task) => void runtime.track(Promise.resolve(task)) })
          // Acknowledged within Slack's 3 s whatever Slack's Web API does; the rest goes on after.
          let timer: ReturnType<typeof setTimeout> | undefined
          const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ACK_WITHIN_MS)))
          try {
            const response = await Promise.race([handled, late])
            if (response) return response
          } finally {
            clearTimeout(timer)
          }
          void runtime.track(handled.then(() => undefined, (error: unknown) => engine.log(`frogbot: slack ${instance}: a request acknowledged late failed: ${error instanceof Error ? error.message : String(error)}`)))
          return new Response('', { status: 200 })
        },
        close: async () => {
          clearInterval(rescans)
          await Promise.race([runtime.idle(), new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())])
          await bot.shutdown()
        }
      }
    },
    webhook: (request) => (running ? running.webhook(request) : Promise.resolve(Response.json({ error: `The Slack piece "${instance}" has not started.`, code: 'unavailable' }, { status: 503 }))),
    onEvent: (event) => running?.runtime.onEvent(event),
    close: async () => {
      const closing = running
      running = null
      await closing?.close()
    },
    idle: async () => {
      await running?.runtime.idle()
    }
  }
}
