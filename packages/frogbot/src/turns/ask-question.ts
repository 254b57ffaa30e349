import { isToolUIPart, type UIMessage } from 'ai'
import type { ChannelIdentity, FrogbotMessageMetadata, PendingCall } from '@frogbotai/protocol'
import type { Caller } from '../contract/caller.ts'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { type ChatRecord, toPendingCall } from '../store/chat-records.ts'
import { withAssignees } from '../assignees/resolve-assignees.ts'
import { usableAgent } from './chat-access.ts'
import { firstWordsTitle } from './chat-titles.ts'
import { waitingCalls } from './run/waiting-calls.ts'
import { pauseAtCalls } from './run/turn-saves.ts'
import { announceWaiting } from './run/turn-events.ts'
import { isoIn, newLeaseOwner, type TurnServices } from './services.ts'
import { refuseBrokenText } from './rules/nul-text.ts'

/** The question tool an agent asks through: the client tool of kind `question`, or `undefined`. */
export function questionToolOf(agent: ResolvedAgent) {
  return [...agent.clientTools.values()].find((tool) => tool.client.kind === 'question')
}

/**
 * Asks a person a question in a new chat of `agentSlug`, on behalf of `req` (the MCP door's
 * `ask_human`, docs/protocols/mcp.md): the chat belongs to `req.user` (in their chat list and
 * inbox), its first message is `prompt` from the caller, and the agent's reply is one call of its
 * question tool with `input`, waiting like any question the model asked (notices, pieces, expiry
 * apply; `calls-waiting` is announced). The model is not called to ask, nor after the answer:
 * the reply's metadata says `askedFor: 'mcp'` and the settle door ends the turn at the answer
 * (outcome `ended`); a message sent to the chat afterwards is an ordinary turn. `input` is checked against the tool's
 * `inputSchema` (`bad-request` naming `field`), its text against the typed-text rules (`bad-request`
 * naming the string, `arguments.questions.0.question: must not contain NUL (U+0000)`).
 * With `channel` (a conversation a piece opened for
 * it, `mcp.channel`), the chat is that channel conversation: the piece draws the question there and
 * it is answered there. Throws `agent-not-found`, `unauthorized`,
 * `forbidden` (the agent's `access`), `bad-request` (no question tool on the agent, bad input).
 */
export async function askQuestion(
  services: TurnServices,
  { agentSlug, req, input, prompt, field = 'input', channel = null }: { agentSlug: string; req: Caller; input: unknown; prompt: string; field?: string; channel?: ChannelIdentity | null }
): Promise<{ chatId: string; toolCallId: string; pending: PendingCall[] }> {
  if (!req.user) throw new FrogbotError('unauthorized', 'Sign in or send "Authorization: Bearer <token>" to ask a question.')
  const agent = await usableAgent(services, agentSlug, req)
  const tool = questionToolOf(agent)
  if (!tool) throw new FrogbotError('bad-request', `agent "${agent.slug}" has no question tool; add \`question\` to its tools`)
  const parsed = tool.inputSchema.safeParse(input)
  if (!parsed.success) throw new FrogbotError('bad-request', `${field}: ${parsed.error.issues.map((issue) => `${[field, ...issue.path].join('.')}: ${issue.message}`).join('; ')}`)
  // The questions reach a person as text (docs/project/guarantees.md, Limits): no NUL, no lone surrogate.
  refuseBrokenText(parsed.data, [field])
  const chatId = services.newId('chat')
  const replyId = services.newId('msg')
  const leaseOwner = newLeaseOwner(services, replyId)
  const message: UIMessage = { id: services.newId('msg'), role: 'user', parts: [{ type: 'text', text: prompt }] }
  const create = { id: chatId, agentSlug: agent.slug, ownerId: req.user.id, title: firstWordsTitle(message.parts), channel }
  const messageId = await services.store.startNewChat({ chat: create, message, leaseOwner, leaseUntil: isoIn(services, services.leaseMs), now: isoIn(services), freshId: () => services.newId('msg') })
  if (messageId === null) throw new FrogbotError('write-conflict', 'The new chat could not be created; retry.')
  const toolCallId = services.newId('call')
  const reply: UIMessage = {
    id: replyId,
    role: 'assistant',
    // The turn ends at the answer (docs/protocols/mcp.md): the caller asked a person, not the agent.
    metadata: { askedFor: 'mcp' } satisfies FrogbotMessageMetadata,
    parts: [{ type: 'step-start' }, { type: `tool-${tool.slug}`, toolCallId, state: 'input-available', input: parsed.data } as UIMessage['parts'][number]]
  }
  const waiting = waitingCalls({ message: reply, agent, offers: () => true, chatId, createdAt: isoIn(services), expiresAt: (expiresIn) => isoIn(services, expiresIn) })
  const now = isoIn(services)
  const chat: ChatRecord = { ...create, state: 'awaiting', leaseOwner: null, leaseUntil: null, stopRequestedAt: null, version: 0, createdAt: now, updatedAt: now }
  // Who is asked, as for a question the model asks (the agent's `questions.assignees`).
  const calls = await withAssignees({ agent, chat, req, log: services.log }, waiting.calls)
  const turn = { chatId, leaseOwner, position: 1, settlements: [] }
  if (!(await pauseAtCalls(services, turn, waiting.sealed, calls))) throw new FrogbotError('write-conflict', 'The new chat changed before the question was saved; retry.')
  const pending = calls.map((call) => toPendingCall({ ...call, votes: [] }))
  announceWaiting(services, chat, pending)
  return { chatId, toolCallId, pending }
}

/**
 * How call `toolCallId` of `message` ended: `waiting` while its part has no result, else its
 * `output`, or the `errorText` of a tool error (a dismissal, an expiry). Pure.
 */
export function callResult(messages: UIMessage[], toolCallId: string): { status: 'waiting' } | { status: 'answered'; output: unknown } | { status: 'failed'; errorText: string } {
  for (const message of messages) {
    for (const part of message.parts) {
      if (!isToolUIPart(part) || part.toolCallId !== toolCallId) continue
      if (part.state === 'output-available') return { status: 'answered', output: part.output }
      if (part.state === 'output-error') return { status: 'failed', errorText: part.errorText }
      return { status: 'waiting' }
    }
  }
  return { status: 'failed', errorText: 'The question is no longer in its chat.' }
}
