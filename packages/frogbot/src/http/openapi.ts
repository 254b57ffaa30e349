import { z } from 'zod'
import { InboxQuery, InboxSchema } from '@frogbotai/protocol'
import { AgentListSchema, BranchRequest, CallDraftReadSchema, CallDraftSchema, DraftRequest, BranchResultSchema, ChatListQuery, ChatListSchema, ChatReadSchema, ChatResultSchema, EditRequest, ErrorBodySchema as ErrorSchema, LoginRequest, LoginResultSchema, ManifestSchema, MeSchema, PendingListSchema, QueuedMessageSchema, QueuedTurnSchema as QueuedSchema, RenameRequest, RunRequest, SettleRequest, SettleResultSchema, StopRequest, StopResultSchema, TurnResultSchema } from '@frogbotai/protocol'

import { AgUiRunInput } from './ag-ui/ag-ui-input.ts'

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** One endpoint of the HTTP API, described with the same Zod schemas its handler uses. */
export type Endpoint = {
  method: Method
  path: string
  summary: string
  body?: z.ZodType
  query?: z.ZodObject
  responses: Record<number, { description: string; schema?: z.ZodType }>
  /** Also answers an AI SDK UI message stream (`text/event-stream`). */
  streams?: boolean
  public?: boolean
}

// Wherever a bearer token is read (401), too many wrong ones from an address are 429.
const errors = (...statuses: number[]) =>
  Object.fromEntries((statuses.includes(401) ? [...statuses, 429] : statuses).map((status) => [status, { description: ERROR_TEXT[status], schema: ErrorSchema }]))
const ERROR_TEXT: Record<number, string> = {
  400: 'Malformed body (no `code`), `invalid-output`, or `invalid-input` (an edited input of an approval)',
  401: 'Not signed in (`unauthorized`)',
  403: '`forbidden`: the agent or the tool refused the caller',
  404: '`not-found`, `agent-not-found` or `call-not-found`',
  409: '`already-settled`, `already-voted`, `not-awaiting`, `not-queued`, `write-conflict`, `tool-unavailable`, `channel-chat`, `pending-calls`, `turn-in-progress`',
  413: '`payload-too-large`',
  429: '`queue-full`: the chat already holds as many queued messages as it may; `too-many-requests`: too many wrong API tokens from this address, wait `Retry-After` seconds',
  502: '`model-error`: the model failed; what it generated is kept',
  503: '`unavailable`: not ready yet (a channel piece that has not started); retry'
}

const chat = '/api/agents/{slug}/chats/{chatId}'

/** A list's `400`: a query parameter out of its rule, unknown or given twice (no `code`), named in `error`. */
const badQuery = { 400: { description: 'A query parameter out of its rule, unknown, or given twice (no `code`); `error` names it', schema: ErrorSchema } }

/** The body of `GET /api/ready`. */
const checkState = z.enum(['ok', 'failing', 'local'])
const ReadySchema = z.object({ ok: z.boolean(), checks: z.object({ database: checkState, liveStreams: checkState }) })

/** Every endpoint of the FrogBot HTTP API (docs/http/overview.md). */
export const ENDPOINTS: Endpoint[] = [
  { method: 'get', path: '/api/agents', summary: 'Agents the caller may use', responses: { 200: { description: 'The agents', schema: AgentListSchema }, ...errors(401) } },
  {
    method: 'post',
    path: '/api/agents/{slug}',
    summary: 'Run a turn: `{ prompt }`, `{ messages }`, or the body `useChat` sends (also its resubmission after `addToolOutput`, edit and regenerate)',
    body: RunRequest,
    streams: true,
    responses: {
      200: { description: 'The turn result (JSON), or a UI message stream', schema: TurnResultSchema },
      202: { description: 'Queued behind the running turn or the waiting question (a stream answers one transient `data-queued` part)', schema: QueuedSchema },
      ...errors(400, 401, 403, 404, 409, 413, 429, 502)
    }
  },
  {
    method: 'post',
    path: '/api/agents/{slug}/ag-ui',
    summary: 'An AG-UI run (protocol 1.0, docs/protocols/ag-ui.md): `threadId` is the chat; `resume` settles every open interrupt together',
    body: AgUiRunInput,
    responses: {
      200: { description: 'AG-UI events as SSE (`text/event-stream`): RUN_STARTED … RUN_FINISHED, with `outcome: interrupt` and one interrupt per pending call while calls wait' },
      ...errors(400, 401, 403, 404, 409, 413, 429)
    }
  },
  {
    method: 'post',
    path: '/mcp',
    summary: 'The MCP server door (Streamable HTTP, MCP 2026-07-28; docs/protocols/mcp.md): `ask_human` and `agent_<slug>` tools. Only with `mcp: { enabled: true }`; an API token as bearer',
    responses: {
      200: { description: 'A JSON-RPC answer (JSON or SSE)' },
      ...errors(401, 403),
      404: { description: '`not-found`: the MCP door is off (`mcp: { enabled: true }` turns it on)', schema: ErrorSchema },
      406: { description: 'The `Accept` header does not take both `application/json` and `text/event-stream` (Streamable HTTP)' }
    }
  },
  { method: 'get', path: '/api/chats', summary: "The caller's chats of every agent they may use, newest first", query: ChatListQuery, responses: { 200: { description: 'A page of chats', schema: ChatListSchema }, ...errors(401), ...badQuery } },
  {
    method: 'get',
    path: '/api/pending',
    summary: 'The inbox: every call the caller may answer (their web chats, and calls that name them as an assignee), across chats and agents, newest first, each with its chat\'s title; filters `agent`, `kind`, `olderThan`, `newerThan` (a duration such as `2h`, or an ISO time)',
    query: InboxQuery,
    responses: { 200: { description: 'A page of waiting calls', schema: InboxSchema }, ...errors(401), ...badQuery }
  },
  { method: 'get', path: '/api/agents/{slug}/chats', summary: "The caller's chats with this agent, newest first", query: ChatListQuery, responses: { 200: { description: 'A page of chats', schema: ChatListSchema }, ...errors(401, 403, 404), ...badQuery } },
  { method: 'get', path: chat, summary: 'A chat with its messages, turn state, pending calls and queued messages', responses: { 200: { description: 'The chat', schema: ChatReadSchema }, ...errors(401, 403, 404) } },
  {
    method: 'patch',
    path: chat,
    summary: 'Rename a web chat: `{ title }` (1 to 80 characters); a channel conversation is renamed only by its channel (`409 channel-chat`)',
    body: RenameRequest,
    responses: { 200: { description: 'The renamed chat', schema: ChatResultSchema }, ...errors(400, 401, 403, 404, 409, 413) }
  },
  {
    method: 'delete',
    path: chat,
    summary: 'Delete a web chat with its messages, calls and queued messages; refused while a turn runs (`409 turn-in-progress`) and for a channel conversation (`409 channel-chat`)',
    responses: { 204: { description: 'Deleted' }, ...errors(401, 403, 404, 409) }
  },
  { method: 'get', path: `${chat}/pending`, summary: 'The calls still waiting and the turn state', responses: { 200: { description: 'Pending calls', schema: PendingListSchema }, ...errors(401, 403, 404) } },
  {
    method: 'get',
    path: `${chat}/pending/{toolCallId}/draft`,
    summary:
      "The caller's own draft of a waiting call's card (what they have put on it so far; never an " +
      'answer; each person keeps their own): `draft: null` while they keep none; `409 already-settled` ' +
      'once the call settled',
    responses: { 200: { description: 'The draft', schema: CallDraftReadSchema }, ...errors(401, 403, 404, 409) }
  },
  {
    method: 'put',
    path: `${chat}/pending/{toolCallId}/draft`,
    summary:
      "Keep the caller's own draft of a waiting call's card (never another person's): `{ draft }`, " +
      'any JSON but `null`, at most 16 KiB. Deleted when the call settles; never sent to the model',
    body: DraftRequest,
    responses: { 200: { description: 'The draft as kept', schema: CallDraftSchema }, ...errors(400, 401, 403, 404, 409, 413) }
  },
  {
    method: 'delete',
    path: `${chat}/pending/{toolCallId}/draft`,
    summary:
      "Delete the caller's own draft of a waiting call's card; `409 already-settled` once the call settled",
    responses: { 204: { description: 'Deleted (or you kept none)' }, ...errors(401, 403, 404, 409) }
  },
  {
    method: 'post',
    path: `${chat}/settle`,
    summary: 'Settle a pending call: `{ toolCallId, output }` or `{ toolCallId, dismissed: true, reason? }`; a call waiting for approval: `{ toolCallId, approved: true, input?, reason? }` or `{ toolCallId, approved: false, reason? }`',
    body: SettleRequest,
    streams: true,
    responses: { 200: { description: 'The continuation, the calls still waiting (with `vote` after a vote on an approval that needs more people), or the dismissal', schema: SettleResultSchema }, ...errors(400, 401, 403, 404, 409, 413, 502) }
  },
  {
    method: 'post',
    path: `${chat}/stop`,
    summary:
      'Stop: a running turn ends keeping what was generated; the calls of a waiting chat are ' +
      'cancelled. `{ messageId? }`: the assistant message whose run or waiting calls to stop; ' +
      'another turn is left alone (`stopped: false`). Answers once the chat is usable',
    body: StopRequest,
    responses: { 200: { description: 'Whether a turn was stopped', schema: StopResultSchema }, ...errors(400, 401, 403, 404, 409, 413) }
  },
  {
    method: 'put',
    path: `${chat}/messages/{messageId}`,
    summary: 'Edit a user message: later messages are removed and the turn runs again',
    body: EditRequest,
    streams: true,
    responses: { 200: { description: 'The new turn result', schema: TurnResultSchema }, ...errors(400, 401, 403, 404, 409, 413, 502) }
  },
  {
    method: 'patch',
    path: `${chat}/messages/{messageId}`,
    summary: 'Edit a queued message (its sender only, until it starts)',
    body: EditRequest,
    responses: { 200: { description: 'The queued message', schema: QueuedMessageSchema }, ...errors(400, 401, 403, 404, 409, 413) }
  },
  {
    method: 'delete',
    path: `${chat}/messages/{messageId}`,
    summary: 'Delete a queued message (its sender only, until it starts)',
    responses: { 204: { description: 'Deleted' }, ...errors(401, 403, 404, 409) }
  },
  {
    method: 'post',
    path: `${chat}/branch`,
    summary: 'Copy the chat, or up to an assistant message, into a new private chat',
    body: BranchRequest,
    responses: { 201: { description: 'The new chat', schema: BranchResultSchema }, ...errors(400, 401, 403, 404, 413) }
  },
  {
    method: 'get',
    path: `${chat}/stream`,
    summary: 'Join the turn that is streaming now (AI SDK `resume`); 204 when none runs',
    streams: true,
    responses: { 200: { description: 'The UI message stream from the start of the current run' }, 204: { description: 'No turn is streaming' }, ...errors(401, 403, 404) }
  },
  { method: 'get', path: '/api/frogbot', summary: 'Manifest: the caller, the agents they may use, sign-in endpoints (readable before sign-in)', public: true, responses: { 200: { description: 'The manifest', schema: ManifestSchema }, ...errors(401) } },
  {
    method: 'post',
    path: '/api/auth/login',
    summary: 'Sign in with email and password; sets the HttpOnly session cookie',
    body: LoginRequest,
    public: true,
    responses: { 200: { description: 'Signed in', schema: LoginResultSchema }, 401: { description: '`invalid-credentials`', schema: ErrorSchema }, 403: { description: 'Cross-site sign-in', schema: ErrorSchema }, 429: { description: '`too-many-requests`, with `Retry-After`', schema: ErrorSchema }, ...errors(400, 413) }
  },
  { method: 'post', path: '/api/auth/logout', summary: 'End the session and clear its cookie', public: true, responses: { 204: { description: 'Signed out' }, ...errors(403) } },
  { method: 'get', path: '/api/auth/me', summary: 'The signed-in caller and how they authenticated', responses: { 200: { description: 'The caller', schema: MeSchema }, ...errors(401) } },
  {
    method: 'post',
    path: '/api/webhooks/{instance}',
    summary: "A channel platform's events for the channel piece of that instance name (the piece verifies the request)",
    public: true,
    responses: {
      200: { description: 'What the piece answers the platform' },
      400: { description: '`bad-request`: a verified request whose body the piece cannot read', schema: ErrorSchema },
      401: { description: '`unauthorized`: the piece refused the request (signature, timestamp, replay)', schema: ErrorSchema },
      ...errors(404, 413, 503)
    }
  },
  { method: 'get', path: '/api/health', summary: 'Liveness: the process answers (reaches nothing else)', public: true, responses: { 200: { description: 'OK', schema: z.object({ ok: z.literal(true) }) } } },
  {
    method: 'get',
    path: '/api/ready',
    summary: 'Readiness: the database answers `select 1` and the live streams\' Redis answers `PING` (each within 2 s)',
    public: true,
    responses: {
      200: { description: 'Ready', schema: ReadySchema },
      503: { description: 'A dependency failed (`checks` says which), or the process is shutting down (`closed`)', schema: z.union([ReadySchema, ErrorSchema]) }
    }
  },
  { method: 'get', path: '/api/openapi.json', summary: 'This document', public: true, responses: { 200: { description: 'OpenAPI 3.1' } } }
]

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>
  return rest
}

/** What every route answers while the server shuts down (docs/http/overview.md). */
const CLOSED = '`closed`: the server is shutting down; retry on another server or once it is back'

/** What a route that takes no query parameter answers to one (docs/http/overview.md). */
const QUERY_REFUSED = 'a query parameter, which this route does not take (no `code`; `error` names it)'

/**
 * An endpoint's responses with what every route may answer: `400` to a query parameter it does
 * not take (every route but a webhook, whose platform adds its own, refuses an unknown one; those
 * without a `query` of their own, any at all), and `503` `closed` while the server shuts down.
 */
function withEveryRouteAnswers({ path, query, responses }: Endpoint): Endpoint['responses'] {
  const also = (given: Endpoint['responses'][number] | undefined, text: string) =>
    given ? { ...given, description: `${given.description}; ${text}` } : { description: text, schema: ErrorSchema }
  const closing = also(responses[503], CLOSED)
  if (path.startsWith('/api/webhooks/') || query) return { ...responses, 503: closing }
  return { ...responses, 400: also(responses[400], QUERY_REFUSED), 503: closing }
}

/** The OpenAPI 3.1 document of `endpoints`, generated from their Zod schemas. */
export function openApiDocument(endpoints: Endpoint[] = ENDPOINTS, { version = '0.1.0' } = {}) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const endpoint of endpoints) {
    const parameters = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }))
    for (const [name, field] of Object.entries(endpoint.query?.shape ?? {})) {
      parameters.push({ name, in: 'query', required: !(field as z.ZodType).safeParse(undefined).success, schema: jsonSchema(field as z.ZodType, 'input') as never })
    }
    const responses = Object.fromEntries(
      Object.entries(withEveryRouteAnswers(endpoint)).map(([status, response]) => {
        const content: Record<string, unknown> = {}
        if (response.schema) content['application/json'] = { schema: jsonSchema(response.schema, 'output') }
        if (endpoint.streams && status === '200') content['text/event-stream'] = { schema: { type: 'string', description: 'AI SDK UI message stream (SSE)' } }
        return [status, { description: response.description, ...(Object.keys(content).length ? { content } : {}) }]
      })
    )
    paths[endpoint.path] ??= {}
    paths[endpoint.path][endpoint.method] = {
      summary: endpoint.summary,
      operationId: `${endpoint.method}${endpoint.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? '').toUpperCase())}`,
      ...(parameters.length ? { parameters } : {}),
      ...(endpoint.body ? { requestBody: { required: !endpoint.body.safeParse({}).success, content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } } } } : {}),
      ...(endpoint.public ? { security: [] } : {}),
      responses
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'FrogBot HTTP API', version, description: 'Agents that pause mid-reply to ask a person, then continue the same reply.' },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An API token from `frogbot tokens create`' },
        session: { type: 'apiKey', in: 'cookie', name: 'frogbot_session', description: 'The session cookie `POST /api/auth/login` sets' }
      }
    },
    security: [{ bearer: [] }, { session: [] }, {}],
    paths
  }
}
