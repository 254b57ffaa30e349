import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { adaptiveCardProblems, cardText } from './adaptive-card-rules.ts'
import { APP_ID, APP_PASSWORD, botFrameworkKeys } from './bot-framework-keys.ts'

/** A Teams user the stand-in's rosters know. */
export type StandInUser = { id: string; name: string; email?: string; aadObjectId?: string }

/** One call the piece made to the Bot Connector API: method, path parts, whether targeted, the body, the bot token it sent, and what the stand-in answered. */
export type ConnectorCall = { method: string; conversationId: string; activityId?: string; resource: 'activities' | 'members'; targeted: boolean; body: any; token: string | null; status: number; result: any }

/** What the stand-in's next call of a kind answers instead (`status` with the Bot Connector's error shape), and which calls it applies to. */
type Failure = { status: number; code: string; when: (call: Pick<ConnectorCall, 'method' | 'body' | 'targeted' | 'resource'>) => boolean }

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.statusCode = status
  response.setHeader('content-type', 'application/json')
  response.end(JSON.stringify(body))
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => resolve(body))
  })

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
 *   MessageSizeTooBig`, an invalid card `400 BadArgument` (see `adaptiveCardProblems`).
 * `failNext(status, code, when)` makes the next matching Bot Connector call fail so.
 */
export async function teamsStandIn({ users }: { users: StandInUser[] }) {
  const keys = botFrameworkKeys()
  const calls: ConnectorCall[] = []
  const failures: Failure[] = []
  const counts = { keyFetches: 0, tokenRequests: 0 }
  const directory = new Map(users.map((user) => [user.id, user]))
  const posted = new Set<string>()
  let activityCount = 1_800_000_000_000
  let base = ''

  const token = async (request: IncomingMessage, response: ServerResponse) => {
    counts.tokenRequests++
    const form = new URLSearchParams(await readBody(request))
    if (form.get('grant_type') !== 'client_credentials' || !form.get('client_id') || !form.get('scope')) return json(response, 400, { error: 'invalid_request', error_description: 'AADSTS900144: The request body must contain the following parameter: grant_type, client_id and scope.' })
    if (form.get('client_id') !== APP_ID || form.get('client_secret') !== APP_PASSWORD) return json(response, 401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.\r\nTrace ID: test' })
    json(response, 200, { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: await keys.botToken(form.get('scope')!, 3599) })
  }

  const connector = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    const match = /^\/v3\/conversations\/([^/]+)\/(activities|members)(?:\/([^/]+))?$/.exec(url.pathname)
    if (!match) return json(response, 404, { error: { code: 'NotFound', message: `no such resource ${url.pathname}` } })
    const [, conversation, resource, id] = match
    const text = await readBody(request)
    const call: ConnectorCall = {
      method: request.method ?? 'GET',
      conversationId: decodeURIComponent(conversation),
      ...(id ? { activityId: decodeURIComponent(id) } : {}),
      resource: resource as ConnectorCall['resource'],
      targeted: url.searchParams.get('isTargetedActivity') === 'true',
      body: text ? JSON.parse(text) : null,
      token: request.headers.authorization?.replace(/^Bearer /, '') ?? null,
      status: 0,
      result: null
    }
    const answer = (status: number, result: unknown) => {
      Object.assign(call, { status, result })
      calls.push(call)
      json(response, status, result)
    }
    if (!(await keys.validBotToken(call.token))) return answer(401, { message: 'Authorization has been denied for this request.' })
    const failure = failures.findIndex((candidate) => candidate.when(call))
    if (failure >= 0) {
      const [{ status, code }] = failures.splice(failure, 1)
      return answer(status, { error: { code, message: `${code} (the stand-in was told to fail this call)` } })
    }
    if (call.resource === 'members') {
      const user = call.method === 'GET' && call.activityId ? directory.get(call.activityId) : undefined
      if (!user) return answer(404, { error: { code: 'MemberNotFoundInConversation', message: 'The member was not found in the conversation.' } })
      return answer(200, { id: user.id, name: user.name, aadObjectId: user.aadObjectId, email: user.email, userPrincipalName: user.email, tenantId: 'tenant-1', userRole: 'user' })
    }
    const problems = adaptiveCardProblems(call.body ?? {})
    if (problems.some((problem) => problem.startsWith('the message is'))) return answer(413, { error: { code: 'MessageSizeTooBig', message: problems.join('; ') } })
    if (problems.length > 0) return answer(400, { error: { code: 'BadArgument', message: problems.join('; ') } })
    if (call.method === 'POST' && !call.activityId) {
      if (call.targeted && !call.body?.recipient?.id) return answer(400, { error: { code: 'BadArgument', message: 'A targeted activity needs a recipient.' } })
      const activityId = String(++activityCount)
      posted.add(`${call.conversationId}|${activityId}`)
      return answer(201, { id: activityId })
    }
    if (call.method === 'PUT' && call.activityId) {
      if (!posted.has(`${call.conversationId}|${call.activityId}`)) return answer(404, { error: { code: 'ActivityNotFoundInConversation', message: 'Unknown activity.' } })
      return answer(200, { id: call.activityId })
    }
    answer(405, { error: { code: 'MethodNotAllowed', message: `${call.method} ${url.pathname}` } })
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', base)
    if (request.method === 'GET' && url.pathname === '/v1/.well-known/openidconfiguration') {
      counts.keyFetches++
      return json(response, 200, { issuer: 'https://api.botframework.com', authorization_endpoint: `${base}/v1/.well-known/authorize`, jwks_uri: `${base}/v1/.well-known/keys`, id_token_signing_alg_values_supported: ['RS256'], token_endpoint_auth_methods_supported: ['private_key_jwt'] })
    }
    if (request.method === 'GET' && url.pathname === '/v1/.well-known/keys') {
      counts.keyFetches++
      return json(response, 200, keys.jwks())
    }
    if (request.method === 'POST' && /^\/[^/]+\/oauth2\/v2\.0\/token$/.test(url.pathname)) return void token(request, response)
    void connector(request, response, url).catch((error: unknown) => json(response, 500, { error: { code: 'ServiceError', message: String(error) } }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const accepted = () => calls.filter((call) => call.status < 300)
  const posts = () => accepted().filter((call) => call.method === 'POST' && call.resource === 'activities')
  return {
    url: base,
    openIdMetadataUrl: `${base}/v1/.well-known/openidconfiguration`,
    tokenUrl: `${base}/botframework.com/oauth2/v2.0/token`,
    keys,
    calls,
    counts,
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
    /** Roster lookups so far. */
    memberLookups: () => calls.filter((call) => call.resource === 'members').length,
    failNext: (status: number, code: string, when: Failure['when'] = () => true) => void failures.push({ status, code, when }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}

/** See {@link teamsStandIn}. */
export type TeamsStandIn = Awaited<ReturnType<typeof teamsStandIn>>
