import { SlackAdapter, type SlackAdapterConfig } from '@chat-adapter/slack'
import type { Message } from 'chat'
import { createChatSdkPiece, IDENTITY_RETRY_MS, jsonObject, type KitPiece, readSettings, type Setting, type SettingOptions, type TableOptions, withoutMention } from 'frogbot/channels'
import { leveledLogger } from 'frogbot/channels'
import { slackDrawing } from './slack-drawing.ts'
import { openSlackDirect } from './slack-direct.ts'
import { slackApprovalDrawing } from './approval-card.ts'
import { handleSlackInteractions } from './slack-handlers.ts'
import { slackInteractions } from './slack-interactions.ts'
import { adapterIdentity, botIdentity, slackReports } from './slack-identity.ts'
import { slackVerifier, unreadableBody } from './slack-webhook.ts'

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
export type SlackOptions = SettingOptions & TableOptions<typeof SETTINGS> & {
  botUserId?: string
  userName?: string
  label?: string
  updateIntervalMs?: number
  now?: () => number
}

/** A Slack piece (see {@link createSlack}); `idle()` resolves once no webhook handler or reply of it is in flight. */
export type SlackPiece = KitPiece

/** What to do when Slack does not accept the bot token (`auth.test` failed). */
const BAD_TOKEN = "Slack did not accept the bot token (auth.test failed): set SLACK_BOT_TOKEN (or botToken) to the app's Bot User OAuth Token, xoxb-…, under OAuth & Permissions once the app is installed to the workspace"

/** What is logged when Slack's Web API could not be reached for `auth.test` (it is asked again later). */
const identityUnreachable = (reason: string) =>
  `could not reach Slack's Web API to learn the bot's identity (auth.test: ${reason}); ` +
  `asked again after ${IDENTITY_RETRY_MS / 1000} s, on the next request or rescan`

/**
 * How long a Web API call may take: each try at most 10 s, tried 3 times within seconds (Slack's
 * client would otherwise wait without end and retry for half an hour). A card drawing then ends,
 * drawn or failed, well before its claim lapses (`CARD_CLAIM_TTL_MS`, 2 minutes) and another
 * server may draw it; what failed is drawn by a later rescan.
 */
const WEB_API_REQUESTS = { timeout: 10_000, retryConfig: { retries: 2, factor: 2, minTimeout: 500, maxTimeout: 2000 } }

/** Slack gives up on a request after 3 s (its Events API and Interactivity). */
const ACK_DEADLINE_MS = 3000

/** Slack's setup challenge in a verified JSON body, if it is one, answered from the body alone. */
function challengeOf(body: string, request: Request): Response | null {
  const payload = request.headers.get('content-type')?.includes('json') ? jsonObject(body) : null
  return typeof payload === 'object' && payload?.type === 'url_verification' && typeof payload.challenge === 'string' ? Response.json({ challenge: payload.challenge }) : null
}

/**
 * The Web API client's logger (`@slack/logger`'s shape) onto FrogBot's log: errors only (the kit's
 * `leveledLogger`). A try that failed and was retried is not worth a line; a call that failed for
 * good is logged by whoever made it.
 */
type WebClientLogger = NonNullable<NonNullable<SlackAdapterConfig['webClientOptions']>['logger']>
type WebClientLevel = ReturnType<WebClientLogger['getLevel']>

const webClientLogger = (log: (line: string) => void): WebClientLogger =>
  leveledLogger({ error: (line) => log(`error: ${line}`) }, 'error' as WebClientLevel)

/** The settings table (the kit reads, trims and checks it; see `readSettings`). */
const SETTINGS = [
  { option: 'botToken', env: 'SLACK_BOT_TOKEN', hint: "set SLACK_BOT_TOKEN to the app's Bot User OAuth Token (xoxb-…), or pass { botToken }" },
  { option: 'signingSecret', env: 'SLACK_SIGNING_SECRET', hint: "set SLACK_SIGNING_SECRET to the app's Signing Secret, or pass { signingSecret }" },
  { option: 'apiUrl', env: 'SLACK_API_URL' }
] as const satisfies readonly Setting[]

/**
 * The Slack piece (`@frogbotai/piece-slack`) on Chat SDK's Slack adapter and FrogBot's piece kit.
 * List it on an agent, `channels: [createSlack()]`; FrogBot serves its webhook at
 * `/api/webhooks/<instance>` (Events and Interactivity both). A mention or a direct message starts
 * a channel chat of its thread; the reply is posted in the thread, edited as it streams; later
 * messages in the thread continue the chat (queued behind a running turn or a waiting question).
 * `question` calls are drawn as Block Kit controls any participant who passes the agent's `access`
 * can answer (the Slack user's email matched to a FrogBot user); the first valid answer wins, and
 * the card is replaced by the answer and who gave it; a call beyond Block Kit's limits is drawn
 * compact or numbered, never refused. Only the `question` kind is offered in its chats. Chat SDK's
 * state and the cards live in FrogBot's database; a card never posted is drawn at start-up or by a
 * later rescan (at most once a minute), once across servers. Setup mistakes (a token Slack
 * refuses, requests failing the signature, Slack users without a matching FrogBot user) are
 * logged with what to do. Throws `ConfigError` when the bot token or signing secret is missing, or
 * the instance name is not URL-safe; `buildConfig` refuses an instance name listed twice.
 */
export function createSlack(options: SlackOptions = {}): SlackPiece {
  const { instance, botToken, signingSecret, apiUrl } = readSettings({ factory: 'createSlack', instance: 'slack' }, SETTINGS, options)
  const userName = options.userName ?? 'frogbot'
  const now = options.now ?? Date.now
  let reports: ReturnType<typeof slackReports> | null = null
  let adapter!: SlackAdapter
  return createChatSdkPiece({
    piece: 'slack',
    instance,
    label: options.label ?? 'Slack',
    identity: {
      by: 'email',
      hint: 'the Slack app needs the users:read.email scope (OAuth & Permissions), then Reinstall to Workspace',
      credentials: "SLACK_BOT_TOKEN (or botToken): the app's Bot User OAuth Token, xoxb-…",
      lookupProblem: (participant) => reports?.lookupProblem(participant.userId) ?? null
    },
    now,
    userName,
    chat: { fallbackStreamingPlaceholderText: null, streamingUpdateIntervalMs: options.updateIntervalMs ?? 1000 },
    ackDeadlineMs: ACK_DEADLINE_MS,
    supportsKind: (kind) => kind === 'question' || kind === 'approval',
    openDirect: (person) => openSlackDirect(adapter, person),
    adapter: ({ logger, log, webhookVerifier }) => {
      reports = slackReports(logger)
      adapter = new SlackAdapter({ botToken, webhookVerifier, apiUrl, botUserId: options.botUserId, userName, logger: reports.logger, nativeStreaming: false, webClientOptions: { ...WEB_API_REQUESTS, logger: webClientLogger(log) } })
      return adapter
    },
    verify: slackVerifier(signingSecret),
    answerDirectly: challengeOf,
    unreadableBody: (body, request) => unreadableBody(body, request.headers.get('content-type')),
    setup: ({ adapter, bot, ready, runtime, track, log, nameOf }) => {
      // The bot's identity (auth.test, asked by the adapter as Chat SDK starts), awaited bounded. It
      // is asked once at start-up, so that a wrong token shows in the log before anyone writes, and
      // again with the rescans while it is unknown.
      const identity = botIdentity({
        ...adapterIdentity({ adapter, bot, ready, reports: reports! }),
        now,
        onFailure: (failure) =>
          log(failure.kind === 'refused' ? BAD_TOKEN : identityUnreachable(failure.reason))
      })
      void track(identity())
      const drawing = slackDrawing({ adapter, nameOf })
      const interactions = slackInteractions({ bot, adapter, runtime })
      handleSlackInteractions({ runtime, interactions })
      return {
        drawing: { ...drawing, approvals: slackApprovalDrawing({ adapter, nameOf }) },
        // Chat SDK writes mentions as `@display name`; the bot's own is not part of what was said.
        textOf: async (message: Message) => {
          await identity()
          const bot = adapter.botUserId
          return bot ? withoutMention((await adapter.getUser(bot))?.userName ?? bot)(message) : message.text.trim()
        },
        accountOf: (message: Message) => {
          const raw = message.raw as { team_id?: string; team?: string }
          return raw.team_id ?? raw.team ?? null
        },
        onRescan: () => {
          if (!adapter.botUserId) void track(identity())
        }
      }
    }
  })
}
