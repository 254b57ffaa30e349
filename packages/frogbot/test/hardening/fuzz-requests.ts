import fc from 'fast-check'
import { colorQuestion } from '../../src/testing/scripted-model.ts'
import type { Fixture } from './fuzz-app.ts'
import { hostileBody, hostileJson, idOr, nastyString } from './hostile-values.ts'

// Generated requests for the HTTP fuzz suite. Ids of the fixture chats appear as placeholders
// (`$A`, `$A.call`, ...; see `resolve`), so one generated case runs against whichever fixture is
// current and a failing case prints readably.

/** One generated request: method, path and body with placeholders, and the header variant. */
export type FuzzCase = { method: string; path: string; body: string | Uint8Array<ArrayBuffer> | undefined; headers: HeaderCase }

/** Header variants: who calls and how the request presents itself. */
export type HeaderCase = {
  auth: 'ada' | 'ada-lowercase' | 'bob' | 'none' | 'unknown-token' | 'empty-bearer' | 'basic' | 'huge'
  cookie: 'none' | 'session' | 'stale-session' | 'garbage'
  origin: 'none' | 'same' | 'foreign' | 'null' | 'same-referer' | 'bad-referer'
  contentType: 'json' | 'none' | 'text' | 'multipart' | 'json-latin1' | 'garbage'
  accept: 'none' | 'json' | 'event-stream' | 'any' | 'garbage'
  contentLength: 'true' | 'zero' | 'small' | 'huge' | 'garbage'
  address: 'none' | 'ipv4' | 'ipv6' | 'mapped' | 'garbage'
}

const weighted = <T>(common: T, ...others: T[]): fc.Arbitrary<T> =>
  fc.oneof({ weight: 3 * Math.max(1, others.length), arbitrary: fc.constant(common) }, ...others.map((value) => ({ weight: 1, arbitrary: fc.constant(value) })))

/** Every header variant, each field mostly Ada's plain one. */
const anyHeaderCase: fc.Arbitrary<HeaderCase> = fc.record({
  auth: weighted<HeaderCase['auth']>('ada', 'ada-lowercase', 'bob', 'none', 'unknown-token', 'empty-bearer', 'basic', 'huge'),
  cookie: weighted<HeaderCase['cookie']>('none', 'session', 'stale-session', 'garbage'),
  origin: weighted<HeaderCase['origin']>('none', 'same', 'foreign', 'null', 'same-referer', 'bad-referer'),
  contentType: weighted<HeaderCase['contentType']>('json', 'none', 'text', 'multipart', 'json-latin1', 'garbage'),
  accept: weighted<HeaderCase['accept']>('none', 'json', 'event-stream', 'any', 'garbage'),
  contentLength: weighted<HeaderCase['contentLength']>('true', 'zero', 'small', 'huge', 'garbage'),
  address: weighted<HeaderCase['address']>('none', 'ipv4', 'ipv6', 'mapped', 'garbage')
})
const plainHeaders: HeaderCase = { auth: 'ada', cookie: 'none', origin: 'none', contentType: 'json', accept: 'none', contentLength: 'true', address: 'none' }
/** Half the requests come plainly from Ada (JSON or a stream), so they reach the engine; the rest vary every header. */
export const headerCase = fc.oneof(fc.constant(plainHeaders), fc.constant({ ...plainHeaders, accept: 'event-stream' as const }), anyHeaderCase, anyHeaderCase)

/** Credentials the header variants use. */
export type Credentials = { adaToken: string; bobToken: string; sessionToken: string }

/** The headers of a variant (`body` decides the honest Content-Length). */
export function headersOf(variant: HeaderCase, credentials: Credentials, body: string | Uint8Array<ArrayBuffer> | undefined): Headers {
  const headers = new Headers()
  const auth: Record<HeaderCase['auth'], string | null> = {
    ada: `Bearer ${credentials.adaToken}`,
    'ada-lowercase': `bearer   ${credentials.adaToken}`,
    bob: `Bearer ${credentials.bobToken}`,
    none: null,
    'unknown-token': 'Bearer fbt_0000000000000000000000000000000000000000000',
    'empty-bearer': 'Bearer ',
    basic: 'Basic YWRhOnBhc3N3b3Jk',
    huge: `Bearer ${'A'.repeat(20_000)}`
  }
  if (auth[variant.auth] !== null) headers.set('authorization', auth[variant.auth]!)
  const cookie = { none: null, session: `frogbot_session=${credentials.sessionToken}`, 'stale-session': 'frogbot_session=ended-long-ago', garbage: 'frogbot_session=; =;;; a=%ZZ' }[variant.cookie]
  if (cookie) headers.set('cookie', cookie)
  const origin = { none: null, same: ['origin', 'http://localhost'], foreign: ['origin', 'https://evil.example'], null: ['origin', 'null'], 'same-referer': ['referer', 'http://localhost/app'], 'bad-referer': ['referer', 'not a url'] }[variant.origin]
  if (origin) headers.set(origin[0], origin[1])
  const contentType = { json: 'application/json', none: null, text: 'text/plain', multipart: 'multipart/form-data; boundary=x', 'json-latin1': 'application/json; charset=latin1', garbage: ';;/=' }[variant.contentType]
  if (contentType) headers.set('content-type', contentType)
  const accept = { none: null, json: 'application/json', 'event-stream': 'text/event-stream', any: '*/*', garbage: 'text/event-stream;q=nope, ,,' }[variant.accept]
  if (accept) headers.set('accept', accept)
  const size = body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength
  const length = { true: null, zero: '0', small: String(Math.max(0, size - 3)), huge: '99999999999', garbage: '-1, 12' }[variant.contentLength]
  if (length !== null && body !== undefined) headers.set('content-length', length)
  const address = { none: null, ipv4: '203.0.113.7', ipv6: '2001:db8:1:2::7', mapped: '::ffff:198.51.100.1', garbage: '::::zz%eth0' }[variant.address]
  if (address) headers.set('x-fuzz-address', address)
  return headers
}

/** Replaces the placeholders of `text` with the fixture's ids. */
export function resolve(text: string, fixture: Fixture): string {
  const ids: Record<string, string> = {
    $A: fixture.awaiting.chatId,
    '$A.call': fixture.awaiting.toolCallId,
    '$A.msg': fixture.awaiting.messageId,
    '$A.queued': fixture.awaiting.queuedId,
    $O: fixture.open.chatId,
    '$O.call': fixture.open.toolCallId,
    '$O.msg': fixture.open.messageId,
    '$O.queued': fixture.open.queuedId,
    $I: fixture.idle.chatId,
    '$I.user': fixture.idle.userMessageId,
    '$I.assistant': fixture.idle.assistantMessageId
  }
  return text.replace(/\$[AIO](\.(call|msg|queued|user|assistant))?/g, (placeholder) => ids[placeholder] ?? placeholder)
}

/** A path segment: a placeholder as is, anything else percent-encoded (lone surrogates made well-formed first). */
export const segment = (value: string) => (/^\$[AIO](\.\w+)?$/.test(value) ? value : encodeURIComponent(value.toWellFormed()))

const slug = fc.oneof({ weight: 9, arbitrary: fc.constantFrom('planner', 'planner', 'open') }, { weight: 1, arbitrary: nastyString.filter((value) => value.length < 2000) })
const chatRef = fc.oneof({ weight: 4, arbitrary: fc.constantFrom('$A', '$I', '$O') }, { weight: 1, arbitrary: idOr('$A') })
const answer = fc.oneof(
  fc.constant({ answers: [{ header: 'Color', selected: ['Red'] }] }),
  fc.constant({ answers: [{ header: 'Color', selected: [], custom: 'Teal' }] }),
  fc.record({ answers: fc.array(fc.record({ header: fc.oneof(fc.constant('Color'), nastyString), selected: fc.array(fc.oneof(fc.constantFrom('Red', 'Blue'), nastyString), { maxLength: 3 }), custom: fc.option(nastyString, { nil: undefined }) }, { requiredKeys: ['header', 'selected'] }), { maxLength: 3 }) }),
  hostileJson
)

const textPart = fc.record({ type: fc.constant('text'), text: nastyString })
const filePart = fc.record({
  type: fc.constant('file'),
  mediaType: fc.oneof(fc.constantFrom('image/png', 'text/plain', 'application/pdf'), nastyString),
  url: fc.oneof(
    fc.constantFrom('data:image/png;base64,iVBORw0KGgo=', 'data:text/plain,hello', 'data:;base64,!!!', 'https://example.com/a.png', 'http://127.0.0.1:5432/', 'http://[::1]/', 'file:///etc/passwd', 'javascript:alert(1)', 'https://user:pw@169.254.169.254/latest'),
    nastyString
  ),
  filename: fc.option(nastyString, { nil: undefined })
}, { requiredKeys: ['type', 'mediaType', 'url'] })
const userPart = fc.oneof({ weight: 4, arbitrary: textPart }, { weight: 2, arbitrary: filePart }, { weight: 1, arbitrary: fc.record({ type: nastyString, text: nastyString }) }, { weight: 1, arbitrary: hostileJson })
const userMessage = fc.record({
  id: fc.option(nastyString, { nil: undefined }),
  role: fc.oneof({ weight: 5, arbitrary: fc.constant('user') }, { weight: 1, arbitrary: fc.constantFrom('system', 'assistant', 'tool', '') }),
  parts: fc.array(userPart, { minLength: 0, maxLength: 4 })
}, { requiredKeys: ['role', 'parts'] })

const answeredPart = fc.record({
  type: fc.constant('tool-question'),
  toolCallId: fc.constant('$A.call'),
  state: fc.constant('output-available'),
  input: fc.constant(colorQuestion),
  output: fc.constantFrom({ answers: [{ header: 'Color', selected: ['Blue'] }] }, { answers: [{ header: 'Color', selected: [], custom: 'Teal' }] })
})
const dismissedPart = fc.record({
  type: fc.constant('tool-question'),
  toolCallId: fc.constant('$A.call'),
  state: fc.constant('output-error'),
  input: fc.constant(colorQuestion),
  errorText: fc.constantFrom('Dismissed by the user.', 'Dismissed by the user. Reason: later')
})
const anyToolPart = fc.record({
  type: fc.oneof({ weight: 4, arbitrary: fc.constant('tool-question') }, { weight: 1, arbitrary: fc.constantFrom('tool-pick_file', 'tool-lookup', 'dynamic-tool', 'step-start') }),
  toolCallId: idOr('$A.call'),
  state: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('output-available', 'output-error') }, { weight: 1, arbitrary: fc.constantFrom('input-available', 'input-streaming', 'approval-requested') }, { weight: 1, arbitrary: nastyString }),
  input: fc.oneof(fc.constant(colorQuestion), hostileJson),
  output: answer,
  errorText: fc.oneof(fc.constantFrom('Dismissed by the user.', 'Dismissed by the user. Reason: not now', `Dismissed by the user. Reason: ${'r'.repeat(1001)}`), nastyString)
}, { requiredKeys: ['type', 'toolCallId', 'state'] })
const toolPart = fc.oneof({ weight: 2, arbitrary: answeredPart }, { weight: 1, arbitrary: dismissedPart }, { weight: 3, arbitrary: anyToolPart })

/** A path to the right chat (and message) most of the time, to any generated one otherwise. */
function chatPath(chat: string, tail: string, message?: fc.Arbitrary<string>, right?: string): fc.Arbitrary<string> {
  const build = ([agent, chatId, messageId]: [string, string, string | undefined]) =>
    `/api/agents/${segment(agent)}/chats/${segment(chatId)}${messageId === undefined ? '' : `/messages/${segment(messageId)}`}${tail}`
  const exact = fc.constant<[string, string, string | undefined]>([chat.startsWith('$O') ? 'open' : 'planner', chat, right])
  const generated = fc.tuple(slug, chatRef, message ?? fc.constant(undefined))
  return fc.oneof(exact, generated).map(build)
}

/** The endpoints of the issue, each with its method, path and a generator of bodies near its schema. */
export const endpoints: {
  name: string
  method: string
  path: fc.Arbitrary<string>
  body: fc.Arbitrary<Record<string, unknown>> | null
  /** Statuses that show a request got past the door (default: accepted). */
  reached?: (status: number) => boolean
}[] = [
  {
    name: 'turn (POST /api/agents/:slug)',
    method: 'POST',
    path: slug.map((value) => `/api/agents/${segment(value)}`),
    body: fc.oneof(
      fc.record({ prompt: fc.oneof(fc.constantFrom('hello', 'please ask me', 'a file please'), nastyString), chatId: fc.oneof(chatRef, fc.stringMatching(/^[\w-]{0,130}$/)) }, { requiredKeys: ['prompt'] }),
      fc.record({
        messages: fc.array(userMessage, { minLength: 0, maxLength: 3 }),
        chatId: chatRef,
        id: chatRef,
        trigger: fc.oneof(fc.constantFrom('submit-message', 'regenerate-message'), nastyString),
        messageId: fc.oneof(fc.constantFrom('$I.user', '$I.assistant', '$A.queued'), nastyString)
      }, { requiredKeys: ['messages'] })
    )
  },
  {
    name: 'settle (POST …/chats/:chatId/settle)',
    method: 'POST',
    path: fc.oneof(chatPath('$A', '/settle'), chatPath('$O', '/settle')),
    body: fc.oneof(
      fc.record({ toolCallId: fc.oneof(idOr('$A.call'), idOr('$O.call')), output: answer }),
      fc.record({ toolCallId: fc.oneof(idOr('$A.call'), idOr('$O.call')), dismissed: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: hostileJson }), reason: nastyString }, { requiredKeys: ['toolCallId', 'dismissed'] })
    )
  },
  {
    name: 'resubmission (useChat body after addToolOutput)',
    method: 'POST',
    path: slug.map((value) => `/api/agents/${segment(value)}`),
    body: fc.record({
      id: fc.oneof(fc.constant('$A'), chatRef),
      trigger: fc.constant('submit-message'),
      messages: fc.tuple(
        fc.array(userMessage, { maxLength: 1 }),
        fc.oneof({ weight: 2, arbitrary: toolPart.map((part) => [{ type: 'step-start' }, part]) }, { weight: 1, arbitrary: fc.array(fc.oneof(toolPart, fc.constant({ type: 'step-start' }), textPart), { maxLength: 4 }) }),
        idOr('$A.msg')
      ).map(([before, parts, id]) => [...before, { id, role: 'assistant', parts }])
    }, { requiredKeys: ['messages'] })
  },
  {
    name: 'branch (POST …/chats/:chatId/branch)',
    method: 'POST',
    path: chatPath('$I', '/branch'),
    body: fc.record({ messageId: fc.oneof(fc.constantFrom('$I.assistant', '$I.user', '$A.msg', '$A.queued'), nastyString) }, { requiredKeys: [] })
  },
  {
    name: 'edit (PUT …/chats/:chatId/messages/:messageId)',
    method: 'PUT',
    path: chatPath('$I', '', fc.oneof(fc.constantFrom('$I.user', '$I.assistant', '$A.queued', '$A.msg'), nastyString), '$I.user'),
    body: fc.record({ text: fc.oneof(fc.constant('Edited text'), nastyString) })
  },
  {
    name: 'stop (POST …/chats/:chatId/stop)',
    method: 'POST',
    path: fc.oneof(chatPath('$A', '/stop'), chatPath('$I', '/stop'), chatPath('$O', '/stop')),
    body: fc.record(
      { messageId: fc.oneof(fc.constantFrom('$A.msg', '$I.assistant', '$I.user'), nastyString) },
      { requiredKeys: [] }
    )
  },
  {
    name: 'queued message (PATCH and DELETE …/messages/:messageId)',
    method: 'PATCH',
    path: fc.oneof(
      chatPath('$A', '', fc.oneof(fc.constantFrom('$A.queued', '$A.msg', '$I.user', '$O.queued'), nastyString), '$A.queued'),
      chatPath('$O', '', fc.oneof(fc.constantFrom('$O.queued', '$O.msg', '$A.queued'), nastyString), '$O.queued')
    ),
    body: fc.record({ text: fc.oneof(fc.constant('Changed my mind'), nastyString) })
  },
  {
    name: 'sign-in (POST /api/auth/login)',
    method: 'POST',
    path: fc.constant('/api/auth/login'),
    // Wrong passwords soon hold the account (429), the right one included: reaching the check is what counts.
    reached: (status) => status === 200 || status === 401 || status === 429,
    body: fc.record({
      // Each new email costs a real scrypt hash (about 0.3–1 s on two busy cores): few of them.
      email: fc.oneof({ weight: 15, arbitrary: fc.constantFrom('ada@example.com', 'ADA@example.com ', 'nobody@example.com') }, { weight: 1, arbitrary: nastyString }),
      password: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('correct horse battery', 'wrong password') }, { weight: 1, arbitrary: nastyString })
    })
  }
]

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/** Requests to one endpoint: mostly its own method (PATCH or DELETE for queued messages), sometimes another. */
export function fuzzCase(endpoint: (typeof endpoints)[number]): fc.Arbitrary<FuzzCase> {
  const own = endpoint.method === 'PATCH' ? fc.constantFrom('PATCH', 'PATCH', 'DELETE') : fc.constant(endpoint.method)
  const method = fc.oneof({ weight: 8, arbitrary: own }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) })
  const body = endpoint.body ? hostileBody(endpoint.body) : fc.constant(undefined)
  return fc.record({ method, path: endpoint.path, body, headers: headerCase }).map((request) =>
    request.method === 'GET' || request.method === 'HEAD' ? { ...request, body: undefined } : request
  )
}
