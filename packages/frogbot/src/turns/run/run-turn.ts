import {
  convertToModelMessages,
  type FinishReason,
  isToolUIPart,
  type LanguageModelUsage,
  experimental_streamTextLowMemory as streamTextOnce,
  toUIMessageStream,
  type UIMessage,
  type UIMessageChunk,
  wrapLanguageModel
} from 'ai'
import type { Caller } from '../../contract/caller.ts'
import type { ResolvedAgent } from '../../agents/resolve-agents.ts'
import { buildToolSet, type StepGate } from '../../agents/tool-set.ts'
import { toolInputBounds } from '../../agents/tool-input-depth.ts'
import { partMiddleware } from '../../models/part-middleware.ts'
import { logModelError, modelErrorText } from '../../models/model-errors.ts'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import {
  APPROVED_NOT_FINISHED_TEXT,
  SHUTDOWN_BEFORE_APPROVED_RUN_TEXT,
  SHUTDOWN_WHILE_APPROVED_RUN_TEXT,
  SHUTDOWN_WHILE_TOOL_RAN_TEXT,
  STOPPED_BEFORE_APPROVED_RUN_TEXT,
  STOPPED_WHILE_APPROVED_RUN_TEXT,
  type TurnResult
} from '@frogbotai/protocol'
import type { ChatRecord, StoredMessage } from '../../store/chat-records.ts'
import { toPendingCall } from '../../store/chat-records.ts'
import { pumpTurn } from './turn-stream.ts'
import { offeredKinds } from './offered-tools.ts'
import { approvalGate } from './approval-gate.ts'
import { replayChunks } from '../live/replay-chunks.ts'
import { isoIn, runMessageOf, ShutdownStop, shutdownOf, type TurnServices } from '../services.ts'
import { endStreamingParts, markStopped, modelView, openToolCallIds, sealToolParts, textOf, toUIMessage } from '../transcript.ts'
import { waitingCalls, waitingParts } from './waiting-calls.ts'
import { withAssignees } from '../../assignees/resolve-assignees.ts'
import { announceTurn, announceWaiting } from './turn-events.ts'
import { keepLease } from './turn-lease.ts'
import { endTurn, pauseAtCalls, saveStep } from './turn-saves.ts'
import { uniqueToolCallIds } from './unique-tool-call-ids.ts'
import type { TurnRun } from '../../contract/turns.ts'
import { isMcpInputRequired, type McpResume, withoutMcpInputRequests } from '../../tools/mcp-elicitation.ts'

const EMPTY_USAGE = { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined } as LanguageModelUsage

/** Every tool call id of a transcript. */
function toolCallIdsOf(messages: UIMessage[]): Set<string> {
  return new Set(messages.flatMap((message) => message.parts.filter(isToolUIPart).map((part) => part.toolCallId)))
}

/**
 * Where a turn starts from the stored transcript: the messages as clients see them (calls left
 * open by a turn whose process died get a tool error, so the model never sees a call without a
 * result; an approved call whose tool never finished is not run again), the same transcript as the
 * model reads it (`modelMessages`, see `modelView`), the assistant message it continues (its id
 * and settlements kept) or `null`, and how many parts that message held before. `approved` are the
 * calls a person approved whose tools this turn runs (a continuation its approval started). Pure.
 */
export function turnStart(messages: StoredMessage[], approved: ReadonlySet<string> = new Set()) {
  const uiMessages = messages.map((message) => sealToolParts(toUIMessage(message), approved))
  const continued = uiMessages.at(-1)?.role === 'assistant' ? uiMessages.at(-1)! : null
  return {
    uiMessages,
    modelMessages: modelView(uiMessages, messages),
    continued,
    partsBefore: continued?.parts.length ?? 0,
    settlements: continued ? messages.at(-1)!.settlements : []
  }
}

/** The approval id of each call of `approved`, from its part in the continued message. */
function approvalIdsOf(message: UIMessage | null, approved: ReadonlySet<string>): Map<string, string> {
  const ids = new Map<string, string>()
  for (const part of message?.parts.filter(isToolUIPart) ?? []) {
    if (approved.has(part.toolCallId) && part.approval) ids.set(part.toolCallId, part.approval.id)
  }
  return ids
}

/** What a turn learns while it runs: a model error, a lost chat, the finish reason and usage of a tool loop that ended. */
type TurnState = { modelError?: string; lostChat: boolean; finishReason?: FinishReason; usage?: LanguageModelUsage }

/**
 * What the parts of one turn share: the chat, the agent, the kinds of call it may wait for, the
 * step gate (with the approved calls it runs), the lease and the stop signal.
 */
type TurnContext = {
  services: TurnServices
  agent: ResolvedAgent
  chat: ChatRecord
  req: Caller
  offers: (kind: string) => boolean
  gate: StepGate
  turn: TurnSave
  abort: AbortController
  state: TurnState
}

type TurnSave = Parameters<typeof saveStep>[1]

const lostHold = () => new FrogbotError('write-conflict', 'The turn lost its hold on the chat before it could be saved; reload the chat.')

/**
 * The stop signal a turn's server tools get (`StepGate['toolSignal']`): it follows the turn's
 * `signal` at once, except when the server's shutdown stopped the turn: then it fires once the
 * shutdown's grace is over, so a tool already running may finish and its result is stored.
 */
function toolSignalOf(signal: AbortSignal): AbortSignal {
  const tools = new AbortController()
  const follow = () => {
    const shutdown = shutdownOf(signal)
    if (!shutdown) return tools.abort(signal.reason)
    void shutdown.graceOver.then(() => tools.abort(signal.reason))
  }
  if (signal.aborted) follow()
  else signal.addEventListener('abort', follow, { once: true })
  return tools.signal
}

/**
 * Holds the chat for a turn in this process: registers its stop signal (already stopped while
 * FrogBot closes) and keeps its lease; `release` lets both go.
 */
function holdChat(services: TurnServices, { chatId, leaseOwner }: { chatId: string; leaseOwner: string }) {
  const abort = new AbortController()
  services.activeRuns.set(leaseOwner, abort)
  // A turn that starts while FrogBot closes ends at once as stopped, before the database goes.
  if (services.closing) abort.abort(new ShutdownStop(Promise.resolve()))
  const stopLease = keepLease(services, { chatId, leaseOwner, abort })
  const release = () => {
    stopLease()
    if (services.activeRuns.get(leaseOwner) === abort) services.activeRuns.delete(leaseOwner)
  }
  return { abort, release }
}

/**
 * After a step the loop goes on from (its tool calls ran), saves the message as far as it got.
 * The last step is written by {@link finishTurn}, once: as a pause at client calls, or as the turn's end.
 */
async function saveGoneOnStep({ services, agent, offers, turn, abort, state }: TurnContext, message: UIMessage): Promise<void> {
  if (state.lostChat || abort.signal.aborted) return
  const stepStart = message.parts.findLastIndex((part) => part.type === 'step-start')
  const stepTools = message.parts.slice(stepStart + 1).filter(isToolUIPart)
  if (stepTools.length === 0 || waitingParts(message, agent, offers).length > 0) return
  state.lostChat = !(await saveStep(services, turn, sealToolParts(message, openToolCallIds(message))))
}

/** Pauses the turn at the client calls its last step waits for, if any: saved with the message, the chat `awaiting`. */
async function pauseIfWaiting(context: TurnContext, message: UIMessage): Promise<TurnResult | null> {
  const { services, agent, offers, chat, req, turn } = context
  const waiting = waitingCalls({ message, agent, offers, chatId: chat.id, createdAt: isoIn(services), expiresAt: (expiresIn) => isoIn(services, expiresIn) })
  if (waiting.calls.length === 0) return null
  const { sealed } = waiting
  const calls = await withAssignees({ agent, chat, req, log: services.log }, waiting.calls)
  if (!(await pauseAtCalls(services, turn, sealed, calls))) throw lostHold()
  const pending = calls.map((call) => toPendingCall({ ...call, votes: [] }))
  announceWaiting(services, chat, pending)
  return { status: 'awaiting-input', chatId: chat.id, pending }
}

/**
 * Stores a turn's outcome from its last message (`null` when the model never streamed): a pause at
 * client calls, or the turn's end (stopped parts marked), after which a queued message starts.
 * Throws `model-error` after storing what the model generated, `write-conflict` for a lost chat.
 */
async function finishTurn(context: TurnContext, lastMessage: UIMessage | null, start: { continued: UIMessage | null; partsBefore: number }): Promise<TurnResult> {
  const { services, chat, turn, abort, state, gate } = context
  // A stopped or failed step leaves its last text or reasoning part unended.
  const responseMessage = lastMessage ? endStreamingParts(lastMessage) : null
  if (responseMessage && !state.lostChat && !abort.signal.aborted) {
    const paused = await pauseIfWaiting(context, responseMessage)
    if (paused) return paused
  }
  // The server shutting down gives a server tool already running its grace to finish.
  const shutdown = shutdownOf(abort.signal)
  if (shutdown && gate.running && gate.running.size > 0) {
    await Promise.race([Promise.allSettled(gate.running.values()), shutdown.graceOver])
  }
  // An approved call whose tool did not finish here is never run again (docs/agents/approvals.md).
  const notFinished = (toolCallId: string) => {
    if (!abort.signal.aborted) return APPROVED_NOT_FINISHED_TEXT
    if (shutdown) {
      const ran = gate.started.has(toolCallId)
      return ran ? SHUTDOWN_WHILE_APPROVED_RUN_TEXT : SHUTDOWN_BEFORE_APPROVED_RUN_TEXT
    }
    return gate.started.has(toolCallId) ? STOPPED_WHILE_APPROVED_RUN_TEXT : STOPPED_BEFORE_APPROVED_RUN_TEXT
  }
  const withResults = responseMessage && shutdown ? withFinishedTools(responseMessage, gate) : responseMessage
  const sealed = withResults && sealToolParts(withResults, new Set(), notFinished)
  const message = sealed ? markStopped(sealed, abort.signal.aborted) : null
  const ended = state.lostChat ? null : await endTurn(services, turn, message)
  if (!ended) throw lostHold()
  if (ended.queued) void services.kickQueue(chat.id)
  if (state.modelError) {
    throw new FrogbotError('model-error', `${state.modelError} What it generated is kept in the chat.`, {
      chatId: chat.id,
      messageId: message?.id ?? null
    })
  }
  return {
    status: 'complete',
    chatId: chat.id,
    messageId: message?.id ?? '',
    text: message ? textOf(message.parts.slice(message.id === start.continued?.id ? start.partsBefore : 0)) : '',
    finishReason: state.finishReason ?? 'other',
    usage: state.usage ?? EMPTY_USAGE,
    ...(shutdown ? { shutdown: true as const } : abort.signal.aborted ? { stopped: true as const } : {})
  }
}

/**
 * `message` after the server's shutdown stopped its turn, for each server tool whose `execute`
 * started (`gate.running`) while its part is still open (the turn was stopped before the tool's
 * result reached the message): the outcome of one that finished (`gate.finished`), its output
 * (`output-available`) or its error as the tool's error (`output-error`); for a tool that needs
 * no approval and is still running, the tool error {@link SHUTDOWN_WHILE_TOOL_RAN_TEXT} (an
 * approved one's is `sealToolParts`'s). An MCP server's request for input is left as it is. Pure.
 */
function withFinishedTools(message: UIMessage, gate: StepGate): UIMessage {
  const { running, finished } = gate
  if (!running || running.size === 0) return message
  const parts = message.parts.map((part) => {
    if (!isToolUIPart(part) || !running.has(part.toolCallId)) return part
    if (part.state !== 'approval-responded' && part.state !== 'input-available') return part
    const outcome = finished?.get(part.toolCallId)
    if (!outcome) {
      if (part.state !== 'input-available' || gate.approvalIds.has(part.toolCallId)) return part
      const errorText = SHUTDOWN_WHILE_TOOL_RAN_TEXT
      return { ...part, state: 'output-error', errorText } as unknown as typeof part
    }
    if ('output' in outcome) {
      if (isMcpInputRequired(outcome.output)) return part
      return { ...part, state: 'output-available', output: outcome.output } as unknown as typeof part
    }
    const errorText = outcome.error instanceof Error ? outcome.error.message : String(outcome.error)
    return { ...part, state: 'output-error', errorText } as unknown as typeof part
  })
  return { ...message, parts }
}

/**
 * A tool's own failure marked as one (`toolError: true`, such as an MCP tool's error), anywhere in
 * the error's causes: its message, told as the tool's, never as the model's. Else `undefined`.
 */
function toolErrorText(error: unknown): string | undefined {
  for (let at = error, depth = 0; at && typeof at === 'object' && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    if ((at as { toolError?: unknown }).toolError === true) return String((at as { message?: unknown }).message)
  }
  return undefined
}

/** An error for a person, for the stream and the result (the AI SDK masks errors as "An error occurred." by default). */
const describe = (error: unknown) => toolErrorText(error) ?? modelErrorText(error)

/**
 * Starts the agent's tool loop (`streamText` with its tools and `stopWhen`) on the transcript and
 * returns its UI message stream: each step ending goes to `onStep`, the end (with the response
 * message) to `onEnd`. Records the loop's finish reason and usage in `context.state` when it ends
 * (not when it fails or is stopped).
 */
async function streamModel(
  context: TurnContext,
  { req, uiMessages, modelMessages, runId, onStep, onEnd }: { req: Caller; uiMessages: UIMessage[]; modelMessages: UIMessage[]; runId: string; onStep: (message: UIMessage) => Promise<void>; onEnd: (message: UIMessage) => Promise<void> }
) {
  const { services, agent, chat, offers, gate, abort, state } = context
  const toolSet = buildToolSet({ tools: agent.tools, offers, gate, context: { req, agent: { slug: agent.slug, runId }, chatId: chat.id } })
  const approvals = approvalGate({ agent, req, chat, offers, approved: new Set(gate.approvalIds.keys()), log: services.log })
  const model = wrapLanguageModel({ model: agent.model.model as Parameters<typeof wrapLanguageModel>[0]['model'], middleware: partMiddleware(toolInputBounds, uniqueToolCallIds(toolCallIdsOf(uiMessages))) })
  const converted = await convertToModelMessages(modelMessages, { tools: toolSet, ignoreIncompleteToolCalls: true })
  // The single-consumer `streamText`: the UI message stream below is its one reader, so it keeps
  // no replay of the stream (no tee) and lets go of its steps' records when the loop ends. The
  // finish reason and usage come from its end: `finishReason` / `totalUsage` would need a second reader.
  const streamed = streamTextOnce({
    model,
    instructions: await agent.instructions(req),
    messages: converted,
    tools: toolSet,
    toolApproval: approvals.toolApproval,
    // A step whose MCP tool asks for input ends the loop there: the call waits for a person.
    stopWhen: [agent.stopWhen, ({ steps }: { steps: { toolResults: { output: unknown }[] }[] }) => steps.at(-1)?.toolResults.some((result) => isMcpInputRequired(result.output)) ?? false].flat(),
    experimental_download: agent.download,
    abortSignal: abort.signal,
    // One line per failure (the AI SDK's default prints the whole error, its causes and the provider's answer).
    onError: ({ error }) => logModelError({ error, chatId: chat.id, agentSlug: agent.slug, log: services.log, debug: services.debug }),
    onLanguageModelCallEnd: async (event) => {
      const waits = await Promise.all(
        event.content.map((part) => {
          if (part.type !== 'tool-call') return false
          const tool = agent.clientTools.get(part.toolName)
          return tool ? offers(tool.client.kind) : approvals.waits(part)
        })
      )
      gate.clientCallPending = waits.some(Boolean)
    },
    onEnd: ({ finishReason, totalUsage }) => {
      state.finishReason = finishReason
      state.usage = totalUsage
    }
  })
  // The standalone function, not the result's method, which pipes it through one more transform stream.
  return toUIMessageStream<typeof toolSet, UIMessage>({
    stream: streamed.stream,
    tools: toolSet,
    originalMessages: uiMessages,
    // A new message gets the id its lease owner names: a Stop naming it finds this run.
    generateMessageId: () => runMessageOf(context.turn.leaseOwner) ?? services.newId('msg'),
    // The model's own message helps more than the AI SDK's mask.
    onError: describe,
    onStepEnd: ({ responseMessage }) => onStep(responseMessage),
    onEnd: ({ responseMessage }) => onEnd(responseMessage)
  })
}

/** Keeps `result` among the turns `close` waits for until it settles, never turning a failed turn into an unhandled rejection. */
function trackInFlight(services: TurnServices, result: Promise<TurnResult>): void {
  services.turnsInFlight.add(result)
  const forget = () => services.turnsInFlight.delete(result)
  void result.then(forget, forget)
}

/**
 * Runs the model on a chat that this turn holds (`running` under `leaseOwner`), for `req`:
 * streams one step after another into the last assistant message when `messages` ends with one (a
 * continuation keeps its id and its settlements) or into a new one, and stores the outcome:
 * - a step that ends at client tool calls saves its parts and its pending calls together and the
 *   chat becomes `awaiting` (result `awaiting-input`; listeners hear `calls-waiting`);
 * - otherwise the chat is `idle` again, and a queued message starts (`kickQueue`).
 * `mcpResumes` are the answers to MCP tools' requests for input that this continuation sends back
 * (their calls are among `approved`: their tools run again, once).
 * The turn runs to its end even if nobody reads `stream`. `result` rejects with
 * `FrogbotError('model-error')` when the model fails (what it generated is kept) and
 * `FrogbotError('write-conflict')` when the turn lost the chat to another process.
 */
export function runTurn(
  services: TurnServices,
  { agent, chat, req, messages, leaseOwner, approved = [], mcpResumes }: { agent: ResolvedAgent; chat: ChatRecord; req: Caller; messages: StoredMessage[]; leaseOwner: string; approved?: string[]; mcpResumes?: ReadonlyMap<string, McpResume> }
): TurnRun {
  const start = turnStart(messages, new Set(approved))
  const { abort, release } = holdChat(services, { chatId: chat.id, leaseOwner })
  const context: TurnContext = {
    services,
    agent,
    chat,
    req,
    offers: offeredKinds(services, { chat, req }),
    gate: {
      clientCallPending: false,
      approvalIds: approvalIdsOf(start.continued, new Set(approved)),
      started: new Set(),
      running: new Map(),
      finished: new Map(),
      toolSignal: toolSignalOf(abort.signal),
      ...(mcpResumes ? { mcpResumes } : {})
    },
    turn: { chatId: chat.id, leaseOwner, position: messages.length, settlements: start.settlements },
    abort,
    state: { lostChat: false }
  }
  const runId = services.newId('run')
  const recorder = services.live.record(chat.id, runId)
  // A client that joins replays the whole message: what the continued message held comes first,
  // with its `start`; the continuation's own `start` is then left out (its metadata kept).
  if (start.continued) for (const chunk of replayChunks(start.continued)) recorder.push(chunk)
  let startReplayed = start.continued !== null
  const record = (chunk: UIMessageChunk) => {
    if (chunk.type !== 'start' || !startReplayed) return recorder.push(chunk)
    startReplayed = false
    const { messageMetadata } = chunk
    if (messageMetadata !== undefined) recorder.push({ type: 'message-metadata', messageMetadata })
  }

  let settle!: { resolve: (result: TurnResult) => void; reject: (error: unknown) => void }
  const stored = new Promise<TurnResult>((resolve, reject) => (settle = { resolve, reject }))
  let ended = false
  const settleWith = async (responseMessage: UIMessage | null) => {
    ended = true
    await finishTurn(context, responseMessage, start).then(settle.resolve, settle.reject)
    release()
  }
  const source = streamModel(context, { req, uiMessages: start.uiMessages, modelMessages: start.modelMessages, runId, onStep: (message) => saveGoneOnStep(context, message), onEnd: settleWith })
  const { stream, drained } = pumpTurn(source.then(withoutMcpInputRequests), {
    onChunk: (chunk) => {
      record(chunk)
      if (chunk.type === 'error' && !abort.signal.aborted) context.state.modelError ??= chunk.errorText
    },
    onError: (error) => {
      if (abort.signal.aborted) return undefined
      context.state.modelError ??= describe(error)
      return { type: 'error', errorText: describe(error) }
    }
  })
  const result = drained.then(async () => {
    // A failure before the model streamed (instructions, the transcript) never reached `onEnd`.
    if (!ended) await settleWith(null)
    await recorder.end()
    return stored
  })
  trackInFlight(services, result)
  return announceTurn(services, chat, { stream, result })
}
