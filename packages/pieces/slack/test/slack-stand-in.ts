import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

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
 * `unreachable('hang')` leaves every request without an answer, and `reachable()` ends both.
 */
export async function slackStandIn({ users }: { users: StandInUser[] }) {
  const calls: SlackCall[] = []
  const httpFailures = new Map<string, { status: number; times: number }>()
  const failures = new Map<string, { error: string; when: (args: Record<string, any>) => boolean }>()
  let outage: 'refuse' | 'hang' | null = null
  const held = new Set<import('node:http').ServerResponse>()
  let clock = 1_700_000_000
  const nextTs = () => `${++clock}.000100`
  const directory = new Map([...users, { id: BOT_USER_ID, name: 'frogbot' }].map((user) => [user.id, user]))

  const answer = (method: string, args: Record<string, any>): Record<string, unknown> => {
    const failure = failures.get(method)
    if (failure?.when(args)) {
      failures.delete(method)
      return { ok: false, error: failure.error }
    }
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
        return { ok: true, view: { id: `V${calls.length}`, ...args.view } }
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

  const server = createServer((request, response) => {
    if (outage === 'refuse') return void request.socket.destroy()
    if (outage === 'hang') return void held.add(response)
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      const method = (request.url ?? '').replace(/^\/api\//, '').split('?')[0]
      const args = parseArgs(body, request.headers['content-type'] ?? '')
      const failing = httpFailures.get(method)
      const status = failing?.status
      if (failing && status) {
        if (--failing.times <= 0) httpFailures.delete(method)
        calls.push({ method, args, token: null, result: { ok: false, status } })
        response.statusCode = status
        return response.end('Service Unavailable')
      }
      const result = answer(method, args)
      calls.push({ method, args, token: request.headers.authorization?.replace(/^Bearer /, '') ?? args.token ?? null, result })
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(result))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}/api/`,
    calls,
    /** The recorded calls of `method`, oldest first. */
    callsTo: (method: string) => calls.filter((call) => call.method === method),
    /** The question cards posted so far (messages with blocks), oldest first, with the `ts` each got. */
    cards: () => calls.filter((call) => call.method === 'chat.postMessage' && call.result.ok && call.args.blocks).map((call) => ({ ts: call.result.ts as string, channel: call.args.channel as string, blocks: call.args.blocks as any[], text: call.args.text as string })),
    /** The private notices posted so far: to whom, where and what. */
    ephemerals: () => calls.filter((call) => call.method === 'chat.postEphemeral').map((call) => ({ user: call.args.user as string, channel: call.args.channel as string, threadTs: call.args.thread_ts as string | undefined, text: call.args.text as string })),
    /** The edits of message `ts`, oldest first. */
    updatesOf: (ts: string) => calls.filter((call) => call.method === 'chat.update' && call.args.ts === ts).map((call) => ({ text: call.args.text as string, blocks: call.args.blocks as any[] | undefined })),
    /** The replies posted so far (messages without blocks) and their last edit, as Slack shows them. */
    replies: () =>
      calls
        .filter((call) => call.method === 'chat.postMessage' && call.result.ok && !call.args.blocks)
        .map((posted) => {
          const edits = calls.filter((call) => call.method === 'chat.update' && call.args.ts === posted.result.ts)
          const last = edits.at(-1)?.args ?? posted.args
          return { ts: posted.result.ts as string, threadTs: posted.args.thread_ts as string | undefined, text: (last.markdown_text ?? last.text) as string, edits: edits.length }
        }),
    /** Makes the next `times` calls of `method` fail at the HTTP level with `status` (Slack down for a moment). */
    failNextHttp: (method: string, status: number, times = 1) => httpFailures.set(method, { status, times }),
    failNext: (method: string, error: string, when: (args: Record<string, any>) => boolean = () => true) => failures.set(method, { error, when }),
    /** Slack's Web API out of reach: each request is reset (`refuse`) or never answered (`hang`). */
    unreachable: (how: 'refuse' | 'hang') => void (outage = how),
    /** Slack's Web API back: new requests are answered (held ones stay unanswered). */
    reachable: () => void (outage = null),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const response of held) response.socket?.destroy()
        server.closeAllConnections()
      })
  }
}

/** See {@link slackStandIn}. */
export type SlackStandIn = Awaited<ReturnType<typeof slackStandIn>>
