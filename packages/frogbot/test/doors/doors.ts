import { isToolUIPart, type UIMessage } from 'ai'
import { join } from 'node:path'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import type { Participant } from '../../src/contract/participant.ts'
import type { ChannelPiece, PieceEngine } from '../../src/contract/piece.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { answerCommand } from '../../src/cli/answer-command.ts'
import { FrogbotError } from '../../src/errors/frogbot-error.ts'
import { internalsOf } from '../../src/frogbot-internals.ts'
import { z } from 'zod'
import { buildConfig, createFrogbot, type DatabaseAdapter, type Frogbot, type PendingCall, type SettleInput, type Tool } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { pickFile } from '../seed/pick-file.seed.ts'
import { decodeChunks } from '../helpers/ui-stream.ts'
import { doorModel } from './door-model.ts'

/** How a door answered: the outcome of an accepted settle or send, or the refusal's code. */
export type Answer = { kind: 'continued' | 'awaiting-input' | 'voted' | 'dismissed' | 'ended' | 'queued' | 'complete'; status?: number } | { refused: string; message?: string }

/**
 * The one channel piece of the suite: a stand-in whose threads can answer questions and files,
 * its participants matched to FrogBot users by email; `engine()` is the engine it was started with.
 */
function testChannel() {
  let engine: PieceEngine | undefined
  const piece: ChannelPiece = {
    piece: 'test',
    instance: 'testchat',
    label: 'Test chat',
    identity: { by: 'email' },
    supportsKind: (kind) => kind === 'question' || kind === 'pick-file' || kind === 'approval',
    // `frogbot answer` (the CLI door) starts the config's pieces too, in a FrogBot of its own that it closes.
    start: (given) => void (engine ??= given)
  }
  return { piece, engine: () => engine! }
}

/**
 * A FrogBot with the `planner` agent (`question`, `pick_file`, and `send_invoice`, which needs
 * approval and records each run in `invoiceRuns`), the test channel, and users Ada (may use the
 * agent) and Mallory (the agent's `access` refuses her, on the web and in the channel);
 * `accessRuns.count` counts the runs of that `access`.
 */
export async function openDoorKit(adapter: () => DatabaseAdapter, dir: string) {
  const { model, callsFor } = doorModel()
  const channel = testChannel()
  /** How many times the agent's `access` ran. */
  const accessRuns = { count: 0 }
  const invoiceRuns: { input: unknown; approvalId?: string }[] = []
  const sendInvoice: Tool<z.ZodObject<{ to: z.ZodString; amount: z.ZodNumber }>> = {
    slug: 'send_invoice',
    description: 'Send an invoice.',
    inputSchema: z.object({ to: z.string().min(1), amount: z.number().positive() }),
    needsApproval: true,
    execute: async (input, { approvalId }) => {
      invoiceRuns.push({ input, approvalId })
      return { sent: true, ...input }
    }
  }
  const config = buildConfig({
    agents: [
      {
        slug: 'planner',
        model,
        instructions: 'Ask before choosing.',
        tools: [question, pickFile, sendInvoice],
        access: ({ req }) => {
          accessRuns.count++
          return req.channel ? req.channel.userId !== 'U_MALLORY' : req.user !== null && req.user.email !== 'mallory@example.com'
        },
        channels: [channel.piece]
      }
    ],
    db: adapter()
  })
  const frogbot: Frogbot = await createFrogbot(config, { log: () => {}, maintenanceIntervalMs: 0 })
  const { store, engine } = internalsOf(frogbot)
  const ada = await ensureUser(store.db, { email: 'ada@example.com' })
  const mallory = await ensureUser(store.db, { email: 'mallory@example.com' })
  const tokens = { ada: (await createApiToken(store.db, { userId: ada.id, name: 'test' })).token, mallory: (await createApiToken(store.db, { userId: mallory.id, name: 'test' })).token }
  const http = async (method: string, path: string, body?: unknown, { token = tokens.ada, accept }: { token?: string; accept?: string } = {}) => {
    const response = await frogbot.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(accept ? { accept } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body)
      })
    )
    return response
  }
  const participants: Record<'ada' | 'mallory', Participant> = { ada: { userId: 'U_ADA', name: 'Ada', email: 'ada@example.com' }, mallory: { userId: 'U_MALLORY', name: 'Mallory', email: 'mallory@example.com' } }
  const readChat = async (chatId: string) => engine.readChat({ chatId, req: { user: null, credential: { type: 'system' }, entryPoint: 'system', headers: new Headers() } })
  return { frogbot, store, engine, pieceEngine: channel.engine, accessRuns, invoiceRuns, config, ada, mallory, tokens, http, participants, readChat, callsFor, configFile: join(dir, 'door.config.ts') }
}

export type DoorKit = Awaited<ReturnType<typeof openDoorKit>>

async function refusalOf(work: () => Promise<Answer>): Promise<Answer> {
  try {
    return await work()
  } catch (error) {
    if (FrogbotError.isInstance(error)) return { refused: error.code, message: error.message }
    throw error
  }
}

async function httpAnswer(response: Response): Promise<Answer> {
  const json = (await response.json()) as Record<string, any>
  if (response.status >= 400) return { refused: json.code ?? 'bad-request', message: json.error }
  return { kind: json.status }
}

/** A door of the suite: how it starts a waiting chat, sends, settles and stops, as Ada (or Mallory). */
export type Door = {
  name: string
  /** Whether the chats it writes are channel chats (else web chats). */
  channel: boolean
  ask: (kit: DoorKit, prompt: string) => Promise<{ chatId: string; pending: PendingCall[] }>
  send?: (kit: DoorKit, chatId: string, text: string) => Promise<Answer>
  settle: (kit: DoorKit, chatId: string, input: SettleInput, as?: 'ada' | 'mallory') => Promise<Answer>
  stop?: (kit: DoorKit, chatId: string) => Promise<Answer>
  /** Who a settlement through this door is recorded as, when Ada settles. */
  by: (kit: DoorKit) => unknown
}

/** A web chat waiting at `prompt`'s calls, started over HTTP by Ada. */
async function askOverHttp(kit: DoorKit, prompt: string) {
  const response = await kit.http('POST', '/api/agents/planner', { prompt })
  const json = (await response.json()) as { status: string; chatId: string; pending: PendingCall[] }
  if (json.status !== 'awaiting-input') throw new Error(`expected a question, got ${JSON.stringify(json)}`)
  return { chatId: json.chatId, pending: json.pending }
}

const httpDoor: Door = {
  name: 'HTTP',
  channel: false,
  ask: askOverHttp,
  send: async (kit, chatId, text) => httpAnswer(await kit.http('POST', '/api/agents/planner', { chatId, prompt: text })),
  settle: async (kit, chatId, input, as = 'ada') => {
    const answer = await httpAnswer(await kit.http('POST', `/api/agents/planner/chats/${chatId}/settle`, input, { token: kit.tokens[as] }))
    return 'kind' in answer && answer.kind === 'complete' ? { kind: 'continued' } : answer
  },
  stop: async (kit, chatId) => {
    const response = await kit.http('POST', `/api/agents/planner/chats/${chatId}/stop`, {})
    const json = (await response.json()) as Record<string, any>
    return response.status >= 400 ? { refused: json.code } : { kind: json.stopped ? 'dismissed' : 'complete' }
  },
  by: (kit) => ({ userId: kit.ada.id, token: { name: 'test', prefix: kit.tokens.ada.slice(0, 10) } })
}

/**
 * The browser's copy of the chat as it was while the call waited (its message cut after the call's
 * step), with `input` applied as `addToolOutput` leaves it. An unknown call id is added as a forged
 * part.
 */
async function resubmitted(kit: DoorKit, chatId: string, input: SettleInput): Promise<UIMessage[]> {
  const { messages } = await kit.readChat(chatId)
  const copy = messages.map(({ settlements: _settlements, ...message }) => message as UIMessage)
  const last = copy.findLast((message) => message.role === 'assistant')!
  const at = last.parts.findIndex((part) => isToolUIPart(part) && part.toolCallId === input.toolCallId)
  const nextStep = last.parts.findIndex((part, index) => index > at && part.type === 'step-start')
  const parts = at >= 0 && nextStep >= 0 ? last.parts.slice(0, nextStep) : [...last.parts]
  if (at < 0) parts.push({ type: 'tool-question', toolCallId: input.toolCallId, state: 'input-available', input: {} } as UIMessage['parts'][number])
  last.parts = parts.map((part) => {
    if (!isToolUIPart(part) || part.toolCallId !== input.toolCallId) return part
    // `addToolApprovalResponse` leaves an approval's part `approval-responded`, with the person's reason.
    if ('approved' in input) return { ...part, ...('input' in input && input.input !== undefined ? { input: input.input } : {}), state: 'approval-responded', approval: { id: part.approval?.id ?? 'forged', approved: input.approved, ...(input.reason ? { reason: input.reason } : {}) } } as typeof part
    return ('output' in input
      ? { ...part, state: 'output-available', output: input.output }
      : { ...part, state: 'output-error', errorText: input.reason ? `Dismissed by the user. Reason: ${input.reason}` : 'Dismissed by the user.' }) as typeof part
  })
  return copy.slice(0, copy.indexOf(last) + 1)
}

const useChatDoor: Door = {
  name: 'useChat resubmission',
  channel: false,
  ask: askOverHttp,
  send: async (kit, chatId, text) => {
    const message = { id: `u_${Math.random().toString(36).slice(2)}`, role: 'user', parts: [{ type: 'text', text }] }
    const response = await kit.http('POST', '/api/agents/planner', { id: chatId, messages: [message], trigger: 'submit-message' })
    if (response.status >= 400) return httpAnswer(response)
    const chunks = await decodeChunks(response)
    if (chunks.some((chunk) => chunk.type === 'data-queued')) return { kind: 'queued' }
    return { kind: chunks.some((chunk) => chunk.type === 'tool-input-available') ? 'awaiting-input' : 'complete' }
  },
  settle: async (kit, chatId, input, as = 'ada') => {
    const messages = await resubmitted(kit, chatId, input)
    const response = await kit.http('POST', '/api/agents/planner', { id: chatId, messages, trigger: 'submit-message', messageId: messages.at(-1)!.id }, { token: kit.tokens[as] })
    if (response.status >= 400) return httpAnswer(response)
    const chunks = await decodeChunks(response)
    return { kind: chunks.some((chunk) => chunk.type === 'text-delta') ? 'continued' : 'dismissed' }
  },
  by: httpDoor.by
}

/** `frogbot answer` in this process, with the suite's config (same database and model). */
const cliDoor: Door = {
  name: 'CLI',
  channel: false,
  ask: askOverHttp,
  settle: async (kit, chatId, input, as = 'ada') => {
    ;(globalThis as { frogbotDoorConfig?: unknown }).frogbotDoorConfig = kit.config
    const out: string[] = []
    const err: string[] = []
    const [log, error] = [console.log, console.error]
    console.log = (...args: unknown[]) => out.push(args.join(' '))
    console.error = (...args: unknown[]) => err.push(args.join(' '))
    let code: number
    try {
      const reason = 'reason' in input && input.reason ? { reason: input.reason } : {}
      const how =
        'output' in input
          ? { json: JSON.stringify(input.output) }
          : 'approved' in input
            ? input.approved
              ? { approve: true, ...('input' in input && input.input !== undefined ? { input: JSON.stringify(input.input) } : {}), ...reason }
              : { deny: true, ...reason }
            : { dismiss: true, ...reason }
      code = await answerCommand([chatId, input.toolCallId], { config: join(import.meta.dirname, 'fixtures/door.config.ts'), email: `${as}@example.com`, ...how })
    } finally {
      console.log = log
      console.error = error
    }
    const stdout = out.join('\n')
    if (code === 0) return { kind: stdout.startsWith('Dismissed call') ? 'dismissed' : stdout.includes('still wait') ? 'awaiting-input' : stdout.includes('waits for more people') ? 'voted' : 'continued' }
    const line = err.find((entry) => entry.startsWith('frogbot answer: ')) ?? ''
    const [, label] = /^frogbot answer: ([a-z ]+):/.exec(line) ?? []
    const codes: Record<string, string> = { 'already settled': 'already-settled', 'invalid answer': 'invalid-output', 'invalid input': 'invalid-input', 'wrong kind of answer': 'bad-request', 'not waiting': 'not-awaiting', 'channel chat': 'channel-chat', forbidden: 'forbidden', unauthorized: 'unauthorized' }
    const refused = label === 'not found' ? (/No pending call/.test(line) ? 'call-not-found' : 'not-found') : (codes[label] ?? line)
    return { refused, message: line }
  },
  by: (kit) => ({ userId: kit.ada.id })
}

/** The app's own code: `frogbot.sendMessage`, `frogbot.settle`, `frogbot.stop` as a given user. */
const localDoor: Door = {
  name: 'programmatic',
  channel: false,
  ask: askOverHttp,
  send: (kit, chatId, text) =>
    refusalOf(async () => {
      const sent = await kit.frogbot.sendMessage({ agent: 'planner', chatId, text, caller: { user: kit.ada } })
      if (sent.status === 'queued') return { kind: 'queued' }
      return { kind: (await sent.run.result).status === 'complete' ? 'complete' : 'awaiting-input' }
    }),
  settle: (kit, chatId, input, as = 'ada') =>
    refusalOf(async () => {
      const outcome = await kit.frogbot.settle({ chatId, caller: { user: kit[as] }, ...input })
      if (outcome.kind === 'continued') await outcome.run.result
      return { kind: outcome.kind }
    }),
  stop: (kit, chatId) => refusalOf(async () => ({ kind: (await kit.frogbot.stop({ chatId, caller: { user: kit.ada } })) ? 'dismissed' : 'complete' })),
  by: (kit) => ({ userId: kit.ada.id })
}

let threads = 0

/** A channel piece's door: messages and answers from participants of a test thread, through the engine a piece gets. */
const channelDoor: Door = {
  name: 'channel',
  channel: true,
  ask: async (kit, prompt) => {
    const thread = `thread_${++threads}_${Date.now()}`
    const sent = await kit.pieceEngine().sendMessage({ thread, account: 'T1', message: { id: `m_${thread}`, role: 'user', parts: [{ type: 'text', text: prompt }] }, participant: kit.participants.ada })
    if (sent.status !== 'started') throw new Error('expected a turn')
    const result = await sent.run.result
    if (result.status !== 'awaiting-input') throw new Error(`expected a question, got ${JSON.stringify(result)}`)
    return { chatId: sent.chatId, pending: result.pending }
  },
  send: (kit, chatId, text) =>
    refusalOf(async () => {
      const chat = (await kit.store.getChat(chatId))!
      const sent = await kit.pieceEngine().sendMessage({ thread: chat.channel!.thread, message: { id: `m_${Math.random().toString(36).slice(2)}`, role: 'user', parts: [{ type: 'text', text }] }, participant: kit.participants.ada })
      if (sent.status === 'queued') return { kind: 'queued' }
      return { kind: (await sent.run.result).status === 'complete' ? 'complete' : 'awaiting-input' }
    }),
  settle: (kit, chatId, input, as = 'ada') =>
    refusalOf(async () => {
      const outcome = await kit.pieceEngine().settle({ chatId, inputs: [input], participant: kit.participants[as] })
      if (outcome.kind === 'continued') await outcome.run.result
      return { kind: outcome.kind }
    }),
  stop: (kit, chatId) => refusalOf(async () => ({ kind: (await kit.pieceEngine().stop({ chatId, participant: kit.participants.ada })) ? 'dismissed' : 'complete' })),
  by: (kit) => ({ channel: { piece: 'test', instance: 'testchat', userId: 'U_ADA', name: 'Ada', email: 'ada@example.com' }, userId: kit.ada.id })
}

/** Every door the suite runs the turn rules through. */
export const DOORS: Door[] = [httpDoor, useChatDoor, cliDoor, localDoor, channelDoor]
export { httpDoor, channelDoor, localDoor }
