import {
  convertToModelMessages,
  createUIMessageStream,
  type FinishReason,
  isToolUIPart,
  type LanguageModelUsage,
  ToolLoopAgent,
  type UIMessage,
  type UIMessageChunk
} from 'ai'
import type { FrogbotRequest } from '../auth/frogbot-request.ts'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import { buildToolSet, type StepGate, toolFingerprint } from '../agents/tool-set.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { StoredMessage } from '../store/chat-records.ts'
import type { ChatStore, NewPendingCall } from '../store/chat-store.ts'
import { toPendingCall } from '../store/chat-records.ts'
import { closeOpenToolParts, textOf, toolNameOf, toUIMessage } from './transcript.ts'
import type { TurnResult } from './turn-result.ts'
import type { PendingCall } from './pending-call.ts'
import type { LiveStreams } from './live-streams.ts'
import { modelFileDownload } from '../models/file-downloads.ts'

/** What a running turn needs from its FrogBot instance. */
export type TurnEnvironment = {
  store: ChatStore
  now: () => Date
  newId: (prefix: string) => string
  /** How long a running turn holds its chat without renewing, in milliseconds. */
  leaseMs: number
  /** Called after a turn is stored when messages wait in the chat's queue. */
  onQueued?: (chatId: string) => void
  /** Where running turns publish their chunks for clients that join late. */
  live?: LiveStreams
  /** Abort controllers of the turns this process runs, by chat id (to stop them). */
  activeRuns?: Map<string, AbortController>
  /** Where unexpected errors of hooks go. */
  log?: (line: string) => void
  /** Called once a turn is stored waiting for input (`buildConfig({ onAwaitingInput })`). */
  onAwaitingInput?: (event: AwaitingInputEvent) => void | Promise<void>
}

/** What `onAwaitingInput` receives: the chat that now waits and its pending calls. */
export type AwaitingInputEvent = { chatId: string; agentSlug: string; ownerId: string | null; pending: PendingCall[] }

/** A turn in flight: the client's copy of the UI message stream, and the result once it is stored. */
export type TurnRun = { stream: ReadableStream<UIMessageChunk>; result: Promise<TurnResult> }

const EMPTY_USAGE: LanguageModelUsage = {
  inputTokens: undefined,
  outputTokens: undefined,
  totalTokens: undefined
} as LanguageModelUsage

/** Runs the hook without holding up the turn; a failing hook is logged, never the turn's failure. */
function notifyAwaitingInput(environment: TurnEnvironment, event: AwaitingInputEvent) {
  const hook = environment.onAwaitingInput
  if (!hook) return
  Promise.resolve()
    .then(() => hook(event))
    .catch((error) => environment.log?.(`frogbot: onAwaitingInput failed for chat ${event.chatId}: ${error instanceof Error ? error.message : String(error)}`))
}

/**
 * Runs the model on a chat that the caller already holds (`running` under `leaseOwner`):
 * streams one assistant step after another into the last assistant message when `messages` ends
 * with one (a continuation keeps its id) or into a new one, and stores the outcome:
 * - the step ends at client tool calls → they become pending calls and the chat `awaiting-input`;
 * - otherwise the chat is `idle` again.
 * The turn runs to its end even if nobody reads `stream`. `result` rejects with a
 * `FrogbotError('model-error')` when the model fails; what was generated is kept.
 */
export function runTurn(
  environment: TurnEnvironment,
  { agent, chatId, req, messages, leaseOwner, offerClientTools }: {
    agent: ResolvedAgent
    chatId: string
    req: FrogbotRequest
    messages: StoredMessage[]
    leaseOwner: string
    offerClientTools: boolean
  }
): TurnRun {
  const { store, now, newId, leaseMs } = environment
  const leaseUntil = () => new Date(now().getTime() + leaseMs).toISOString()
  // Calls left open by a turn whose process died get a tool error, so the model never sees a call without a result.
  const uiMessages = messages.map((message) => closeOpenToolParts(toUIMessage(message)))
  const continued = uiMessages.at(-1)?.role === 'assistant' ? uiMessages.at(-1)! : null
  const partsBefore = continued?.parts.length ?? 0
  const gate: StepGate = { clientCallPending: false }
  const runId = newId('run')
  const toolSet = buildToolSet({ tools: agent.tools, offerClientTools, gate, context: { req, agent: { slug: agent.slug, runId }, chatId } })
  let modelError: string | undefined
  let finishReason: Promise<FinishReason> | undefined
  let usage: Promise<LanguageModelUsage> | undefined

  const abort = new AbortController()
  environment.activeRuns?.set(chatId, abort)
  const recorder = environment.live?.record(chatId, runId)
  // The heartbeat keeps the lease and notices a stop requested through another process.
  const heartbeat = setInterval(() => {
    store
      .renewLease({ chatId, leaseOwner, leaseUntil: leaseUntil() })
      .then(async (held) => {
        if (!held || (await store.isStopRequested(chatId))) abort.abort()
      })
      .catch(() => {})
  }, Math.max(50, Math.min(1000, Math.floor(leaseMs / 3))))
  heartbeat.unref()
  const release = () => {
    clearInterval(heartbeat)
    if (environment.activeRuns?.get(chatId) === abort) environment.activeRuns.delete(chatId)
  }

  let settle: { resolve: (result: TurnResult) => void; reject: (error: unknown) => void }
  const stored = new Promise<TurnResult>((resolve, reject) => {
    settle = { resolve, reject }
  })

  const finish = async (responseMessage: UIMessage | null) => {
    const pendingIds = new Set<string>()
    const pending: NewPendingCall[] = []
    const createdAt = now().toISOString()
    for (const part of responseMessage?.parts.filter(isToolUIPart) ?? []) {
      const tool = agent.clientTools.get(toolNameOf(part))
      if (!offerClientTools || !tool || part.state !== 'input-available' || modelError || abort.signal.aborted) continue
      pendingIds.add(part.toolCallId)
      pending.push({
        toolCallId: part.toolCallId,
        toolName: tool.slug,
        input: part.input,
        messageId: responseMessage!.id,
        chatId,
        agentSlug: agent.slug,
        createdAt,
        toolFingerprint: toolFingerprint(tool),
        expiresAt: tool.client.expiresIn ? new Date(now().getTime() + tool.client.expiresIn).toISOString() : null
      })
    }
    const message = responseMessage ? closeOpenToolParts(responseMessage, pendingIds) : null
    const stored = await store.finishTurn({ chatId, message, pending, leaseOwner, now: now().toISOString() })
    if (stored?.queued) environment.onQueued?.(chatId)
    if (!stored) throw new FrogbotError('write-conflict', 'The turn lost its hold on the chat before it could be saved; reload the chat.')
    if (modelError) {
      throw new FrogbotError('model-error', `The model failed: ${modelError}. What it generated is kept in the chat; send the message again, or check the model's key and name.`, {
        chatId,
        messageId: message?.id ?? null
      })
    }
    if (pending.length > 0) {
      const waiting = pending.map((call) => toPendingCall({ ...call, status: 'pending', settledAt: null }))
      notifyAwaitingInput(environment, { chatId, agentSlug: agent.slug, ownerId: req.user?.id ?? null, pending: waiting })
      return { status: 'awaiting-input' as const, chatId, pending: waiting }
    }
    return {
      status: 'complete' as const,
      chatId,
      messageId: message?.id ?? '',
      text: message ? textOf(message.parts.slice(message.id === continued?.id ? partsBefore : 0)) : '',
      finishReason: (await finishReason?.catch(() => undefined)) ?? 'other',
      usage: (await usage?.catch(() => undefined)) ?? EMPTY_USAGE,
      ...(abort.signal.aborted ? { stopped: true as const } : {})
    }
  }

  const uiStream = createUIMessageStream<UIMessage>({
    originalMessages: uiMessages,
    generateId: () => newId('msg'),
    execute: async ({ writer }) => {
      const modelMessages = await convertToModelMessages(uiMessages, { tools: toolSet, ignoreIncompleteToolCalls: true })
      const loop = new ToolLoopAgent({
        model: agent.model.model,
        instructions: await agent.instructions(req),
        tools: toolSet,
        stopWhen: agent.stopWhen,
        experimental_download: modelFileDownload(agent.files),
        onLanguageModelCallEnd: (event) => {
          gate.clientCallPending = event.content.some((part) => part.type === 'tool-call' && agent.clientTools.has(part.toolName) && offerClientTools)
        }
      })
      const streamed = await loop.stream({ messages: modelMessages, abortSignal: abort.signal })
      finishReason = Promise.resolve(streamed.finishReason)
      usage = Promise.resolve(streamed.totalUsage)
      // The AI SDK masks errors as "An error occurred." by default; the model's own message helps more.
      writer.merge(streamed.toUIMessageStream({ onError: (error) => (error instanceof Error ? error.message : String(error)) }))
    },
    onError: (error) => {
      const message = error instanceof Error ? error.message : String(error)
      if (!abort.signal.aborted) modelError = message
      return message
    },
    onStepEnd: async ({ responseMessage }) => {
      await store.saveProgress({ chatId, message: responseMessage, leaseOwner, leaseUntil: leaseUntil(), now: now().toISOString() })
    },
    onEnd: async ({ responseMessage }) => {
      try {
        settle.resolve(await finish(responseMessage))
      } catch (error) {
        settle.reject(error)
      } finally {
        release()
      }
    }
  })

  const [clientCopy, ownCopy] = uiStream.tee()
  // The turn's own copy: it drives the turn when no client reads, and feeds clients that join late.
  const drained = (async () => {
    const reader = ownCopy.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        recorder?.push(value)
        if (value.type === 'error' && !abort.signal.aborted) modelError ??= value.errorText
      }
    } catch (error) {
      if (!abort.signal.aborted) modelError ??= error instanceof Error ? error.message : String(error)
    } finally {
      await recorder?.end()
    }
  })()
  const result = drained.then(() => stored)
  return { stream: clientCopy, result }
}
