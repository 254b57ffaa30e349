import { isToolUIPart, type UIMessage } from 'ai'
import type { FrogbotRequest } from '../auth/frogbot-request.ts'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { toPendingCall } from '../store/chat-records.ts'
import { assertWritable, loadChat } from './chat-access.ts'
import { commitSettle, type PreparedSettle, prepareSettle, type SettleInput, type SettleOutcome } from './settle-call.ts'
import type { TurnServices } from './turn-environment.ts'

const DISMISS_REASON = /^Dismissed by the user\. Reason: ([\s\S]+)$/

/** The settle a client tool part of the browser's copy asks for, or `null` when it has no result. */
function settleInputOf(part: ReturnType<typeof toolParts>[number]): SettleInput | null {
  if (part.state === 'output-available') return { toolCallId: part.toolCallId, output: part.output }
  if (part.state === 'output-error') {
    const reason = DISMISS_REASON.exec(part.errorText ?? '')?.[1]
    return { toolCallId: part.toolCallId, dismissed: true, ...(reason ? { reason } : {}) }
  }
  return null
}

const toolParts = (message: UIMessage) => message.parts.filter(isToolUIPart)

/**
 * Settles what `useChat` resubmits after `addToolOutput` (seed: "Answer in the chat UI"): only the
 * tool outputs of the last assistant message are read, each is checked against its **stored**
 * call (never the browser's copy of the input, the history or anything else), and all of them are
 * settled before the turn continues. Every output is checked before any is stored, so nothing is
 * stored when one is refused.
 * Throws, besides the seed's settle codes: `404 call-not-found` for an output of a call the server
 * does not hold in that message; `409 pending-calls` (with `pending`) while other calls of the
 * step still need an answer; `409 turn-in-progress` when another request already continued.
 */
export async function settleResubmission(
  services: TurnServices,
  { agent, chatId, req, message }: { agent: ResolvedAgent; chatId: string; req: FrogbotRequest; message: UIMessage }
): Promise<SettleOutcome> {
  const { store } = services
  const chat = await loadChat(store, { agentSlug: agent.slug, chatId, req })
  assertWritable(chat)
  const stored = await store.getMessage(chatId, message.id)
  if (!stored || stored.role !== 'assistant') throw new FrogbotError('call-not-found', `No assistant message "${message.id}" with pending calls in this chat.`)

  const inputs: SettleInput[] = []
  for (const part of toolParts(message)) {
    const input = settleInputOf(part)
    if (!input) continue
    const call = await store.getCall(chatId, part.toolCallId)
    if (call?.messageId === stored.id) inputs.push(input)
    else if (!stored.parts.some((storedPart) => isToolUIPart(storedPart) && storedPart.toolCallId === part.toolCallId)) {
      throw new FrogbotError('call-not-found', `No pending call "${part.toolCallId}" in this chat.`)
    }
  }
  const waiting = (await store.getPendingCalls(chatId)).filter((call) => call.messageId === stored.id)
  const answering = inputs.filter((input) => waiting.some((call) => call.toolCallId === input.toolCallId))
  if (answering.length === 0) {
    if (inputs.length > 0 || chat.state === 'running') throw new FrogbotError('turn-in-progress', 'Another request already continued this turn; join it with GET .../chats/:chatId/stream, or reload the chat.')
    throw new FrogbotError('bad-request', `messages: the last assistant message carries no tool output to settle`)
  }
  const missing = waiting.filter((call) => !answering.some((input) => input.toolCallId === call.toolCallId))
  if (missing.length > 0) {
    throw new FrogbotError('pending-calls', 'Other calls of this step still need an answer.', { pending: missing.map(toPendingCall) })
  }

  // A dismissal ends the step (its other calls close), so it is the only settle to write.
  const dismissal = answering.find((input) => 'dismissed' in input)
  try {
    const prepared: PreparedSettle[] = []
    for (const input of dismissal ? [dismissal] : answering) prepared.push(await prepareSettle(services, { agent, chat, req, input }))
    let outcome: SettleOutcome | undefined
    for (const entry of prepared) outcome = await commitSettle(services, { agent, req, prepared: entry })
    return outcome!
  } catch (error) {
    if (FrogbotError.isInstance(error) && error.code === 'already-settled') {
      throw new FrogbotError('turn-in-progress', 'Another request already continued this turn; join it with GET .../chats/:chatId/stream, or reload the chat.', error.data)
    }
    throw error
  }
}
