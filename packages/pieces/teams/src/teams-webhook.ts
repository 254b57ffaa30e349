import {
  badRequest, type BodyRule, checkedBody, deliveryDigest, isJsonObject, type PieceContext, refusedRequest,
  replayGuard, unauthorized
} from 'frogbot/channels'
import { activityMismatch, botFrameworkAuth, type SignedActivity } from './bot-framework-auth.ts'

/** The fields of an incoming activity the webhook reads before Chat SDK does (its token checks some). */
type ActivityHead = SignedActivity & { type: string; id?: string; conversation: { id: string } }

const objects = (items: unknown) => Array.isArray(items) && items.every((item) => item !== null && typeof item === 'object')

/**
 * What a body must be to be read as an activity (else FrogBot's `400 bad-request`, the kit's
 * `checkedBody`), each rule with the problem of breaking it: an object with a `type`, an absolute
 * `serviceUrl` and a `conversation.id`, string ids and text where it has them, lists of objects
 * for its `entities` and `attachments`, and the action's `data` object where it is a card's invoke
 * (what Chat SDK's handler reads unchecked).
 */
const ACTIVITY_RULES: BodyRule[] = [
  [(activity) => typeof activity.type === 'string' && activity.type !== '', 'the activity has no type'],
  [(activity) => typeof activity.serviceUrl === 'string' && URL.canParse(activity.serviceUrl), 'the activity has no serviceUrl (an absolute URL)'],
  [(activity) => typeof activity.conversation?.id === 'string' && activity.conversation.id !== '', 'the activity has no conversation.id'],
  [(activity) => activity.id === undefined || typeof activity.id === 'string', 'the activity id must be a string'],
  [(activity) => activity.from === undefined || typeof activity.from?.id === 'string', 'the activity from.id must be a string'],
  [(activity) => activity.text === undefined || typeof activity.text === 'string', 'the activity text must be a string'],
  [(activity) => activity.entities === undefined || objects(activity.entities), 'the activity entities must be a list of objects'],
  [(activity) => activity.attachments === undefined || objects(activity.attachments), 'the activity attachments must be a list of objects'],
  [
    (activity) =>
      !(activity.type === 'invoke' && activity.name === 'adaptiveCard/action') ||
      isJsonObject(activity.value?.action?.data),
    'an adaptiveCard/action invoke needs value.action.data, an object'
  ]
]

/** What whoever runs FrogBot can do about a refused request, if Teams sent it. */
function remedy(reason: string): string {
  if (/aud/.test(reason)) return "if Teams sent it, TEAMS_APP_ID (or appId) is not the bot's Microsoft App ID"
  if (/expired|not valid yet/.test(reason)) return "if Teams sent it, check this server's clock (tokens are refused 5 minutes past their times)"
  if (/Authorization/.test(reason)) return 'the Bot Connector signs every activity it sends; this one came from elsewhere'
  return 'the Bot Connector signs every activity with a key of its OpenID metadata (TEAMS_OPENID_METADATA_URL); this one was not'
}

/**
 * Checks a request to the Teams webhook before Chat SDK reads it (docs/pieces/teams.md): the
 * Bot Framework JWT (`botFrameworkAuth`: signature, issuer, audience `appId`, times against
 * `now`, `serviceurl` = the activity's `serviceUrl`, its recipient this bot, the key's
 * endorsements), then the kit's replay guard, keyed on the activity (its conversation, type and
 * id, which Teams keeps when it delivers an activity again: the kit's `deliveryDigest`). A token
 * is reused by the Bot Connector for many activities until it expires, so it carries no time of
 * its own to check freshness against; its expiry is checked instead. Returns the body, or the
 * refusal: `401` for a missing, forged, expired or replayed request, `400` for a verified body
 * that is no activity, `503` when the signing keys cannot be fetched. A refusal changes nothing
 * and is logged (at most once a minute) with what to do if Teams sent it.
 */
export function teamsVerifier({ appId, openIdMetadataUrl, now: clock }: { appId: string; openIdMetadataUrl: string; now: () => number }) {
  const auth = botFrameworkAuth({ appId, openIdMetadataUrl, now: clock })
  return async (request: Request, { state, now, refused, log }: Pick<PieceContext, 'state' | 'now' | 'refused' | 'log'>): Promise<string | Response> => {
    const body = await request.text()
    const checked = await auth(request.headers.get('authorization'))
    if (checked.kind === 'unavailable') {
      log(`could not verify a request to the Teams webhook: ${checked.reason}; answered 503 so that Teams delivers it again`)
      return Response.json({ error: 'The Bot Framework signing keys cannot be fetched now; try again later.', code: 'unavailable' }, { status: 503 })
    }
    const refuse = (reason: string) => refusedRequest(refused, reason, remedy(reason))
    if (checked.kind === 'refused') return refuse(checked.reason)
    const read = checkedBody(body, 'an activity', ACTIVITY_RULES)
    if ('problem' in read) return badRequest(read.problem)
    const activity = read.value as ActivityHead
    const mismatch = activityMismatch(checked, activity, appId)
    if (mismatch) return refuse(mismatch)
    const deliveryId = activity.id && deliveryDigest([activity.conversation.id, activity.type, activity.id])
    const refusal = await replayGuard({ state, now }).admit({ body, ...(deliveryId ? { deliveryId } : {}) })
    return refusal ? unauthorized(refusal.message) : body
  }
}
