import type { FrogbotRequest } from '../auth/frogbot-request.ts'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import { toolFingerprint } from '../agents/tool-set.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { type CallRecord, type ChatRecord, toPendingCall } from '../store/chat-records.ts'
import type { SettleChange, SettlementWithPart } from '../store/settle-in-store.ts'
import { assertWritable, loadChat, settledByOf } from './chat-access.ts'
import type { PendingCall } from './pending-call.ts'
import { runTurn, type TurnRun } from './run-turn.ts'
import type { TurnServices } from './turn-environment.ts'

/** What to settle a call with: an `output`, or `dismissed: true` with an optional `reason`. */
export type SettleInput = { toolCallId: string } & ({ output: unknown } | { dismissed: true; reason?: string })

/**
 * The outcome of a settle that was accepted.
 * - `continued`: this answer settled the last pending call of the step; `run` is the continuation.
 * - `awaiting-input`: other calls of the step still wait (`pending`).
 * - `dismissed`: the call was dismissed, the step's other calls closed; the model was not called.
 */
export type SettleOutcome =
  | { kind: 'continued'; settlement: SettlementWithPart; chatId: string; run: TurnRun }
  | { kind: 'awaiting-input'; settlement: SettlementWithPart; chatId: string; pending: PendingCall[] }
  | { kind: 'dismissed'; settlement: SettlementWithPart; chatId: string; messageId: string }

/** A settle that passed every check and is ready to be written. */
export type PreparedSettle = { call: CallRecord; change: SettleChange }

function zodMessage(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues.map((issue) => `${['output', ...issue.path.map(String)].join('.')}: ${issue.message}`).join('; ')
}

function alreadySettledError(settlement: SettlementWithPart | null) {
  return new FrogbotError('already-settled', 'This call was already settled; the first answer wins.', { settlement })
}

async function storedSettlement(services: TurnServices, call: CallRecord): Promise<SettlementWithPart | null> {
  const message = await services.store.getMessage(call.chatId, call.messageId)
  const settlement = message?.settlements.find((entry) => entry.toolCallId === call.toolCallId)
  const part = message?.parts.find((entry) => (entry as { toolCallId?: string }).toolCallId === call.toolCallId) ?? null
  return settlement ? { ...settlement, part } : null
}

/**
 * Checks a settle without writing anything, in the seed's order: the chat has the call
 * (`404 call-not-found`), the call still waits (`409 already-settled` with the stored settlement;
 * a call past its `client.expiresIn` is expired first), the chat awaits input (`409 not-awaiting`),
 * the tool still exists unchanged (`409 tool-unavailable`, answers only), `client.access`
 * (`403 forbidden`), then the output against `outputSchema` and `client.validate`
 * (`400 invalid-output`). The stored call is the truth: nothing from the client but the output is used.
 */
export async function prepareSettle(
  services: TurnServices,
  { agent, chat, req, input }: { agent: ResolvedAgent; chat: ChatRecord; req: FrogbotRequest; input: SettleInput }
): Promise<PreparedSettle> {
  const { store, now } = services
  let call = await store.getCall(chat.id, input.toolCallId)
  if (!call) throw new FrogbotError('call-not-found', `No pending call "${input.toolCallId}" in this chat.`)
  if (call.status === 'pending' && call.expiresAt !== null && call.expiresAt <= now().toISOString()) {
    const at = now().toISOString()
    await store.settle({ chatId: chat.id, toolCallId: call.toolCallId, change: { outcome: 'expired' }, by: { system: true }, leaseOwner: services.processId, leaseUntil: at, now: at })
    call = (await store.getCall(chat.id, input.toolCallId))!
  }
  if (call.status !== 'pending') throw alreadySettledError(await storedSettlement(services, call))
  if (chat.state !== 'awaiting-input') throw new FrogbotError('not-awaiting', `The chat is ${chat.state}, not waiting for input.`)

  const tool = agent.clientTools.get(call.toolName)
  const toolIntact = tool !== undefined && toolFingerprint(tool) === call.toolFingerprint
  if ('dismissed' in input) {
    if (tool?.client.access && !(await tool.client.access({ req, call: toPendingCall(call) }))) {
      throw new FrogbotError('forbidden', `You may not settle calls of "${call.toolName}".`)
    }
    return { call, change: { outcome: 'dismissed', reason: input.reason } }
  }
  if (!tool || !toolIntact) {
    throw new FrogbotError('tool-unavailable', `The tool "${call.toolName}" of this call was removed or changed since it was asked; dismiss the call instead.`)
  }
  if (tool.client.access && !(await tool.client.access({ req, call: toPendingCall(call) }))) {
    throw new FrogbotError('forbidden', `You may not settle calls of "${call.toolName}".`)
  }
  const parsed = tool.outputSchema.safeParse(input.output)
  if (!parsed.success) throw new FrogbotError('invalid-output', zodMessage(parsed.error))
  const verdict = tool.client.validate?.({ input: call.input, output: parsed.data })
  if (verdict !== undefined && verdict !== true) throw new FrogbotError('invalid-output', String(verdict))
  return { call, change: { outcome: 'answered', output: parsed.data } }
}

/**
 * Writes a prepared settle as one compare-and-set (the first valid answer wins) and, when it settled
 * the last pending call of the step, starts the continuation in the same assistant message.
 */
export async function commitSettle(
  services: TurnServices,
  { agent, req, prepared }: { agent: ResolvedAgent; req: FrogbotRequest; prepared: PreparedSettle }
): Promise<SettleOutcome> {
  const { store, now, leaseMs } = services
  const { call, change } = prepared
  const leaseOwner = `${services.processId}:${services.newId('lease')}`
  const result = await store.settle({
    chatId: call.chatId,
    toolCallId: call.toolCallId,
    change,
    by: settledByOf(req),
    leaseOwner,
    leaseUntil: new Date(now().getTime() + leaseMs).toISOString(),
    now: now().toISOString()
  })
  switch (result.status) {
    case 'call-not-found':
      throw new FrogbotError('call-not-found', `No pending call "${call.toolCallId}" in this chat.`)
    case 'already-settled':
      throw alreadySettledError(result.settlement)
    case 'not-awaiting':
      throw new FrogbotError('not-awaiting', 'The chat is not waiting for input.')
    case 'write-conflict':
      throw new FrogbotError('write-conflict', 'The message kept changing while FrogBot tried to save the answer; retry.')
  }
  if (result.continues) {
    const messages = await store.getMessages(call.chatId)
    const run = runTurn(services, { agent, chatId: call.chatId, req, messages, leaseOwner, offerClientTools: req.entryPoint !== 'local' })
    return { kind: 'continued', settlement: result.settlement, chatId: call.chatId, run }
  }
  if (change.outcome !== 'answered') return { kind: 'dismissed', settlement: result.settlement, chatId: call.chatId, messageId: call.messageId }
  return { kind: 'awaiting-input', settlement: result.settlement, chatId: call.chatId, pending: result.remaining.map(toPendingCall) }
}

/**
 * Settles one pending call of a chat — the function every door (HTTP, chat UI, channels, CLI)
 * settles through. Throws `404 not-found` for a chat this caller cannot see and `409 channel-chat`
 * for a channel conversation, then everything {@link prepareSettle} and {@link commitSettle} throw.
 */
export async function settleCall(
  services: TurnServices,
  { agent, chatId, req, input }: { agent: ResolvedAgent; chatId: string; req: FrogbotRequest; input: SettleInput }
): Promise<SettleOutcome> {
  const chat = await loadChat(services.store, { agentSlug: agent.slug, chatId, req })
  assertWritable(chat)
  const prepared = await prepareSettle(services, { agent, chat, req, input })
  return commitSettle(services, { agent, req, prepared })
}
