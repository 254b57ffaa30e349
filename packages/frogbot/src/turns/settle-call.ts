import type { FrogbotRequest } from '../auth/frogbot-request.ts'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import { toolFingerprint } from '../agents/tool-set.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { toPendingCall } from '../store/chat-records.ts'
import type { SettlementWithPart } from '../store/settle-in-store.ts'
import { assertWritable, loadChat, settledByOf } from './chat-access.ts'
import { runTurn, type TurnRun } from './run-turn.ts'
import type { TurnServices } from './turn-environment.ts'
import type { PendingCall } from './pending-call.ts'

/** What to settle a call with: an `output`, or `dismissed: true` with an optional `reason`. */
export type SettleInput = { toolCallId: string } & ({ output: unknown } | { dismissed: true; reason?: string })

/**
 * The outcome of a settle that was accepted.
 * - `continued`: this answer settled the last pending call of the step; `run` is the continuation.
 * - `awaiting-input`: other calls of the step still wait (`pending`).
 * - `dismissed`: the call was dismissed, the step's other calls closed; the model was not called.
 */
export type SettleOutcome =
  | { kind: 'continued'; settlement: SettlementWithPart; run: TurnRun }
  | { kind: 'awaiting-input'; settlement: SettlementWithPart; chatId: string; pending: PendingCall[] }
  | { kind: 'dismissed'; settlement: SettlementWithPart; chatId: string; messageId: string }

function zodMessage(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .map((issue) => `${['output', ...issue.path.map(String)].join('.')}: ${issue.message}`)
    .join('; ')
}

/**
 * Settles one pending call of a chat — the one function every door (HTTP, chat UI, channels, CLI)
 * settles through. Checks, in order: the chat exists for this caller (`404 not-found`), is not a
 * channel conversation (`409 channel-chat`), has the call (`404 call-not-found`), the call still
 * waits (`409 already-settled` with the stored settlement), the chat awaits input
 * (`409 not-awaiting`), the tool still exists unchanged (`409 tool-unavailable`, answers only),
 * `client.access` (`403 forbidden`), then the output against `outputSchema` and `client.validate`
 * (`400 invalid-output`). The write is one compare-and-set: the first valid answer wins.
 */
export async function settleCall(
  services: TurnServices,
  { agent, chatId, req, input }: { agent: ResolvedAgent; chatId: string; req: FrogbotRequest; input: SettleInput }
): Promise<SettleOutcome> {
  const { store, now, leaseMs } = services
  const chat = await loadChat(store, { agentSlug: agent.slug, chatId, req })
  assertWritable(chat)
  let call = await store.getCall(chatId, input.toolCallId)
  if (!call) throw new FrogbotError('call-not-found', `No pending call "${input.toolCallId}" in this chat.`)
  if (call.status === 'pending' && call.expiresAt !== null && call.expiresAt <= now().toISOString()) {
    const at = now().toISOString()
    await store.settle({ chatId, toolCallId: call.toolCallId, change: { outcome: 'expired' }, by: { system: true }, leaseOwner: services.processId, leaseUntil: at, now: at })
    call = (await store.getCall(chatId, input.toolCallId))!
  }
  if (call.status !== 'pending') throw await alreadySettled(services, chatId, input.toolCallId)
  if (chat.state !== 'awaiting-input') throw new FrogbotError('not-awaiting', `The chat is ${chat.state}, not waiting for input.`)

  const tool = agent.clientTools.get(call.toolName)
  const toolIntact = tool !== undefined && toolFingerprint(tool) === call.toolFingerprint
  const dismissing = 'dismissed' in input
  if (!dismissing && !toolIntact) {
    throw new FrogbotError(
      'tool-unavailable',
      `The tool "${call.toolName}" of this call was removed or changed since it was asked; dismiss the call instead.`
    )
  }
  if (tool?.client.access && !(await tool.client.access({ req, call: toPendingCall(call) }))) {
    throw new FrogbotError('forbidden', `You may not settle calls of "${call.toolName}".`)
  }

  let output: unknown
  if (!dismissing) {
    const parsed = tool!.outputSchema.safeParse(input.output)
    if (!parsed.success) throw new FrogbotError('invalid-output', zodMessage(parsed.error))
    output = parsed.data
    const verdict = tool!.client.validate?.({ input: call.input, output })
    if (verdict !== undefined && verdict !== true) throw new FrogbotError('invalid-output', String(verdict))
  }

  const leaseOwner = `${services.processId}:${services.newId('lease')}`
  const result = await store.settle({
    chatId,
    toolCallId: input.toolCallId,
    change: dismissing ? { outcome: 'dismissed', reason: input.reason } : { outcome: 'answered', output },
    by: settledByOf(req),
    leaseOwner,
    leaseUntil: new Date(now().getTime() + leaseMs).toISOString(),
    now: now().toISOString()
  })
  switch (result.status) {
    case 'call-not-found':
      throw new FrogbotError('call-not-found', `No pending call "${input.toolCallId}" in this chat.`)
    case 'already-settled':
      throw alreadySettledError(result.settlement)
    case 'not-awaiting':
      throw new FrogbotError('not-awaiting', 'The chat is not waiting for input.')
    case 'write-conflict':
      throw new FrogbotError('write-conflict', 'The message kept changing while FrogBot tried to save the answer; retry.')
  }
  if (result.continues) {
    const messages = await store.getMessages(chatId)
    const run = runTurn(services, { agent, chatId, req, messages, leaseOwner, offerClientTools: req.entryPoint !== 'local' })
    return { kind: 'continued', settlement: result.settlement, run }
  }
  if (dismissing) return { kind: 'dismissed', settlement: result.settlement, chatId, messageId: call.messageId }
  return { kind: 'awaiting-input', settlement: result.settlement, chatId, pending: result.remaining.map(toPendingCall) }
}

function alreadySettledError(settlement: SettlementWithPart | null) {
  return new FrogbotError('already-settled', 'This call was already settled; the first answer wins.', { settlement })
}

async function alreadySettled(services: TurnServices, chatId: string, toolCallId: string) {
  const call = await services.store.getCall(chatId, toolCallId)
  const message = call ? await services.store.getMessage(chatId, call.messageId) : null
  const settlement = message?.settlements.find((entry) => entry.toolCallId === toolCallId)
  const part = message?.parts.find((entry) => (entry as { toolCallId?: string }).toolCallId === toolCallId) ?? null
  return alreadySettledError(settlement ? { ...settlement, part } : null)
}
