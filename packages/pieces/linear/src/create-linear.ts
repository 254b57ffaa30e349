import { badRequest, createPiece, errorText, ignoredDelivery, jsonObject, type KitPiece, type NameOf, plainNameOf, PlatformError } from 'frogbot/channels'
import { linearApprovalDrawing } from './approval-activities.ts'
import { linearApi } from './linear-api.ts'
import { linearDrawing } from './linear-drawing.ts'
import { readDelivery } from './linear-payloads.ts'
import { linearReply } from './linear-replies.ts'
import { type LinearOptions, linearSettings, type LinearSettings } from './linear-settings.ts'
import { linearVerifier } from './linear-webhook.ts'
import { sessionEvents } from './session-events.ts'

/** A Linear piece (see {@link createLinear}); `idle()` resolves once no webhook handler or reply of it is in flight. */
export type LinearPiece = KitPiece

/** Who settled a call, as Linear names people (by name: an activity cannot mention anyone). */
const nameOf: NameOf = (by) => ('channel' in by ? (by.channel.name ?? by.channel.userId) : plainNameOf(by))

/** What to say in the log when Linear does not tell who the app is. */
function unknownAppLine(settings: LinearSettings, error: unknown): string {
  const status = error instanceof PlatformError ? error.status : 0
  const credentials = 'apiKey' in settings.auth ? 'the API key (LINEAR_API_KEY)' : "the OAuth app's access token (LINEAR_ACCESS_TOKEN)"
  const why = errorText(error)
  return status === 400 || status === 401 || status === 403
    ? `Linear did not accept ${credentials} (${why}); agent sessions are not answered until it does`
    : `could not learn from Linear's API who the app is (${why}); agent sessions are not answered until it can, asked again with the next one`
}

/**
 * The Linear piece (`@frogbotai/piece-linear`) on FrogBot's piece kit and Linear's GraphQL API, in
 * agent-session mode. List it on an agent, `channels: [createLinear()]`; FrogBot serves its
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
  const verify = linearVerifier(settings.webhookSecret)
  return createPiece({
    piece: 'linear',
    instance: settings.instance,
    label: settings.label,
    identity: { by: 'email', hint: "Linear shares each member's email with apps: add a FrogBot user with the email of their Linear account (docs/pieces/linear.md)" },
    describe: ({ agentSlug, webhookPath }) => [`channel ${settings.instance}: ${settings.label} agent sessions for agent ${agentSlug}, webhook ${webhookPath}`],
    now: options.now,
    readReply: linearReply,
    supportsKind: (kind) => kind === 'question' || kind === 'approval',
    start: (context) => {
      let told = false
      const onEvent = sessionEvents(context, api, (error) => {
        if (!told) context.log(unknownAppLine(settings, error))
        told = true
      })
      return {
        drawing: { ...linearDrawing({ api, nameOf, engine: context.engine, runtime: context.runtime }), approvals: linearApprovalDrawing({ api, nameOf }) },
        webhook: async (request) => {
          const body = await verify(request, context)
          if (body instanceof Response) return body
          const payload = jsonObject(body)
          const delivery = typeof payload === 'string' ? { kind: 'unreadable' as const, why: `the body is ${payload}` } : readDelivery(payload)
          if (delivery.kind === 'ignored') return ignoredDelivery(delivery.why)
          if (delivery.kind === 'unreadable') return badRequest(`Refused: ${delivery.why}.`)
          onEvent(delivery.event)
          return new Response('OK')
        }
      }
    }
  })
}
