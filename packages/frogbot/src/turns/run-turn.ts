import {
  convertToModelMessages,
  type FinishReason,
  isToolUIPart,
  type LanguageModelUsage,
  ToolLoopAgent,
  type UIMessage,
  wrapLanguageModel
} from 'ai'
import type { FrogbotRequest } from '../contract/caller.ts'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import { buildToolSet, type StepGate, toolFingerprint } from '../agents/tool-set.ts'
import { boundedToolInputs } from '../agents/tool-input-depth.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { TurnResult } from '@frogbotai/protocol'
import type { ChatRecord, NewCall, StoredMessage } from '../store/chat-records.ts'
import { toPendingCall } from '../store/chat-records.ts'
import type { ClientTool } from '../tools/tool.ts'
import { pumpTurn } from './turn-stream.ts'
import { offeredClientTools } from './offered-tools.ts'
import { replayChunks } from './replay-chunks.ts'
import { isoIn, type TurnServices } from './services.ts'
import { endStreamingParts, markStopped, openToolCallIds, sealToolParts, textOf, toolNameOf, toUIMessage } from './transcript.ts'
import { announceTurn, announceWaiting } from './turn-events.ts'
import { keepLease } from './turn-lease.ts'
import { endTurn, pauseAtCalls, saveStep } from './turn-saves.ts'
import { uniqueToolCallIds } from './unique-tool-call-ids.ts'
import { modelFileDownload } from '../models/file-downloads.ts'
import type { TurnRun } from '../contract/turns.ts'

const EMPTY_USAGE = { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined } as LanguageModelUsage

/**
 * The calls a step ends at: client tool calls of its last step that the model sent well-formed and
 * that are offered here, as pending calls; and the message sealed around them (every other open
 * call closed, every input an object).
 */
function waitingCalls({ message, agent, offers, chatId, createdAt, expiresAt }: {
  message: UIMessage
  agent: ResolvedAgent
  offers: (tool: ClientTool) => boolean
  chatId: string
  createdAt: string
  expiresAt: (tool: ClientTool) => string | null
}): { sealed: UIMessage; calls: NewCall[] } {
  const stepStart = message.parts.findLastIndex((part) => part.type === 'step-start')
  const candidates = message.parts.slice(stepStart + 1).filter(isToolUIPart).filter((part) => {
    const tool = agent.clientTools.get(toolNameOf(part))
    return part.state === 'input-available' && tool !== undefined && offers(tool)
  })
  const sealed = sealToolParts(message, new Set(candidates.map((part) => part.toolCallId)))
  const calls: NewCall[] = []
  for (const part of sealed.parts.filter(isToolUIPart)) {
    if (part.state !== 'input-available') continue
    const tool = agent.clientTools.get(toolNameOf(part))!
    calls.push({ toolCallId: part.toolCallId, toolName: tool.slug, input: part.input, messageId: message.id, chatId, agentSlug: agent.slug, createdAt, toolFingerprint: toolFingerprint(tool), expiresAt: expiresAt(tool) })
  }
  return { sealed, calls }
}

/** Every tool call id of a transcript. */
function toolCallIdsOf(messages: UIMessage[]): Set<string> {
  return new Set(messages.flatMap((message) => message.parts.filter(isToolUIPart).map((part) => part.toolCallId)))
}

/**
 * Runs the model on a chat that this turn holds (`running` under `leaseOwner`), for `req`:
 * streams one step after another into the last assistant message when `messages` ends with one (a
 * continuation keeps its id and its settlements) or into a new one, and stores the outcome:
 * - a step that ends at client tool calls saves its parts and its pending calls together and the
 *   chat becomes `awaiting` (result `awaiting-input`; listeners hear `calls-waiting`);
 * - otherwise the chat is `idle` again, and a queued message starts (`kickQueue`).
 * The turn runs to its end even if nobody reads `stream`. `result` rejects with
 * `FrogbotError('model-error')` when the model fails (what it generated is kept) and
 * `FrogbotError('write-conflict')` when the turn lost the chat to another process.
 */
export function runTurn(
  services: TurnServices,
  { agent, chat, req, messages, leaseOwner }: { agent: ResolvedAgent; chat: ChatRecord; req: FrogbotRequest; messages: StoredMessage[]; leaseOwner: string }
): TurnRun {
  const chatId = chat.id
  const offers = offeredClientTools(services, { chat, req })
  // Calls left open by a turn whose process died get a tool error: the model never sees a call without a result.
  const uiMessages = messages.map((message) => sealToolParts(toUIMessage(message)))
  const continued = uiMessages.at(-1)?.role === 'assistant' ? uiMessages.at(-1)! : null
  const turn = { chatId, leaseOwner, position: messages.length, settlements: continued ? messages.at(-1)!.settlements : [] }
  const partsBefore = continued?.parts.length ?? 0
  const gate: StepGate = { clientCallPending: false }
  const runId = services.newId('run')
  const toolSet = buildToolSet({ tools: agent.tools, offers, gate, context: { req, agent: { slug: agent.slug, runId }, chatId } })
  const model = wrapLanguageModel({ model: agent.model.model as Parameters<typeof wrapLanguageModel>[0]['model'], middleware: [uniqueToolCallIds(toolCallIdsOf(uiMessages)), boundedToolInputs()] })
  let modelError: string | undefined
  let lostChat = false
  let finishReason: Promise<FinishReason> | undefined
  let usage: Promise<LanguageModelUsage> | undefined

  const abort = new AbortController()
  services.activeRuns.set(chatId, abort)
  // A turn that starts while FrogBot closes ends at once as stopped, before the database goes.
  if (services.closing) abort.abort()
  const recorder = services.live.record(chatId, runId)
  // A client that joins replays the whole message: what the continued message held comes first.
  if (continued) for (const chunk of replayChunks(continued)) recorder.push(chunk)
  const stopLease = keepLease(services, { chatId, leaseOwner, abort })
  const release = () => {
    stopLease()
    if (services.activeRuns.get(chatId) === abort) services.activeRuns.delete(chatId)
  }

  // After a step the loop goes on from (its tool calls ran), the message is saved as far as it got.
  // The last step is written by `finish`, once: as a pause at client calls, or as the turn's end.
  const onStep = async (message: UIMessage) => {
    if (lostChat || abort.signal.aborted) return
    const stepStart = message.parts.findLastIndex((part) => part.type === 'step-start')
    const stepTools = message.parts.slice(stepStart + 1).filter(isToolUIPart)
    const waits = stepTools.some((part) => {
      const tool = agent.clientTools.get(toolNameOf(part))
      return part.state === 'input-available' && tool !== undefined && offers(tool)
    })
    if (stepTools.length === 0 || waits) return
    lostChat = !(await saveStep(services, turn, sealToolParts(message, openToolCallIds(message))))
  }

  const finish = async (lastMessage: UIMessage | null): Promise<TurnResult> => {
    // A stopped or failed step leaves its last text or reasoning part unended.
    const responseMessage = lastMessage ? endStreamingParts(lastMessage) : null
    if (responseMessage && !lostChat && !abort.signal.aborted) {
      const now = isoIn(services)
      const { sealed, calls } = waitingCalls({
        message: responseMessage,
        agent,
        offers,
        chatId,
        createdAt: now,
        expiresAt: (tool) => (tool.client.expiresIn ? isoIn(services, tool.client.expiresIn) : null)
      })
      if (calls.length > 0) {
        if (!(await pauseAtCalls(services, turn, sealed, calls))) throw new FrogbotError('write-conflict', 'The turn lost its hold on the chat before it could be saved; reload the chat.')
        const pending = calls.map((call) => toPendingCall({ ...call, status: 'pending', settledAt: null }))
        announceWaiting(services, chat, pending)
        return { status: 'awaiting-input', chatId, pending }
      }
    }
    const message = responseMessage ? markStopped(sealToolParts(responseMessage), abort.signal.aborted) : null
    const ended = lostChat ? null : await endTurn(services, turn, message)
    if (!ended) throw new FrogbotError('write-conflict', 'The turn lost its hold on the chat before it could be saved; reload the chat.')
    if (ended.queued) void services.kickQueue(chatId)
    if (modelError) {
      throw new FrogbotError('model-error', `The model failed: ${modelError}. What it generated is kept in the chat; send the message again, or check the model's key and name.`, {
        chatId,
        messageId: message?.id ?? null
      })
    }
    return {
      status: 'complete',
      chatId,
      messageId: message?.id ?? '',
      text: message ? textOf(message.parts.slice(message.id === continued?.id ? partsBefore : 0)) : '',
      finishReason: (await finishReason?.catch(() => undefined)) ?? 'other',
      usage: (await usage?.catch(() => undefined)) ?? EMPTY_USAGE,
      ...(abort.signal.aborted ? { stopped: true as const } : {})
    }
  }

  let settle!: { resolve: (result: TurnResult) => void; reject: (error: unknown) => void }
  const stored = new Promise<TurnResult>((resolve, reject) => (settle = { resolve, reject }))

  const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))
  const source = (async () => {
    const modelMessages = await convertToModelMessages(uiMessages, { tools: toolSet, ignoreIncompleteToolCalls: true })
    const loop = new ToolLoopAgent({
      model,
      instructions: await agent.instructions(req),
      tools: toolSet,
      stopWhen: agent.stopWhen,
      experimental_download: modelFileDownload(agent.files),
      onLanguageModelCallEnd: (event) => {
        gate.clientCallPending = event.content.some((part) => {
          const tool = part.type === 'tool-call' ? agent.clientTools.get(part.toolName) : undefined
          return tool !== undefined && offers(tool)
        })
      }
    })
    const streamed = await loop.stream({ messages: modelMessages, abortSignal: abort.signal })
    finishReason = Promise.resolve(streamed.finishReason)
    usage = Promise.resolve(streamed.totalUsage)
    return streamed.toUIMessageStream<UIMessage>({
      originalMessages: uiMessages,
      generateMessageId: () => services.newId('msg'),
      // The AI SDK masks errors as "An error occurred." by default; the model's own message helps more.
      onError: describe,
      onStepEnd: ({ responseMessage }) => onStep(responseMessage),
      onEnd: async ({ responseMessage }) => {
        ended = true
        await settleWith(responseMessage)
      }
    })
  })()
  let ended = false
  const settleWith = async (responseMessage: UIMessage | null) => {
    try {
      settle.resolve(await finish(responseMessage))
    } catch (error) {
      settle.reject(error)
    } finally {
      release()
    }
  }
  const { stream, drained } = pumpTurn(source, {
    onChunk: (chunk) => {
      recorder.push(chunk)
      if (chunk.type === 'error' && !abort.signal.aborted) modelError ??= chunk.errorText
    },
    onError: (error) => {
      if (abort.signal.aborted) return undefined
      modelError ??= describe(error)
      return { type: 'error', errorText: describe(error) }
    }
  })
  const result = drained.then(async () => {
    // A failure before the model streamed (instructions, the transcript) never reached `onEnd`.
    if (!ended) await settleWith(null)
    await recorder.end()
    return stored
  })
  // Until it settles, `close` can stop the turn and wait for it.
  services.turnsInFlight.add(result)
  const forget = () => services.turnsInFlight.delete(result)
  // `then` with both handlers, so this bookkeeping never turns a failed turn into an unhandled rejection of its own.
  void result.then(forget, forget)
  return announceTurn(services, chat, { stream, result })
}
