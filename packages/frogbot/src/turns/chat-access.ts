import type { Caller } from '../contract/caller.ts'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import { chatNotFound, FrogbotError } from '../errors/frogbot-error.ts'
import { channelLabelOf, channelNoticeText, type SettledBy } from '@frogbotai/protocol'
import type { CallRecord, ChatRecord } from '../store/chat-records.ts'
import { assigneeKeysOf } from '../assignees/normalize-assignees.ts'
import type { TurnServices } from './services.ts'

/** The doors that write web chats: everything but channels (FrogBot's "who can write a chat"). */
const WEB_DOORS = new Set<Caller['entryPoint']>(['http', 'cli', 'local'])

/**
 * Whether `req` may read `chat`: FrogBot itself and a channel piece in its own thread may; on the
 * web, a chat's owner, or anyone who knows the id of an owner-less web chat (seed: "Who can
 * answer"). An owner-less channel conversation is read only in its channel.
 */
export function canReadChat(req: Caller, chat: ChatRecord): boolean {
  if (req.entryPoint === 'system') return true
  // An answer link's caller exists only once its token, bound to this chat's call, was checked.
  if (req.entryPoint === 'link') return chat.channel === null
  if (req.entryPoint === 'channel') return chat.channel !== null && chat.channel.instance === req.channel?.instance
  if (chat.ownerId !== null) return chat.ownerId === req.user?.id
  return chat.channel === null
}

/**
 * The rule of who may write a chat (send a message, answer or dismiss a question, stop, edit),
 * besides the agent's `access`, which is checked first (FrogBot's "who can write a chat"):
 * - a web chat is written by its owner, or by anyone who knows the id of an owner-less chat,
 *   through the web doors (HTTP and the chat UI, the CLI, the app's own code);
 * - a channel conversation is written only from its channel, by any participant (the piece hands
 *   them to the agent's `access`);
 * - FrogBot itself (`system`) writes any chat, and an answer link (`link`) a web chat, for its own
 *   call: the app's `notify` sent it to its recipient (docs/chat/reach-people.md "Answer links").
 */
export function canWriteChat({ req, chat }: { req: Caller; chat: ChatRecord }): boolean {
  if (req.entryPoint === 'system') return true
  if (req.entryPoint === 'link') return chat.channel === null
  if (chat.channel !== null) return req.entryPoint === 'channel' && req.channel?.instance === chat.channel.instance
  return WEB_DOORS.has(req.entryPoint) && canReadChat(req, chat)
}

/** The label of a channel chat's platform (`Slack`), from its piece when configured. */
export function channelLabel(services: Pick<TurnServices, 'pieces'>, chat: ChatRecord): string | null {
  if (!chat.channel) return null
  return services.pieces.get(chat.channel.instance)?.piece.label ?? channelLabelOf(chat.channel.piece)
}

/** The refusal of an agent's `access`: `unauthorized` for a caller nobody signed in, else `forbidden`. */
export function agentRefusal(agent: ResolvedAgent, req: Caller): FrogbotError {
  if (!req.user && !req.channel) return new FrogbotError('unauthorized', `Sign in or send "Authorization: Bearer <token>" to use the agent "${agent.slug}".`)
  return new FrogbotError('forbidden', `You may not use the agent "${agent.slug}".`)
}

/** The verdicts of `access` given to each caller, by agent: one caller is one request, message or answer. */
const verdicts = new WeakMap<Caller, Map<ResolvedAgent, Promise<boolean>>>()

/**
 * Whether the agent's `access` lets `req` use it. `access` runs once per caller: every door makes
 * one `req` for each request, message or answer (HTTP, the CLI, a channel piece, the app's code),
 * and the route's check, the engine's and a settle's retries ask the verdict given to it, so a user's
 * `access` that queries a database or a directory does so once per answer (docs/auth/access.md).
 */
export function mayUse(agent: ResolvedAgent, req: Caller): Promise<boolean> {
  let byAgent = verdicts.get(req)
  if (!byAgent) verdicts.set(req, (byAgent = new Map()))
  let verdict = byAgent.get(agent)
  if (!verdict) byAgent.set(agent, (verdict = agent.access(req)))
  return verdict
}

/** The agent `slug` names, if `req` may use it; throws `agent-not-found`, `unauthorized` or `forbidden`. */
export async function usableAgent(services: Pick<TurnServices, 'agents'>, slug: string, req: Caller): Promise<ResolvedAgent> {
  const agent = services.agents.get(slug)
  if (!agent) throw new FrogbotError('agent-not-found', `No agent "${slug}".`)
  // The app's own `notify` addressed an answer link's recipient: the agent's `access` is not asked again.
  if (req.entryPoint !== 'system' && req.entryPoint !== 'link' && !(await mayUse(agent, req))) throw agentRefusal(agent, req)
  return agent
}

/** The refusal of a write from the wrong home: `409 channel-chat` with the notice text, or `not-found`. */
function homeRefusal(services: Pick<TurnServices, 'pieces'>, chat: ChatRecord): FrogbotError {
  const label = channelLabel(services, chat)
  if (label) return new FrogbotError('channel-chat', channelNoticeText(label), { channelLabel: label })
  return chatNotFound(chat.id, chat.agentSlug)
}

/** Throws unless `req` may write `chat` from where it is (see {@link canWriteChat}); `chat` must be readable. */
export function assertHome(services: Pick<TurnServices, 'pieces'>, { chat, req }: { chat: ChatRecord; req: Caller }): void {
  if (!canWriteChat({ req, chat })) throw homeRefusal(services, chat)
}

/**
 * What an assignee (docs/chat/reach-people.md, "Who is asked") may do in a chat they may not read
 * otherwise: with `read`, read it (someone asked them in it); with `calls`, also act on those calls
 * (answer, dismiss, decide, keep a card's draft), when every one of them names them, in a web chat
 * through a web door or a piece that knows them as that user (a direct message's card, `notify.pieces`). Nothing else: they never send, edit, stop or branch.
 */
export type AssigneeRight = 'read' | { calls: () => Promise<CallRecord[]> }

/**
 * Whether `req`'s user is an assignee of every call of `calls` (or was told of it by an escalation)
 * in web chat `chat`, coming through a web door, or through a piece that knows them (the card
 * `notify.pieces` sent them in a direct message): as that user (their platform's email matched),
 * or by `<instance>:<platform user id>` (see {@link AssigneeRight}).
 */
export function assignedToAll(req: Caller, chat: ChatRecord, calls: CallRecord[]): boolean {
  // A piece's participant is also named `<instance>:<platform user id>` (Discord, Telegram: no emails).
  const keys = [...assigneeKeysOf(req.user), ...(req.entryPoint === 'channel' && req.channel ? [`${req.channel.instance}:${req.channel.userId}`] : [])]
  if (keys.length === 0 || chat.channel !== null || !(WEB_DOORS.has(req.entryPoint) || req.entryPoint === 'channel') || calls.length === 0) return false
  // Whom an escalation told may answer too (`notify.escalate`, docs/chat/reach-people.md "Escalation").
  const asks = (call: CallRecord) => [...(call.assignees ?? []), ...(call.escalatedTo ?? []).map((entry) => (entry.includes('@') ? entry.toLowerCase() : entry))]
  return calls.every((call) => asks(call).some((assignee) => keys.includes(assignee)))
}

/** Whether `req` may act as an assignee in `chat` with `right` (see {@link AssigneeRight}). */
async function assigneeMay(services: Pick<TurnServices, 'store'>, req: Caller, chat: ChatRecord, right: AssigneeRight): Promise<boolean> {
  if (right === 'read') {
    const keys = assigneeKeysOf(req.user)
    return keys.length > 0 && req.entryPoint !== 'channel' && (await services.store.isAssignedIn(chat.id, keys))
  }
  return assignedToAll(req, chat, await right.calls())
}

/**
 * Loads chat `chatId` for `req` and checks, in the order of the README ("How a turn runs"): the chat exists (and belongs
 * to `agentSlug`, when given), the agent's `access` (`unauthorized`, `forbidden`), that `req` may
 * read it (`not-found`, with the same message as a missing chat so a foreign chat's existence is
 * never revealed), and with `write`, its home: a channel conversation written from anywhere else
 * is `409 channel-chat` with the notice text as the message. With `assignee`, an assignee of the
 * chat's calls passes where that right lets them (see {@link AssigneeRight}); an assignee who reads
 * the chat and asks for more is `forbidden` (see {@link unreadableRefusal}). Returns the chat and its agent.
 */
export async function chatFor(
  services: Pick<TurnServices, 'store' | 'agents' | 'pieces'>,
  { chatId, agentSlug, req, write, assignee }: { chatId: string; agentSlug?: string; req: Caller; write: boolean; assignee?: AssigneeRight }
): Promise<{ chat: ChatRecord; agent: ResolvedAgent }> {
  const chat = await services.store.getChat(chatId)
  return { chat: chat!, agent: await checkChat(services, { chat, chatId, agentSlug, req, write, assignee }) }
}

/** {@link chatFor}'s checks on a chat already read (`null` when it does not exist); returns its agent. */
export async function checkChat(
  services: Pick<TurnServices, 'store' | 'agents' | 'pieces'>,
  { chat, chatId, agentSlug, req, write, assignee }: { chat: ChatRecord | null; chatId: string; agentSlug?: string; req: Caller; write: boolean; assignee?: AssigneeRight }
): Promise<ResolvedAgent> {
  const missing = () => chatNotFound(chatId, agentSlug)
  if (!chat || (agentSlug !== undefined && chat.agentSlug !== agentSlug)) throw missing()
  const agent = await usableAgent(services, chat.agentSlug, req)
  if (canReadChat(req, chat)) {
    if (write) assertHome(services, { chat, req })
    return agent
  }
  const mayAssignee = assignee !== undefined && !(write && assignee === 'read')
  if (mayAssignee && (await assigneeMay(services, req, chat, assignee))) return agent
  // A call's own right (answer, draft) refused stays `not-found`, as for a call that is not waiting.
  if (typeof assignee === 'object') throw missing()
  throw await unreadableRefusal(services, { req, chat, missing })
}

/**
 * The refusal of `req` in a chat it may not read as owner (see {@link canReadChat}), for anything
 * but reading it or acting on its calls: `forbidden` for an assignee who reads it (they may only
 * read it and answer their calls, docs/chat/reach-people.md "Who is asked"), else `missing()`
 * (`not-found`: anyone else learns nothing of the chat).
 */
export async function unreadableRefusal(
  services: Pick<TurnServices, 'store'>,
  { req, chat, missing }: { req: Caller; chat: ChatRecord; missing: () => FrogbotError }
): Promise<FrogbotError> {
  if (!(await assigneeMay(services, req, chat, 'read'))) return missing()
  const rule = 'assignees may only read it and answer their calls'
  return new FrogbotError('forbidden', `You were asked in this chat: ${rule}.`)
}

/**
 * Who a settlement by `req` is recorded as (docs/chat/turns.md: every settlement records who and
 * when). A channel participant is recorded by their piece, instance, platform user id, and the
 * name and email their piece gave (never the piece's other platform fields), with the FrogBot
 * user matched to them, if any; an answer link's caller by its recipient, with their user, if any.
 */
export function settledByOf(req: Caller): SettledBy {
  if (req.channel) {
    const { piece, instance, userId, name, email } = req.channel
    return { channel: { piece, instance, userId, ...(name ? { name } : {}), ...(email ? { email } : {}) }, ...(req.user ? { userId: req.user.id } : {}) }
  }
  if (req.entryPoint === 'system') return { system: true }
  if (req.link) return { link: { recipient: req.link.recipient }, ...(req.user ? { userId: req.user.id } : {}) }
  if (!req.user) return { anonymous: true }
  const credential = req.credential
  return credential.type === 'token' ? { userId: req.user.id, token: { name: credential.name, prefix: credential.prefix } } : { userId: req.user.id }
}
