import { Chat } from '@ai-sdk/react'
import { lastAssistantMessageIsCompleteWithToolCalls } from 'ai'
import type { ChatSummary, FrogbotUIMessage, PendingCall, QueuedMessage, Settlement } from '@frogbotai/protocol'
import type { ChatAdapter, ChatRead } from './chat-adapter.ts'
import { apiCallError, errorMessage } from './chat-api-error.ts'
import { randomId } from './ids.ts'
import { type AnyToolPart, toolNameOf } from './tool-parts.ts'

/** How often a chat that waits for something checks the server, in milliseconds. */
export const POLL_INTERVAL_MS = 1000

/**
 * Refusals that only mean this tab is behind (another tab or person acted first, or the chat is a
 * channel conversation): the chat reloads quietly instead of showing an error (FrogBot's UI
 * registries page: "a `409` reloads the chat quietly").
 */
const BEHIND_CODES = new Set(['already-settled', 'not-awaiting', 'channel-chat', 'turn-in-progress', 'pending-calls', 'not-queued', 'call-not-found'])

/** Refusals of an answer itself: shown on the card, which stays usable. */
const ANSWER_CODES = new Set(['invalid-output', 'forbidden', 'tool-unavailable', 'write-conflict'])

/**
 * What a chat session knows besides its messages (which the AI SDK `Chat` holds):
 * - `loaded` / `loadError`: the first read of the chat;
 * - `summary`: the chat as the server last reported it (`null` until its first message is stored);
 * - `pending`: the calls the server reported waiting; `queued`: messages waiting to start;
 * - `settlements`: who settled each call, by `toolCallId`;
 * - `callErrors`: why the server refused the last answer to a call (shown on its card);
 * - `submitting`: calls answered here whose answer is on its way;
 * - `notice`: the last error for a person that belongs to no card;
 * - `joining`: the server runs a turn this tab is not streaming (it checks back every second).
 */
export type ChatSessionSnapshot = {
  loaded: boolean
  loadError: string | null
  summary: ChatSummary | null
  pending: readonly PendingCall[]
  queued: readonly QueuedMessage[]
  settlements: Readonly<Record<string, Settlement>>
  callErrors: Readonly<Record<string, string>>
  submitting: readonly string[]
  notice: string | null
  joining: boolean
}

const initialSnapshot: ChatSessionSnapshot = {
  loaded: false,
  loadError: null,
  summary: null,
  pending: [],
  queued: [],
  settlements: {},
  callErrors: {},
  submitting: [],
  notice: null,
  joining: false
}

/**
 * One chat with one agent, held outside React: the AI SDK `Chat` (messages, streaming, tool
 * outputs and the automatic resubmission) plus what FrogBot adds (turn state, queue, settlements,
 * refusals). Components subscribe with `useChatSession`; every change replaces the snapshot.
 *
 * While the chat waits for an answer, runs a turn elsewhere or has queued messages, and the page is
 * visible, it polls `GET …/pending` every {@link POLL_INTERVAL_MS} and reloads the chat when the
 * server's state or waiting calls changed: that is how a card learns that another tab or person
 * answered first.
 */
export class ChatSession {
  readonly agent: string
  readonly id: string
  readonly chat: Chat<FrogbotUIMessage>
  readonly #adapter: ChatAdapter
  #snapshot = initialSnapshot
  readonly #listeners = new Set<() => void>()
  #reads = 0
  #timer: ReturnType<typeof setInterval> | undefined
  #polling = false
  #behindTries = 0

  /** `isNew`: the id was just made here, so there is nothing to read until the first message. */
  constructor({ adapter, agent, chatId, isNew = false }: { adapter: ChatAdapter; agent: string; chatId: string; isNew?: boolean }) {
    this.agent = agent
    this.id = chatId
    this.#adapter = adapter
    if (isNew) this.#snapshot = { ...initialSnapshot, loaded: true }
    this.chat = new Chat<FrogbotUIMessage>({
      id: chatId,
      transport: adapter.transport(agent),
      generateId: () => randomId('msg_'),
      sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
      onError: (error) => this.#onRequestError(error),
      onFinish: () => void this.refresh(),
      onData: (part) => {
        if (part.type === 'data-queued') void this.refresh()
      }
    })
    this.chat['~registerStatusCallback'](() => {
      if (this.chat.status === 'streaming' && this.#snapshot.submitting.length > 0) this.#set({ submitting: [] })
    })
  }

  getSnapshot = (): ChatSessionSnapshot => this.#snapshot

  /** Subscribes to snapshot changes; the first subscriber loads the chat and starts polling. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    if (this.#listeners.size === 1) this.#start()
    return () => {
      this.#listeners.delete(listener)
      if (this.#listeners.size === 0) this.#stopPolling()
    }
  }

  /** Reads the chat from the server and, unless a request is under way here, replaces the messages. */
  async refresh(): Promise<void> {
    const read = ++this.#reads
    if (this.chat.status === 'error') this.chat.clearError()
    try {
      const chat = await this.#adapter.readChat(this.agent, this.id)
      if (read !== this.#reads) return
      if (!chat) {
        this.#set({ loaded: true, loadError: null, summary: null, pending: [], queued: [], joining: false })
        return
      }
      this.#apply(chat)
    } catch (error) {
      if (read !== this.#reads) return
      if (this.#snapshot.loaded) this.#set({ notice: errorMessage(error) })
      else this.#set({ loadError: errorMessage(error) })
    }
  }

  /**
   * Sends a user message. While a turn runs or a question waits (here or elsewhere) the server
   * queues it (`202`), and it shows in the queued strip; otherwise the reply streams here.
   */
  async send(text: string): Promise<void> {
    const trimmed = text.trim()
    if (!trimmed) return
    this.#set({ notice: null })
    const summary = this.#snapshot.summary
    if (this.#requestUnderway() || (summary && summary.state !== 'idle')) {
      try {
        await this.#adapter.send(this.agent, this.id, { id: randomId('msg_'), text: trimmed })
      } catch (error) {
        this.#set({ notice: errorMessage(error) })
      }
      await this.refresh()
      return
    }
    await this.chat.sendMessage({ text: trimmed })
  }

  /** Answers a waiting client tool call (`addToolOutput`); the chat resubmits once every call of the step has an output. */
  async answer(part: AnyToolPart, output: unknown): Promise<void> {
    const { toolCallId } = part
    this.#set({ callErrors: without(this.#snapshot.callErrors, toolCallId), submitting: [...this.#snapshot.submitting, toolCallId], notice: null })
    await this.chat.addToolOutput({ tool: toolNameOf(part) as never, toolCallId, output: output as never })
  }

  /**
   * Dismisses a waiting call (`POST …/settle` with `dismissed: true`): its part becomes the stored
   * tool error at once (from `settlement.part`), then the chat reloads (sibling calls are cancelled,
   * and a queued message may start).
   */
  async dismiss(part: AnyToolPart, reason?: string): Promise<void> {
    const { toolCallId } = part
    this.#set({ callErrors: without(this.#snapshot.callErrors, toolCallId), notice: null })
    const why = reason?.trim()
    try {
      const result = await this.#adapter.settle(this.agent, this.id, { toolCallId, dismissed: true, ...(why ? { reason: why } : {}) })
      this.#patchPart(result.settlement.part)
    } catch (error) {
      const api = apiCallError(error)
      if (!(api?.code && BEHIND_CODES.has(api.code))) this.#set({ callErrors: { ...this.#snapshot.callErrors, [toolCallId]: errorMessage(error) } })
    }
    await this.refresh()
  }

  /** Stops the running turn: here (the stream) and on the server, which keeps what was generated. */
  async stop(): Promise<void> {
    const results = await Promise.allSettled([this.chat.stop(), this.#adapter.stop(this.agent, this.id)])
    const failed = results.find((result) => result.status === 'rejected')
    if (failed && !BEHIND_CODES.has(apiCallError(failed.reason)?.code ?? '')) this.#set({ notice: errorMessage(failed.reason) })
    await this.refresh()
  }

  /** Edits a stored user message: later messages go and the turn runs again from there. */
  async edit(messageId: string, text: string): Promise<void> {
    const trimmed = text.trim()
    if (!trimmed) return
    this.#set({ notice: null })
    await this.chat.sendMessage({ text: trimmed, messageId })
  }

  /** Copies the chat (or up to an assistant message) into a new private chat; resolves its id, or `null` after a refusal (in `notice`). */
  async branch(messageId?: string): Promise<string | null> {
    try {
      const { chat } = await this.#adapter.branch(this.agent, this.id, messageId)
      return chat.id
    } catch (error) {
      this.#set({ notice: errorMessage(error) })
      return null
    }
  }

  /** Changes the text of a queued message (only its sender may, until it starts). */
  async editQueued(messageId: string, text: string): Promise<void> {
    await this.#queueChange(() => this.#adapter.editQueued(this.agent, this.id, messageId, text))
  }

  /** Removes a queued message before it starts. */
  async deleteQueued(messageId: string): Promise<void> {
    await this.#queueChange(() => this.#adapter.deleteQueued(this.agent, this.id, messageId))
  }

  /** Forgets the chat-level error. */
  clearNotice(): void {
    this.#set({ notice: null })
  }

  async #queueChange(change: () => Promise<void>) {
    try {
      await change()
    } catch (error) {
      this.#set({ notice: errorMessage(error) })
    }
    await this.refresh()
  }

  #apply(read: ChatRead) {
    const idle = !this.#requestUnderway()
    const running = read.chat.state === 'running'
    // A reply that just streamed here may not be stored yet: read again shortly instead of hiding it.
    if (idle && running && this.#behindTries < 10 && this.chat.messages.some((message) => !read.messages.some((stored) => stored.id === message.id) && !read.queued?.some((queued) => queued.messageId === message.id))) {
      this.#behindTries++
      setTimeout(() => void this.refresh(), 150)
      return
    }
    this.#behindTries = 0
    if (idle) this.chat.messages = read.messages.map(({ settlements: _, ...message }) => message as FrogbotUIMessage)
    // A reload during a new reply joins its live stream, which replays the whole message. A
    // continuation's stream holds only the new parts, so it is shown when stored instead.
    const join = running && idle && read.messages.at(-1)?.role === 'user'
    this.#set({
      loaded: true,
      loadError: null,
      summary: read.chat,
      pending: read.pending,
      queued: read.queued ?? [],
      settlements: Object.fromEntries(read.messages.flatMap((message) => message.settlements).map((settlement) => [settlement.toolCallId, settlement])),
      submitting: idle ? [] : this.#snapshot.submitting,
      joining: running && idle && !join
    })
    if (join) void this.chat.resumeStream()
  }

  #onRequestError(error: Error) {
    const api = apiCallError(error)
    const code = api?.code ?? ''
    if (BEHIND_CODES.has(code)) return
    const submitting = this.#snapshot.submitting
    if (ANSWER_CODES.has(code) && submitting.length > 0) {
      const message = errorMessage(error)
      this.#set({ callErrors: { ...this.#snapshot.callErrors, ...Object.fromEntries(submitting.map((id) => [id, message])) } })
      return
    }
    if (!api && submitting.length > 0) {
      // The answer never got an answer (server down, connection lost): the calls wait again here,
      // with the error on their card, so the person can send it again. Had it reached the server,
      // sending again is a quiet 409 already-settled and a reload.
      this.#reopen(submitting)
      const message = errorMessage(error)
      this.#set({ submitting: [], callErrors: { ...this.#snapshot.callErrors, ...Object.fromEntries(submitting.map((id) => [id, message])) } })
      return
    }
    this.#set({ notice: errorMessage(error) })
  }

  /** Puts the answered-here parts of `toolCallIds` back to waiting (`input-available`, no output). */
  #reopen(toolCallIds: readonly string[]) {
    const ids = new Set(toolCallIds)
    const reopen = (part: FrogbotUIMessage['parts'][number]) => {
      if (!('toolCallId' in part) || !ids.has(part.toolCallId) || part.state !== 'output-available') return part
      const { output: _output, ...waiting } = part as typeof part & { output?: unknown }
      return { ...waiting, state: 'input-available' } as unknown as typeof part
    }
    this.chat.messages = this.chat.messages.map((message) => (message.parts.some((part) => 'toolCallId' in part && ids.has(part.toolCallId)) ? { ...message, parts: message.parts.map(reopen) } : message))
  }

  #patchPart(part: unknown) {
    const patch = part as AnyToolPart | undefined
    if (!patch?.toolCallId) return
    this.chat.messages = this.chat.messages.map((message) =>
      message.parts.some((p) => 'toolCallId' in p && p.toolCallId === patch.toolCallId)
        ? { ...message, parts: message.parts.map((p) => ('toolCallId' in p && p.toolCallId === patch.toolCallId ? (patch as typeof p) : p)) }
        : message
    )
  }

  #requestUnderway() {
    return this.chat.status === 'submitted' || this.chat.status === 'streaming'
  }

  #set(change: Partial<ChatSessionSnapshot>) {
    this.#snapshot = { ...this.#snapshot, ...change }
    for (const listener of this.#listeners) listener()
  }

  #start() {
    if (!this.#snapshot.loaded) void this.refresh()
    this.#timer = setInterval(() => void this.#poll(), POLL_INTERVAL_MS)
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', this.#onVisible)
  }

  #stopPolling() {
    clearInterval(this.#timer)
    this.#timer = undefined
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', this.#onVisible)
  }

  #onVisible = () => void this.#poll()

  #shouldPoll() {
    const { loaded, summary, queued } = this.#snapshot
    if (!loaded || !summary || this.#polling || this.#requestUnderway()) return false
    if (typeof document !== 'undefined' && document.visibilityState !== 'visible') return false
    return summary.state !== 'idle' || queued.length > 0
  }

  async #poll() {
    if (!this.#shouldPoll()) return
    this.#polling = true
    try {
      const list = await this.#adapter.pending(this.agent, this.id)
      const { summary, pending } = this.#snapshot
      if (list.state !== summary?.state || idsOf(list.pending) !== idsOf(pending) || this.#snapshot.queued.length > 0) await this.refresh()
    } catch {
      // A failed check is retried on the next tick; the chat itself is unchanged.
    } finally {
      this.#polling = false
    }
  }
}

function idsOf(calls: readonly PendingCall[]): string {
  return calls
    .map((call) => call.toolCallId)
    .sort()
    .join('\n')
}

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _, ...rest } = record
  return rest
}
