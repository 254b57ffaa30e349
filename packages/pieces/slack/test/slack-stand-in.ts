import { type StandInRequest, standInServer } from 'frogbot/testing'

/** One call the piece made to Slack's Web API: the method (`chat.postMessage`), its arguments, the token it sent and what the stand-in answered. */
export type SlackCall = { method: string; args: Record<string, any>; token: string | null; result: Record<string, any> }

/** A Slack user the stand-in knows (`users.info`). */
export type StandInUser = { id: string; name: string; email?: string }

export const BOT_USER_ID = 'UFROGBOT'
export const TEAM_ID = 'T0TEAM'

/** Reads a Web API request body: form fields (objects arrive as JSON text) or JSON. */
function parseArgs(body: string, contentType: string): Record<string, any> {
  if (contentType.includes('json')) return body ? JSON.parse(body) : {}
  const args: Record<string, any> = {}
  for (const [key, value] of new URLSearchParams(body)) {
    try {
      args[key] = /^[[{]/.test(value) ? JSON.parse(value) : value
    } catch {
      args[key] = value
    }
  }
  return args
}

/** The Web API method a request calls (`/api/chat.postMessage`). */
const methodOf = (request: StandInRequest) => request.path.replace(/^\/api\//, '')

/** A request's Web API arguments. */
const argsOf = (request: StandInRequest) => parseArgs(request.body, String(request.headers['content-type'] ?? ''))

/**
 * What Slack's Block Kit reference (docs.slack.dev, "Blocks", "Block elements", "Composition
 * objects") forbids in `blocks`, as Slack refuses it (`invalid_blocks`): more than `maxBlocks`
 * blocks (50 in a message, 100 in a modal), more than 25 elements in an actions block, more than
 * 10 options in checkboxes or radio buttons, more than 100 options or 100 option groups (each of
 * at most 100) in a select menu, and plain text beyond its field's length (button and option
 * text 75, section text 3000, placeholder 150, input label 2000). Returns each problem.
 */
export function blockKitProblems(blocks: unknown, maxBlocks: number): string[] {
  if (!Array.isArray(blocks)) return ['blocks must be an array']
  const problems: string[] = []
  if (blocks.length > maxBlocks) problems.push(`${blocks.length} blocks, more than ${maxBlocks}`)
  const text = (value: any, max: number, where: string) => {
    if (value && typeof value.text === 'string' && value.text.length > max) problems.push(`${where}: text of ${value.text.length} characters, more than ${max}`)
  }
  const options = (list: any[] | undefined, where: string) => list?.forEach((option, index) => (text(option.text, 75, `${where}.options[${index}]`), text(option.description, 75, `${where}.options[${index}].description`)))
  const element = (item: any, where: string) => {
    if (!item || typeof item !== 'object') return
    if (item.type === 'button') text(item.text, 75, where)
    if (item.type === 'checkboxes' || item.type === 'radio_buttons') {
      if ((item.options?.length ?? 0) > 10) problems.push(`${where}: ${item.options.length} options, more than 10`)
      options(item.options, where)
    }
    if (item.type === 'static_select' || item.type === 'multi_static_select') {
      text(item.placeholder, 150, `${where}.placeholder`)
      if ((item.options?.length ?? 0) > 100) problems.push(`${where}: ${item.options.length} options, more than 100`)
      if ((item.option_groups?.length ?? 0) > 100) problems.push(`${where}: ${item.option_groups.length} option groups, more than 100`)
      options(item.options, where)
      item.option_groups?.forEach((group: any, index: number) => {
        if ((group.options?.length ?? 0) > 100) problems.push(`${where}.option_groups[${index}]: ${group.options.length} options, more than 100`)
        options(group.options, `${where}.option_groups[${index}]`)
      })
    }
  }
  blocks.forEach((block: any, index) => {
    const where = `blocks[${index}]`
    if (block?.type === 'section') text(block.text, 3000, where)
    if (block?.type === 'actions') {
      if ((block.elements?.length ?? 0) > 25) problems.push(`${where}: ${block.elements.length} elements, more than 25`)
      block.elements?.forEach((item: any, at: number) => element(item, `${where}.elements[${at}]`))
    }
    if (block?.accessory) element(block.accessory, `${where}.accessory`)
    if (block?.type === 'input') (text(block.label, 2000, `${where}.label`), element(block.element, `${where}.element`))
  })
  return problems
}

/**
 * A stand-in for Slack's Web API on 127.0.0.1 that records every call, for the piece's
 * `apiUrl`: it answers `auth.test`, `users.info` (from `users`), `chat.postMessage` (a new `ts`
 * each time), `chat.update`, `chat.postEphemeral`, `views.open` and `conversations.info`,
 * `users.lookupByEmail` and `conversations.open` (a direct conversation `D<user id>`), and
 * `{ ok: true }` to anything else; blocks beyond Block Kit's limits ({@link blockKitProblems}) are
 * refused with `invalid_blocks`, as Slack does. `failNext(method, error, when?)` makes the next call of `method`
 * (whose arguments pass `when`) answer `{ ok: false, error }`. `unreachable('refuse')` makes
 * every request fail before an answer (the connection is reset, as when Slack cannot be reached),
 * `unreachable('hang')` leaves every request without an answer, and `reachable()` ends both. The
 * server, its record and its failures are `frogbot/testing`'s `standInServer` (failures queue, each
 * used once).
 */
export async function slackStandIn({ users }: { users: StandInUser[] }) {
  let clock = 1_700_000_000
  const nextTs = () => `${++clock}.000100`
  const directory = new Map([...users, { id: BOT_USER_ID, name: 'frogbot' }].map((user) => [user.id, user]))

  const answer = (method: string, args: Record<string, any>): Record<string, unknown> => {
    // Slack refuses blocks beyond its limits; the stand-in does too, and says why.
    const blocks = method === 'views.open' ? args.view?.blocks : args.blocks
    if (blocks !== undefined && ['chat.postMessage', 'chat.update', 'views.open'].includes(method)) {
      const problems = blockKitProblems(blocks, method === 'views.open' ? 100 : 50)
      if (problems.length > 0) return { ok: false, error: 'invalid_blocks', errors: problems }
    }
    switch (method) {
      case 'auth.test':
        return { ok: true, user_id: BOT_USER_ID, user: 'frogbot', bot_id: 'BFROGBOT', team_id: TEAM_ID }
      case 'users.info': {
        const user = directory.get(args.user)
        if (!user) return { ok: false, error: 'user_not_found' }
        return { ok: true, user: { id: user.id, name: user.name, real_name: user.name, is_bot: user.id === BOT_USER_ID, profile: { display_name: user.name, real_name: user.name, ...(user.email ? { email: user.email } : {}) } } }
      }
      case 'chat.postMessage': {
        const ts = nextTs()
        return { ok: true, channel: args.channel, ts, message: { ts, text: args.text, blocks: args.blocks } }
      }
      case 'chat.update':
        return { ok: true, channel: args.channel, ts: args.ts, text: args.text }
      case 'chat.postEphemeral':
        return { ok: true, message_ts: nextTs() }
      case 'views.open':
        return { ok: true, view: { id: `V${server.calls.length}`, ...args.view } }
      case 'conversations.info':
        return { ok: true, channel: { id: args.channel, name: 'general' } }
      case 'users.lookupByEmail': {
        const user = [...directory.values()].find((known) => known.email?.toLowerCase() === String(args.email).toLowerCase())
        return user ? { ok: true, user: { id: user.id, name: user.name, profile: { email: user.email } } } : { ok: false, error: 'users_not_found' }
      }
      case 'conversations.open':
        // The bot's direct conversation with one user: `D` and their id.
        return directory.has(args.users) ? { ok: true, channel: { id: `D${args.users}` } } : { ok: false, error: 'user_not_found' }
      default:
        return { ok: true }
    }
  }

  const server = await standInServer((request) => ({ status: 200, json: answer(methodOf(request), argsOf(request)) }))
  /** Every call so far as a {@link SlackCall}: one Slack answered at the HTTP level with an error reads `{ ok: false, status }`. */
  const slackCalls = (): SlackCall[] =>
    server.calls.map((call) => {
      const args = argsOf(call)
      return { method: methodOf(call), args, token: call.headers.authorization?.replace(/^Bearer /, '') ?? args.token ?? null, result: call.status >= 300 ? { ok: false, status: call.status } : (call.answer as Record<string, any>) }
    })

  return {
    url: `${server.url}/api/`,
    get calls() {
      return slackCalls()
    },
    /** The recorded calls of `method`, oldest first. */
    callsTo: (method: string) => slackCalls().filter((call) => call.method === method),
    /** The question cards posted so far (messages with blocks), oldest first, with the `ts` each got. */
    cards: () => slackCalls().filter((call) => call.method === 'chat.postMessage' && call.result.ok && call.args.blocks).map((call) => ({ ts: call.result.ts as string, channel: call.args.channel as string, blocks: call.args.blocks as any[], text: call.args.text as string })),
    /** The private notices posted so far: to whom, where and what. */
    ephemerals: () => slackCalls().filter((call) => call.method === 'chat.postEphemeral').map((call) => ({ user: call.args.user as string, channel: call.args.channel as string, threadTs: call.args.thread_ts as string | undefined, text: call.args.text as string })),
    /** The edits of message `ts`, oldest first. */
    updatesOf: (ts: string) => slackCalls().filter((call) => call.method === 'chat.update' && call.args.ts === ts).map((call) => ({ text: call.args.text as string, blocks: call.args.blocks as any[] | undefined })),
    /** The replies posted so far (messages without blocks) and their last edit, as Slack shows them. */
    replies: () => {
      const calls = slackCalls()
      return calls
        .filter((call) => call.method === 'chat.postMessage' && call.result.ok && !call.args.blocks)
        .map((posted) => {
          const edits = calls.filter((call) => call.method === 'chat.update' && call.args.ts === posted.result.ts)
          const last = edits.at(-1)?.args ?? posted.args
          return { ts: posted.result.ts as string, threadTs: posted.args.thread_ts as string | undefined, text: (last.markdown_text ?? last.text) as string, edits: edits.length }
        })
    },
    /** Makes the next `times` calls of `method` fail at the HTTP level with `status` (Slack down for a moment). */
    failNextHttp: (method: string, status: number, times = 1) => server.failNext({ path: `/api/${method}` }, { status, text: 'Service Unavailable' }, times),
    /** Makes the next call of `method` whose arguments pass `when` answer `{ ok: false, error }`. */
    failNext: (method: string, error: string, when: (args: Record<string, any>) => boolean = () => true) => server.failNext({ path: `/api/${method}`, when: (request) => when(argsOf(request)) }, { status: 200, json: { ok: false, error } }),
    /** Slack's Web API out of reach: each request is reset (`refuse`) or never answered (`hang`). */
    unreachable: server.unreachable,
    /** Slack's Web API back: new requests are answered (held ones stay unanswered). */
    reachable: server.reachable,
    close: server.close
  }
}

/** See {@link slackStandIn}. */
export type SlackStandIn = Awaited<ReturnType<typeof slackStandIn>>
