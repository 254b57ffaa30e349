import { type StandInAnswer, type StandInRequest, standInServer } from 'frogbot/testing'
import { adaptiveCardProblems, cardText } from './adaptive-card-rules.ts'
import { APP_ID, APP_PASSWORD, botFrameworkKeys } from './bot-framework-keys.ts'

/** A Teams user the stand-in's rosters know. */
export type StandInUser = { id: string; name: string; email?: string; aadObjectId?: string }

/** One call the piece made to the Bot Connector API: method, path parts, whether targeted, the body, the bot token it sent, and what the stand-in answered. */
export type ConnectorCall = { method: string; conversationId: string; activityId?: string; resource: 'activities' | 'members'; targeted: boolean; body: any; token: string | null; status: number; result: any }

/** The Bot Connector's resources: `/v3/conversations/{id}/activities[/{activityId}]` and `/v3/conversations/{id}/members/{userId}`. */
const CONNECTOR = /^\/v3\/conversations\/([^/]+)\/(activities|members)(?:\/([^/]+))?$/

/** A request to the Bot Connector as a {@link ConnectorCall} (before its answer), or `null` for a request elsewhere. */
function connectorCall(request: StandInRequest): Omit<ConnectorCall, 'status' | 'result'> | null {
  const match = CONNECTOR.exec(request.path)
  if (!match) return null
  const [, conversation, resource, id] = match
  return {
    method: request.method,
    conversationId: decodeURIComponent(conversation),
    ...(id ? { activityId: decodeURIComponent(id) } : {}),
    resource: resource as ConnectorCall['resource'],
    targeted: request.url.searchParams.get('isTargetedActivity') === 'true',
    body: request.body ? JSON.parse(request.body) : null,
    token: request.headers.authorization?.replace(/^Bearer /, '') ?? null
  }
}

/** The login endpoint's token path: `/<tenant>/oauth2/v2.0/token`. */
const TOKEN = /^\/[^/]+\/oauth2\/v2\.0\/token$/

/** The Bot Connector's "Create conversation": `POST /v3/conversations`. */
const CONVERSATIONS = '/v3/conversations'

/** The id of the bot's 1:1 conversation with a user, as the stand-in opens it (the tests' `personalChat`). */
const personalOf = (userId: string) => `a:1personal-${userId.replace(/\W/g, '')}`

const error = (status: number, code: string, message: string) => ({ status, json: { error: { code, message } } })

/**
 * A stand-in on 127.0.0.1 for everything of Microsoft's the Teams piece talks to, recording what
 * it does:
 * - the Bot Framework OpenID metadata (`GET /v1/.well-known/openidconfiguration`) and its JWKS
 *   (`GET /v1/.well-known/keys`, keys endorsed for `msteams`), counted in `keyFetches`;
 * - the login endpoint's client-credentials grant (`POST /<tenant>/oauth2/v2.0/token`, Microsoft
 *   identity platform "OAuth 2.0 client credentials flow": `400 invalid_request` without the
 *   grant's fields, `401 invalid_client` for another secret), in `tokenRequests`;
 * - the Bot Connector API (learn.microsoft.com "API reference", Bot Connector service): `POST
 *   /v3/conversations/{id}/activities` (`201 {id}`; `?isTargetedActivity=true` for a targeted
 *   message, which needs a recipient), `PUT …/activities/{activityId}` (`200 {id}`; `404
 *   ActivityNotFoundInConversation` for an activity never posted), `GET …/members/{userId}`
 *   (`404 MemberNotFoundInConversation` for a user not in `users`); every call needs a token the
 *   login endpoint issued (`401` otherwise); a message over 100 KB as UTF-16 is `413
 *   MessageSizeTooBig`, an invalid card `400 BadArgument` (see `adaptiveCardProblems`);
 *   `POST /v3/conversations` ("Create conversation") opens the bot's 1:1 chat with a user in
 *   `users` (`201 {id}`, the tests' `personalChat` of them; `404` for another, `403` for another
 *   tenant), listed by `opened()`.
 * `failNext(status, code, when)` makes the next matching Bot Connector call fail so. The server,
 * its record and its failures are `frogbot/testing`'s `standInServer`.
 */
export async function teamsStandIn({ users }: { users: StandInUser[] }) {
  const keys = botFrameworkKeys()
  const directory = new Map(users.map((user) => [user.id, user]))
  const posted = new Set<string>()
  let activityCount = 1_800_000_000_000

  const token = async (request: StandInRequest): Promise<StandInAnswer> => {
    const form = new URLSearchParams(request.body)
    if (form.get('grant_type') !== 'client_credentials' || !form.get('client_id') || !form.get('scope')) return { status: 400, json: { error: 'invalid_request', error_description: 'AADSTS900144: The request body must contain the following parameter: grant_type, client_id and scope.' } }
    if (form.get('client_id') !== APP_ID || form.get('client_secret') !== APP_PASSWORD) return { status: 401, json: { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.\r\nTrace ID: test' } }
    return { status: 200, json: { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: await keys.botToken(form.get('scope')!, 3599) } }
  }

  const connector = async (call: Omit<ConnectorCall, 'status' | 'result'>): Promise<StandInAnswer> => {
    if (!(await keys.validBotToken(call.token))) return { status: 401, json: { message: 'Authorization has been denied for this request.' } }
    if (call.resource === 'members') {
      const user = call.method === 'GET' && call.activityId ? directory.get(call.activityId) : undefined
      if (!user) return error(404, 'MemberNotFoundInConversation', 'The member was not found in the conversation.')
      return { status: 200, json: { id: user.id, name: user.name, aadObjectId: user.aadObjectId, email: user.email, userPrincipalName: user.email, tenantId: 'tenant-1', userRole: 'user' } }
    }
    const problems = adaptiveCardProblems(call.body ?? {})
    if (problems.some((problem) => problem.startsWith('the message is'))) return error(413, 'MessageSizeTooBig', problems.join('; '))
    if (problems.length > 0) return error(400, 'BadArgument', problems.join('; '))
    if (call.method === 'POST' && !call.activityId) {
      if (call.targeted && !call.body?.recipient?.id) return error(400, 'BadArgument', 'A targeted activity needs a recipient.')
      const activityId = String(++activityCount)
      posted.add(`${call.conversationId}|${activityId}`)
      return { status: 201, json: { id: activityId } }
    }
    if (call.method === 'PUT' && call.activityId) {
      if (!posted.has(`${call.conversationId}|${call.activityId}`)) return error(404, 'ActivityNotFoundInConversation', 'Unknown activity.')
      return { status: 200, json: { id: call.activityId } }
    }
    return error(405, 'MethodNotAllowed', `${call.method} ${call.conversationId}`)
  }

  /** "Create conversation" of a 1:1 chat: the bot, one member the stand-in knows, a tenant, not a group; `201 {id}`, the same id for the same user. */
  const openConversation = async (request: StandInRequest): Promise<StandInAnswer> => {
    if (!(await keys.validBotToken(request.headers.authorization?.replace(/^Bearer /, '') ?? null))) return { status: 401, json: { message: 'Authorization has been denied for this request.' } }
    const body = request.body ? JSON.parse(request.body) : {}
    if (body.bot?.id !== `28:${APP_ID}`) return error(400, 'BadArgument', 'The bot is not this app.')
    if (body.isGroup !== false || !Array.isArray(body.members) || body.members.length !== 1) return error(400, 'BadArgument', 'A 1:1 conversation needs isGroup false and one member.')
    if (body.tenantId !== 'tenant-1') return error(403, 'Forbidden', 'Unknown tenant.')
    const user = directory.get(body.members[0]?.id)
    if (!user) return error(404, 'NotFound', 'The user is not known in this tenant.')
    return { status: 201, json: { id: personalOf(user.id) } }
  }

  const server = await standInServer(async (request) => {
    if (request.method === 'POST' && request.path === CONVERSATIONS) return openConversation(request)
    if (request.method === 'GET' && request.path === '/v1/.well-known/openidconfiguration') {
      const base = server.url
      return { status: 200, json: { issuer: 'https://api.botframework.com', authorization_endpoint: `${base}/v1/.well-known/authorize`, jwks_uri: `${base}/v1/.well-known/keys`, id_token_signing_alg_values_supported: ['RS256'], token_endpoint_auth_methods_supported: ['private_key_jwt'] } }
    }
    if (request.method === 'GET' && request.path === '/v1/.well-known/keys') return { status: 200, json: keys.jwks() }
    if (request.method === 'POST' && TOKEN.test(request.path)) return token(request)
    const call = connectorCall(request)
    return call ? connector(call) : error(404, 'NotFound', `no such resource ${request.path}`)
  })
  const base = server.url

  /** The calls of the Bot Connector so far, oldest first, with what the stand-in answered. */
  const connectorCalls = (): ConnectorCall[] => server.calls.flatMap((recorded) => {
    const call = CONNECTOR.test(recorded.path) ? connectorCall(recorded) : null
    return call ? [{ ...call, status: recorded.status, result: recorded.answer as any }] : []
  })
  const accepted = () => connectorCalls().filter((call) => call.status < 300)
  const posts = () => accepted().filter((call) => call.method === 'POST' && call.resource === 'activities')
  return {
    url: base,
    openIdMetadataUrl: `${base}/v1/.well-known/openidconfiguration`,
    tokenUrl: `${base}/botframework.com/oauth2/v2.0/token`,
    keys,
    /** The calls of the Bot Connector so far (see {@link ConnectorCall}). */
    get calls() {
      return connectorCalls()
    },
    /** How many times the keys (the metadata and the JWKS) and the bot's token were asked for. */
    counts: {
      get keyFetches() {
        return server.callsTo('GET', /^\/v1\/\.well-known\/(openidconfiguration|keys)$/).length
      },
      get tokenRequests() {
        return server.callsTo('POST', TOKEN).length
      }
    },
    /** The question cards posted so far, oldest first: the activity id each got, its conversation, the card and its summary. */
    cards: () =>
      posts()
        .filter((call) => call.body?.attachments?.length)
        .map((call) => ({ id: call.result.id as string, conversationId: call.conversationId, card: call.body.attachments[0].content, summary: call.body.summary as string, text: cardText(call.body.attachments[0].content) })),
    /** The updates of activity `id`, oldest first: the card that replaced it and what it says. */
    updatesOf: (id: string) => accepted().filter((call) => call.method === 'PUT' && call.activityId === id).map((call) => ({ card: call.body.attachments?.[0]?.content, summary: call.body.summary as string, text: cardText(call.body.attachments?.[0]?.content) })),
    /** The targeted messages posted so far: to whom, where and what. */
    targeted: () => posts().filter((call) => call.targeted).map((call) => ({ to: call.body.recipient.id as string, conversationId: call.conversationId, text: call.body.text as string })),
    /** The messages posted so far that are neither cards nor targeted (replies, and notices in personal chats), in order. */
    messages: () => posts().filter((call) => !call.targeted && !call.body?.attachments?.length && call.body?.type === 'message').map((call) => ({ conversationId: call.conversationId, text: call.body.text as string, textFormat: call.body.textFormat as string | undefined, entities: call.body.entities })),
    /** The 1:1 conversations opened so far ("Create conversation" answered 201): with whom, and the id each got. */
    opened: () => server.callsTo('POST', /^\/v3\/conversations$/).filter((call) => call.status === 201).map((call) => ({ userId: JSON.parse(call.body).members[0].id as string, id: (call.answer as { id: string }).id })),
    /** Roster lookups so far. */
    memberLookups: () => connectorCalls().filter((call) => call.resource === 'members').length,
    /** Makes the next Bot Connector call `when` matches fail with `status` and the Bot Connector's error `code`. */
    failNext: (status: number, code: string, when: (call: Omit<ConnectorCall, 'status' | 'result'>) => boolean = () => true) => {
      const matching = (request: StandInRequest) => {
        const call = connectorCall(request)
        return call !== null && when(call)
      }
      server.failNext({ when: matching }, error(status, code, `${code} (the stand-in was told to fail this call)`))
    },
    close: server.close
  }
}

/** See {@link teamsStandIn}. */
export type TeamsStandIn = Awaited<ReturnType<typeof teamsStandIn>>
