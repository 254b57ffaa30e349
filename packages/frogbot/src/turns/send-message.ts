import type { UIMessage } from 'ai'
import type { Caller } from '../contract/caller.ts'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import { CLIENT_CHAT_ID } from '../ids/random-id.ts'
import type { SendResult } from '../contract/turns.ts'
import { chatNotFound, FrogbotError } from '../errors/frogbot-error.ts'
import type { ChannelIdentity } from '@frogbotai/protocol'
import type { ChatRecord, NewChat } from '../store/chat-records.ts'
import { StoreWriteConflict } from '../store/store-errors.ts'
import { assertHome, canReadChat, canWriteChat, unreadableRefusal, usableAgent } from './chat-access.ts'
import { effectiveState } from '../store/effective-state.ts'
import { planSend } from './rules/plan-send.ts'
import { runTurn } from './run/run-turn.ts'
import { isSender, senderOf } from './sender.ts'
import type { ChatTransaction } from '../store/chat-transaction.ts'
import { clipText } from '../text/clip-text.ts'
import { isDeepStrictEqual } from 'node:util'
import { isoIn, newLeaseOwner, type TurnServices } from './services.ts'
import { firstWordsTitle, generateTitle } from './chat-titles.ts'

const notFound = (chatId: string, agentSlug: string) => chatNotFound(chatId, agentSlug)

/** How a refused new chat id says to start a new chat where the id may be left out. */
const LEAVE_IT_OUT = 'or leave it out to start a new chat'

/**
 * The new chat a first message creates: owned by the sender (nobody when anonymous). A malformed
 * client id is refused naming `chatIdField`, ending with `newChatAdvice` in brackets.
 */
function newChat(
  { chatId, chatIdField, newChatAdvice, agentSlug, req, message, channel }: {
    chatId?: string
    chatIdField: string
    newChatAdvice: string
    agentSlug: string
    req: Caller
    message: UIMessage
    channel?: ChannelIdentity
  }
): Omit<NewChat, 'id'> {
  if (chatId !== undefined && !channel) {
    if (!CLIENT_CHAT_ID.test(chatId)) {
      const rule = 'must be 16–128 letters, digits, "_" or "-"'
      throw new FrogbotError('bad-request', `${chatIdField}: ${rule} (${newChatAdvice})`)
    }
    // An owner-less chat is continued by anyone who knows its id: it must hold 128 random bits (docs/http/overview.md).
    if (!req.user && chatId.length < 22) {
      const rule = 'a chat without an owner needs an id of at least 22 random characters'
      throw new FrogbotError('bad-request', `${chatIdField}: ${rule} (${newChatAdvice})`)
    }
  }
  return { agentSlug, ownerId: req.user?.id ?? null, title: firstWordsTitle(message.parts), channel: channel ?? null }
}

/**
 * A first message to a chat that does not exist yet: the chat is created, taken by the turn and
 * stored with the message in one commit, and the turn starts. `null` when a racing request
 * created the id first (the caller then writes to that chat under its lock).
 */
async function startInNewChat(
  services: TurnServices,
  { agent, create, message, req, leaseOwner }: { agent: ResolvedAgent; create: NewChat; message: UIMessage; req: Caller; leaseOwner: string }
): Promise<SendResult | null> {
  const messageId = await services.store.startNewChat({ chat: create, message, leaseOwner, leaseUntil: isoIn(services, services.leaseMs), now: isoIn(services), freshId: () => services.newId('msg') })
  if (messageId === null) return null
  const now = isoIn(services)
  const chat: ChatRecord = { ...create, channel: create.channel ?? null, state: 'running', leaseOwner, leaseUntil: isoIn(services, services.leaseMs), stopRequestedAt: null, version: 0, createdAt: now, updatedAt: now }
  const run = runTurn(services, { agent, chat, req, messages: [{ ...message, id: messageId, settlements: [] }], leaseOwner })
  generateTitle(services, { agent, chatId: create.id, message, placeholder: create.title })
  return { status: 'started', chatId: create.id, messageId, run }
}

/**
 * Whether `message`'s id is already used in the locked chat (docs/chat/turns.md, "Queued
 * messages"): `free` when no stored or queued message of the chat has it; `repeat` when it is
 * an exact repeat of a message still queued (same id, same parts, same sender: a client retrying
 * a send whose answer it lost), which is answered as the first send was and queued once; else
 * `taken` (refused: one id names one message of a chat, so that edit, delete and the queue never
 * act on two).
 */
async function messageIdUse(tx: ChatTransaction, message: UIMessage, req: Caller): Promise<IdUse> {
  const queued = (await tx.queued()).find((entry) => namesQueued(entry, message.id))
  if (queued) {
    const same = queued.message.role === message.role &&
      isDeepStrictEqual(queued.message.parts, message.parts)
    const repeat = isSender(queued.sender, req) && same
    return repeat ? { use: 'repeat', messageId: queued.messageId } : { use: 'taken' }
  }
  return { use: (await tx.message(message.id)) ? 'taken' : 'free' }
}

/** How a chat uses a new message's id (see `messageIdUse`); a repeat names the id it is queued under. */
type IdUse = { use: 'free' | 'taken' } | { use: 'repeat'; messageId: string }

/**
 * Whether `id` names queued message `entry`: the id it is queued under, or the id it was sent
 * with (they differ when that one was taken elsewhere, see `ChatTransaction.enqueue`).
 */
function namesQueued(entry: { messageId: string; message: UIMessage }, id: string): boolean {
  return entry.messageId === id || entry.message.id === id
}

/** The refusal of a new message whose id the chat already uses, naming `idField` (`bad-request`). */
function idTaken(idField: string, messageId: string): FrogbotError {
  return new FrogbotError(
    'bad-request',
    `${idField}: ${JSON.stringify(clipText(messageId, 80))} is already the id of a message of this chat (stored or queued); give each new message its own id`
  )
}

/**
 * Throws unless `req` may send a message to the existing `chat` as a chat of `agentSlug`:
 * `not-found` for another agent's chat or one `req` cannot read, `forbidden` for an assignee who
 * reads it (see `unreadableRefusal`), `channel-chat` from outside its home.
 */
async function assertMaySend(services: TurnServices, { chat, agentSlug, req }: { chat: ChatRecord; agentSlug: string; req: Caller }): Promise<void> {
  const missing = () => notFound(chat.id, agentSlug)
  if (chat.agentSlug !== agentSlug) throw missing()
  if (!canReadChat(req, chat)) throw await unreadableRefusal(services, { req, chat, missing })
  assertHome(services, { chat, req })
}

/** The refusal of a new message to a chat whose queue holds `queueSize` messages, its limit (`429 queue-full`). */
function queueFull(queueSize: number): FrogbotError {
  return new FrogbotError('queue-full', `This chat already has ${queueSize} messages waiting; wait until they have run, or edit or delete one.`)
}

/**
 * Throws what {@link sendMessage} would throw for `message` in the existing chat `chatId` once the
 * calls the same request answers are settled (the chat then runs its continuation, so the
 * message queues): the agent's `access`, who may write the chat (an assignee `forbidden`, whoever
 * cannot read it `not-found`), its home (`channel-chat`), an id the chat already uses (naming
 * `idField`) and a full queue (`queue-full`). For a door whose one request answers and then sends
 * (a `useChat` resubmission with a new message, an AG-UI resume carrying one), so that a refused
 * message settles nothing (docs/http/overview.md). It only reads: `sendMessage` checks all of it
 * again under the chat's lock.
 */
export async function refuseUnsendableTo(
  services: TurnServices,
  { agentSlug, chatId, message, req, idField = 'message.id' }: { agentSlug: string; chatId: string; message: UIMessage; req: Caller; idField?: string }
): Promise<void> {
  await usableAgent(services, agentSlug, req)
  const chat = await services.store.getChat(chatId)
  if (!chat) throw notFound(chatId, agentSlug)
  await assertMaySend(services, { chat, agentSlug, req })
  const [messages, queued] = await Promise.all([services.store.getMessages(chatId), services.store.getQueued(chatId)])
  const used = messages.some((stored) => stored.id === message.id) ||
    queued.some((entry) => namesQueued(entry, message.id))
  if (used) throw idTaken(idField, message.id)
  if (queued.length >= services.queueLimit) throw queueFull(queued.length)
}

/**
 * Under the chat's lock, what a message does (see `planSend`): refused, queued (`free` when the
 * chat is idle, so the oldest queued message starts now), or started, with the chat taken by the turn.
 * Throws `write-conflict` when the chat kept changing.
 */
async function decideSend(
  services: TurnServices,
  { id, agentSlug, message, req, canQueue, leaseOwner, create }: { id: string; agentSlug: string; message: UIMessage; req: Caller; canQueue: boolean; leaseOwner: string; create?: NewChat }
) {
  try {
    return await services.store.withChat(
      id,
      async (tx) => {
        // Checked again under the lock: a racing request may have created this id for someone else.
        if (tx.chat.agentSlug !== agentSlug || !canWriteChat({ req, chat: tx.chat })) return { refused: 'not-found' as const }
        const use = await messageIdUse(tx, message, req)
        if (use.use === 'taken') return { refused: 'id-taken' as const }
        const free = () => effectiveState(tx.chat, tx.now) === 'idle'
        if (use.use === 'repeat') return { queued: use.messageId, free: free() }
        const queueSize = await tx.queueSize()
        const plan = planSend({ state: effectiveState(tx.chat, tx.now), queueSize, queueLimit: services.queueLimit, canQueue })
        if (plan === 'turn-in-progress' || plan === 'queue-full') return { refused: plan, queueSize }
        if (plan === 'queue') {
          const entry = { id: services.newId('queued'), message, sender: senderOf(req) }
          const queued = await tx.enqueue(entry, () => services.newId('msg'))
          return { queued, free: free() }
        }
        const messageId = await tx.appendMessage(message, () => services.newId('msg'))
        await tx.updateChat({ state: 'running', leaseOwner, leaseUntil: isoIn(services, services.leaseMs), stopRequestedAt: null })
        const chat: ChatRecord = { ...tx.chat, state: 'running', leaseOwner }
        return { started: true as const, chat, messageId, messages: await tx.messages() }
      },
      { now: isoIn(services), create }
    )
  } catch (error) {
    if (error instanceof StoreWriteConflict) throw new FrogbotError('write-conflict', 'The chat kept changing while FrogBot tried to take the message; retry.')
    throw error
  }
}

/**
 * Sends a user message to chat `chatId` (created when it does not exist yet, owned by the sender)
 * or to a new chat, as `req` (docs/chat/turns.md; FrogBot's turn rules):
 * - a free chat with an empty queue starts a turn with the message;
 * - while a turn runs or a question waits, or older messages wait, the message is queued: stored,
 *   not sent to the model; it starts when they are done (answered or dismissed questions),
 *   oldest first, as its sender;
 * - `canQueue: false` (a local `generate({ chatId })`) rejects a busy chat instead.
 * `channel` gives a new chat its channel identity (channel doors only).
 * Throws `FrogbotError`: `agent-not-found`, `unauthorized`/`forbidden` (the agent's `access`),
 * `forbidden` (an assignee of a call in the chat, who may only read it and answer their calls),
 * `not-found` (a chat of another user or agent), `channel-chat`, `bad-request` (a malformed new
 * `chatId`, naming `chatIdField`, default `chatId`, with `newChatAdvice`, default "or leave it
 * out to start a new chat", set by a door where the id cannot be left out; a message id the
 * chat already uses, stored or queued, naming `idField`, default `message.id`, except an exact
 * repeat of a queued message, answered as queued again, see `messageIdUse`), `turn-in-progress`,
 * `queue-full` (429), `write-conflict`.
 */
export async function sendMessage(
  services: TurnServices,
  {
    agentSlug,
    chatId,
    chatIdField = 'chatId',
    newChatAdvice = LEAVE_IT_OUT,
    message,
    req,
    channel,
    canQueue = true,
    idField = 'message.id'
  }: {
    agentSlug: string
    chatId?: string
    chatIdField?: string
    newChatAdvice?: string
    message: UIMessage
    req: Caller
    channel?: ChannelIdentity
    canQueue?: boolean
    idField?: string
  }
): Promise<SendResult> {
  const agent = await usableAgent(services, agentSlug, req)
  const id = chatId ?? services.newId('chat')
  const existing = chatId === undefined ? null : await services.store.getChat(id)
  if (existing) await assertMaySend(services, { chat: existing, agentSlug, req })
  const fresh = { chatId, chatIdField, newChatAdvice, agentSlug, req, message, channel }
  const create = existing ? undefined : { ...newChat(fresh), id }
  const leaseOwner = newLeaseOwner(services)
  if (create) {
    const started = await startInNewChat(services, { agent, create, message, req, leaseOwner })
    if (started) return started
  }
  const decided = await decideSend(services, { id, agentSlug, message, req, canQueue, leaseOwner, create })
  if (!decided || 'refused' in decided) {
    if (decided?.refused === 'turn-in-progress') throw new FrogbotError('turn-in-progress', 'A turn is running or a question waits in this chat; retry when it is done.')
    if (decided?.refused === 'id-taken') throw idTaken(idField, message.id)
    if (decided?.refused === 'queue-full') throw queueFull(decided.queueSize)
    throw notFound(id, agentSlug)
  }
  if ('queued' in decided && decided.queued !== undefined) {
    // Older messages waited in a free chat (their turn died): start the oldest now.
    if (decided.free) await services.kickQueue(id)
    // The id it is queued and will be stored under, which may not be the one it was sent with.
    return { status: 'queued', chatId: id, messageId: decided.queued }
  }
  const run = runTurn(services, { agent, chat: decided.chat, req, messages: decided.messages, leaseOwner })
  return { status: 'started', chatId: id, messageId: decided.messageId, run }
}
