import type { Message } from 'chat'
import { type ChatSdkContext, createChatSdkPiece, errorText, type KitPiece } from 'frogbot/channels'
import { linearApprovalDrawing } from './approval-activities.ts'
import { FrogbotLinearAdapter } from './linear-adapter.ts'
import { type LinearApi, LinearApiError, linearApi } from './linear-api.ts'
import { linearDrawing } from './linear-drawing.ts'
import { jsonObject, readDelivery } from './linear-payloads.ts'
import { messageParticipant, messageText, userParticipant, workspaceOf } from './linear-participants.ts'
import { type LinearOptions, linearSettings, type LinearSettings } from './linear-settings.ts'
import { linearReply } from './linear-replies.ts'
import { linearVerifier } from './linear-webhook.ts'
import { sessionStop } from './session-stop.ts'

/** A Linear piece (see {@link createLinear}); `idle()` resolves once no webhook handler or reply of it is in flight. */
export type LinearPiece = KitPiece

/** Linear wants a webhook answered within 5 s ("Webhooks", linear.app/developers/webhooks). */
const ACK_DEADLINE_MS = 5000

/** The activity that acknowledges a new session before the model runs (Linear wants one within 10 s, "Agent best practices"). */
export const ACKNOWLEDGED = 'Looking into it…'

const text = (body: string) => new Response(body, { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } })

/** What to say in the log when Linear does not tell who the app is. */
function unknownAppLine(settings: LinearSettings, error: unknown): string {
  const status = error instanceof LinearApiError ? error.status : 0
  const credentials = 'apiKey' in settings.auth ? 'the API key (LINEAR_API_KEY)' : "the OAuth app's access token (LINEAR_ACCESS_TOKEN)"
  const why = errorText(error)
  return status === 400 || status === 401 || status === 403
    ? `Linear did not accept ${credentials} (${why}); agent sessions are not answered until it does`
    : `could not learn from Linear's API who the app is (${why}); agent sessions are not answered until it can, asked again with the next one`
}

/**
 * The Linear piece (`@frogbotai/piece-linear`) on Chat SDK's Linear adapter in agent-session mode
 * and FrogBot's piece kit. List it on an agent, `channels: [createLinear()]`; FrogBot serves its
 * webhook at `/api/webhooks/<instance>` (Linear's "Agent session events"). When someone delegates
 * an issue to the app or mentions it, Linear opens an agent session: the piece acknowledges it at
 * once with a `thought` activity, then the agent's reply is a `response` activity and each later
 * prompt in the session continues the chat. `question` calls are `elicitation` activities: one
 * question of one choice with up to 25 options carries Linear's `select` signal, anything else a
 * numbered list answered by a reply (FrogBot's numbered-answer grammar: `2`, `1, 3`, a line per
 * question, own words where allowed); Linear's stop request dismisses a waiting question and ends
 * the work. Anyone whose Linear email belongs to a FrogBot user the agent's `access` accepts may
 * answer (`req.channel`: their Linear user id, name, email); the first valid answer wins, and a
 * new activity says what was answered and by whom (activities cannot be edited). Deliveries are
 * verified (the `Linear-Signature` HMAC, `webhookTimestamp` within 60 s, never the same delivery
 * twice). Throws `ConfigError` naming each missing or wrong setting (see {@link LinearOptions}).
 */
export function createLinear(options: LinearOptions = {}): LinearPiece {
  const settings = linearSettings(options)
  const api = linearApi(settings)
  return createChatSdkPiece({
    piece: 'linear',
    instance: settings.instance,
    label: settings.label,
    identity: { by: 'email', hint: "Linear shares each member's email with apps: add a FrogBot user with the email of their Linear account (docs/pieces/linear.md)" },
    describe: ({ agentSlug, webhookPath }) => [`channel ${settings.instance}: ${settings.label} agent sessions for agent ${agentSlug}, webhook ${webhookPath}`],
    now: options.now,
    readReply: linearReply,
    supportsKind: (kind) => kind === 'question' || kind === 'approval',
    ackDeadlineMs: ACK_DEADLINE_MS,
    adapter: ({ logger, webhookVerifier }) => {
      const credentials = 'apiKey' in settings.auth ? { apiKey: settings.auth.apiKey } : { accessToken: settings.auth.accessToken }
      // The piece verified the delivery before Chat SDK reads it (time and replays too); the adapter checks the signature once more.
      return new FrogbotLinearAdapter({ ...credentials, mode: 'agent-sessions', apiUrl: settings.apiUrl, userName: 'frogbot', webhookVerifier, logger }, api)
    },
    verify: linearVerifier(settings.webhookSecret),
    answerDirectly: (body) => {
      const payload = jsonObject(body)
      if (typeof payload === 'string') return null
      const delivery = readDelivery(payload)
      return delivery.kind === 'ignored' ? text(`Ignored: ${delivery.why}.`) : null
    },
    unreadableBody: (body) => {
      const payload = jsonObject(body)
      if (typeof payload === 'string') return payload
      const delivery = readDelivery(payload)
      return delivery.kind === 'unreadable' ? `Refused: ${delivery.why}.` : null
    },
    setup: (context) => setUp(context, settings, api)
  })
}

/** The piece's own part once started: the adapter's session hooks, the drawing, how messages are read. */
function setUp({ engine, runtime, track, log, nameOf, adapter }: ChatSdkContext<FrogbotLinearAdapter>, settings: LinearSettings, api: LinearApi) {
  const stop = sessionStop({ engine, runtime }, api)
  let told = false
  adapter.hooks = {
    created: async (event) => {
      await api.activity(event.agentSession.id, { type: 'thought', body: ACKNOWLEDGED }).catch((error: unknown) => log(`could not acknowledge agent session ${event.agentSession.id}: ${errorText(error)}`))
    },
    stop: async (event) => {
      const issueId = (event.agentSession.issueId ?? event.agentSession.issue?.id)!
      const thread = adapter.encodeThreadId({ issueId, agentSessionId: event.agentSession.id })
      await stop({ thread, session: event.agentSession.id, participant: userParticipant(event.agentActivity!.user) }).catch((error: unknown) => log(`could not stop agent session ${event.agentSession.id}: ${errorText(error)}`))
    },
    unknownApp: (error) => {
      if (told) return
      told = true
      log(unknownAppLine(settings, error))
    },
    unanswered: (event) => log(`agent session ${event.agentSession.id} (${event.action}) was not answered: FrogBot could not learn from Linear's API who the app is (see the line above)`)
  }
  void track(adapter.identity())
  return {
    drawing: { ...linearDrawing({ api, nameOf, engine, runtime }), approvals: linearApprovalDrawing({ api, nameOf }) },
    mention: (participant: { userId: string; name?: string }) => participant.name ?? participant.userId,
    participantOf: (_author: unknown, message: Message) => messageParticipant(message),
    textOf: messageText(() => adapter.appName),
    accountOf: workspaceOf
  }
}
