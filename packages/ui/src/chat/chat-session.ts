import { Chat } from '@ai-sdk/react'
import { isToolUIPart, lastAssistantMessageIsCompleteWithApprovalResponses, lastAssistantMessageIsCompleteWithToolCalls, type UIMessage } from 'ai'
import { type FrogbotUIMessage, isBlankText, type SettleRequest } from '@frogbotai/protocol'
import type { ChatAdapter, ChatRead } from './chat-adapter.ts'
import { apiCallError, errorMessage } from './chat-api-error.ts'
import { randomId } from './ids.ts'
import { acceptedTransport } from './session/accepted-transport.ts'
import { answerCalls, type GivenAnswer, patchCall, uiMessagesOf } from './session/message-patches.ts'
import { UnsentAnswers } from './session/unsent-answers.ts'
import { draftSaves } from './session/draft-saves.ts'
import { pendingPoll } from './session/pending-poll.ts'
import { reconnect } from './session/reconnect.ts'
import { refusalOf, settlementOf } from './session/refusals.ts'
import { type ChatSessionSnapshot, initialSnapshot, readChange } from './session/session-snapshot.ts'
import { SnapshotStore } from './session/snapshot-store.ts'
import { type AnyToolPart, toolNameOf } from './tool-parts.ts'
import type { ApprovalResponse } from './tool-renderers.ts'

export type { ChatSessionSnapshot } from './session/session-snapshot.ts'

/** How often a chat that waits for something checks the server, in milliseconds. */
export const POLL_INTERVAL_MS = 1000

/**
 * One chat with one agent, held outside React: the AI SDK `Chat` (messages, streaming, tool
 * outputs and the automatic resubmission) plus what FrogBot adds (turn state, queue, settlements,
 * refusals, the connection). Components subscribe with `useChatSession`; every change replaces
 * the snapshot.
 *
 * While the chat waits for an answer, runs a turn elsewhere or has queued messages, and the page is
 * visible, it polls `GET …/pending` every {@link POLL_INTERVAL_MS} and reloads the chat when the
 * server's state or waiting calls changed: that is how a card learns that another tab or person
 * answered first. When the server cannot be reached, it asks again (after 1 s, then waits that
 * double up to 8 s) and reloads the chat once it answers; an answer that did not get through
 * stays on its card ("Not sent") and is sent again then, once.
 *
 * What a person puts on a waiting card (a draft) is kept on the server with the call (`saveDraft`,
 * a moment after the last change), so a reload, another tab or another device finds it.
 *
 * A call waiting for approval is decided with `respond`: a yes or a no as the AI SDK's
 * `addToolApprovalResponse` (the chat resubmits and the continuation streams here, as after
 * `addToolOutput`), a yes with an edited input through the settle endpoint.
 */
export class ChatSession {
  readonly agent: string
  readonly id: string
  readonly chat: Chat<FrogbotUIMessage>
  readonly #adapter: ChatAdapter
  readonly #store: SnapshotStore<ChatSessionSnapshot>
  #reads = 0
  readonly #poll = pendingPoll({
    intervalMs: POLL_INTERVAL_MS,
    watching: () => this.#watching(),
    pending: () => this.#adapter.pending(this.agent, this.id),
    changed: () => this.refresh(),
    // A refused check is asked again on the next tick; a lost server is told, and asked again.
    failed: (error) => refusalOf(error) === 'unreachable' && this.#lostServer()
  })
  #behindTries = 0
  #retry: ReturnType<typeof reconnect> | null = null
  /** Calls answered or dismissed from this tab (their settlement is not news here). */
  readonly #settledHere = new Set<string>()
  /** The text of the message being sent from here, until the server has it. */
  #sending: string | null = null
  /** The Stop on its way from here, until the chat is read again after it. */
  #stopping: Promise<void> | null = null
  readonly #unsent = new UnsentAnswers()
  /** Calls answered or decided here since the chat last resubmitted (see `#shouldResubmit`). */
  readonly #fresh = new Set<string>()
  readonly #drafts = draftSaves({
    save: async (toolCallId, draft) => {
      await this.#adapter.saveDraft(this.agent, this.id, toolCallId, draft)
    },
    failed: (error) => {
      if (refusalOf(error) !== 'unreachable') return 'refused'
      this.#lostServer()
      return 'unreachable'
    }
  })
  readonly #onChatChange: () => void
  /** What the composer holds, kept while a docked card hides it. */
  composerText = ''
  /** Whether the person was writing in the composer when a docked card hid it: the card then leaves the focus alone. */
  typingWhenHidden = false

  /** `isNew`: the id was just made here, so there is nothing to read until the first message; `onChatChange`: called when the chat appears on the server, starts a turn, waits or ends. */
  constructor({ adapter, agent, chatId, isNew = false, onChatChange = () => {} }: { adapter: ChatAdapter; agent: string; chatId: string; isNew?: boolean; onChatChange?: () => void }) {
    this.#onChatChange = onChatChange
    this.agent = agent
    this.id = chatId
    this.#adapter = adapter
    this.#store = new SnapshotStore(isNew ? { ...initialSnapshot, loaded: true } : initialSnapshot, { onWatched: () => this.#start(), onUnwatched: () => this.#stopPolling() })
    this.getSnapshot = this.#store.getSnapshot
    this.subscribe = this.#store.subscribe
    this.chat = new Chat<FrogbotUIMessage>({
      id: chatId,
      transport: acceptedTransport(adapter.transport(agent), () => this.#accepted()),
      generateId: () => randomId('msg_'),
      sendAutomaticallyWhen: ({ messages }) => this.#shouldResubmit(messages),
      onError: (error) => this.#onRequestError(error),
      onFinish: () => void this.refresh(),
      onData: (part) => {
        if (part.type === 'data-queued') void this.refresh()
      }
    })
  }

  /** The current snapshot (see {@link ChatSessionSnapshot}). */
  readonly getSnapshot: () => ChatSessionSnapshot

  /** Subscribes to snapshot changes; the first subscriber loads the chat and starts polling. */
  readonly subscribe: (listener: () => void) => () => void

  /** Reads the chat from the server and, unless a request is under way here, replaces the messages. */
  async refresh(): Promise<void> {
    const read = ++this.#reads
    if (this.chat.status === 'error') this.chat.clearError()
    try {
      const chat = await this.#adapter.readChat(this.agent, this.id)
      if (read !== this.#reads) return
      if (this.#snapshot.unreachable) this.#backOnline()
      if (!chat) {
        this.#set({ loaded: true, loadError: null, summary: null, pending: [], queued: [], joining: false })
        return
      }
      this.#apply(chat)
    } catch (error) {
      if (read !== this.#reads) return
      if (refusalOf(error) === 'unreachable') this.#lostServer()
      else if (this.#snapshot.loaded) this.#set({ notice: errorMessage(error) })
      else this.#set({ loadError: errorMessage(error) })
    }
  }

  /**
   * Sends a user message. While a turn runs or a question waits (here or elsewhere) the server
   * queues it (`202`), and it shows in the queued strip; otherwise the reply streams here. A
   * message that cannot reach the server comes back as `unsent`. Blank text (`isBlankText`: only
   * white space, invisible or control characters, which the server refuses) sends nothing.
   */
  async send(text: string): Promise<void> {
    const trimmed = text.trim()
    if (isBlankText(trimmed)) return
    this.#set({ notice: null, unsent: null, failedReply: null })
    const summary = this.#snapshot.summary
    if (this.#requestUnderway() || (summary && summary.state !== 'idle')) {
      try {
        await this.#adapter.send(this.agent, this.id, { id: randomId('msg_'), text: trimmed })
      } catch (error) {
        if (refusalOf(error) === 'unreachable') this.#set({ unsent: trimmed })
        this.#failed(error)
      }
      await this.refresh()
      return
    }
    this.#sending = trimmed
    await this.chat.sendMessage({ text: trimmed })
  }

  /** Answers a waiting client tool call (`addToolOutput`); the chat resubmits once every call of the step has an output. */
  async answer(part: AnyToolPart, output: unknown): Promise<void> {
    const { toolCallId } = part
    this.#settledHere.add(toolCallId)
    this.#drafts.forget(toolCallId)
    this.#fresh.add(toolCallId)
    this.#set({ callErrors: without(this.#snapshot.callErrors, toolCallId), submitting: [...this.#snapshot.submitting, toolCallId], notice: null, failedReply: null })
    await this.chat.addToolOutput({ tool: toolNameOf(part) as never, toolCallId, output: output as never })
  }

  /**
   * Dismisses a waiting call (`POST …/settle` with `dismissed: true`): its part becomes the stored
   * tool error at once (from `settlement.part`), then the chat reloads (sibling calls are cancelled,
   * and a queued message may start).
   */
  async dismiss(part: AnyToolPart, reason?: string): Promise<void> {
    const { toolCallId } = part
    this.#settledHere.add(toolCallId)
    this.#drafts.forget(toolCallId)
    this.#set({ callErrors: without(this.#snapshot.callErrors, toolCallId), notice: null })
    const why = reason?.trim()
    try {
      const result = await this.#adapter.settle(this.agent, this.id, { toolCallId, dismissed: true, ...(why ? { reason: why } : {}) })
      if ('settlement' in result) this.#patchPart(result.settlement.part)
    } catch (error) {
      if (settlementOf(error)) this.#settledHere.delete(toolCallId)
      const refusal = refusalOf(error)
      if (refusal === 'answer' || refusal === 'other') this.#set({ callErrors: { ...this.#snapshot.callErrors, [toolCallId]: errorMessage(error) } })
      else this.#failed(error)
    }
    await this.refresh()
  }

  /**
   * Decides on a call waiting for approval (docs/agents/approvals.md). A yes or a no is the AI
   * SDK's `addToolApprovalResponse`: the chat resubmits once every call of the step is decided or
   * answered, and the continuation streams into the same message (a vote short of a quorum ends
   * the request with nothing new, and the reload shows the votes). A yes with an edited `input`
   * goes to the settle endpoint (`{ approved: true, input }`): a refusal such as `400
   * invalid-input` shows on the card; once accepted, the chat shows the continuation as it is stored.
   */
  async respond(part: AnyToolPart, response: ApprovalResponse): Promise<void> {
    const { toolCallId } = part
    const approvalId = (part as { approval?: { id?: string } }).approval?.id
    this.#settledHere.add(toolCallId)
    this.#set({ callErrors: without(this.#snapshot.callErrors, toolCallId), notice: null, failedReply: null })
    if ((response.approved && response.input !== undefined) || !approvalId) return this.#settleDecision(toolCallId, response)
    this.#drafts.forget(toolCallId)
    // On its way once the step is complete (`#shouldResubmit`); until then the card shows the decision.
    this.#fresh.add(toolCallId)
    const reason = response.reason?.trim()
    await this.chat.addToolApprovalResponse({ id: approvalId, approved: response.approved, ...(reason ? { reason } : {}) })
  }

  /**
   * Keeps what the person has put on the card of call `toolCallId` so far (a draft: the card's own
   * JSON, never an answer): at once here, and on the server a moment after the last change.
   */
  saveDraft(toolCallId: string, draft: unknown): void {
    this.#set({ drafts: { ...this.#snapshot.drafts, [toolCallId]: draft } })
    this.#drafts.change(toolCallId, draft)
  }

  /** Runs the reply that failed again, from the last message the person sent (the server's regenerate). */
  async retryReply(): Promise<void> {
    this.#set({ failedReply: null, notice: null })
    if (this.chat.status === 'error') this.chat.clearError()
    await this.chat.regenerate()
  }

  /**
   * Stops the running turn: here (the stream) and on the server, which keeps what was generated.
   * The Stop names the reply it is for (the newest message, when it is the assistant's), so the
   * server leaves alone a turn that started since (a queued message's); a Stop while one from here
   * is on its way (a double-click) is that one.
   */
  stop(): Promise<void> {
    this.#stopping ??= this.#stopOnce().finally(() => (this.#stopping = null))
    return this.#stopping
  }

  async #stopOnce(): Promise<void> {
    const last = this.chat.messages.at(-1)
    const messageId = last?.role === 'assistant' ? last.id : undefined
    const here = this.chat.stop()
    const results = await Promise.allSettled([here, this.#adapter.stop(this.agent, this.id, messageId)])
    const failed = results.find((result) => result.status === 'rejected')
    if (failed) this.#failed(failed.reason)
    await this.refresh()
  }

  /**
   * Edits a stored user message: later messages go and the turn runs again from there. Blank text
   * (`isBlankText`) does nothing.
   */
  async edit(messageId: string, text: string): Promise<void> {
    const trimmed = text.trim()
    if (isBlankText(trimmed)) return
    this.#set({ notice: null, failedReply: null })
    await this.chat.sendMessage({ text: trimmed, messageId })
  }

  /** Copies the chat (or up to an assistant message) into a new private chat; resolves its id, or `null` after a refusal. */
  async branch(messageId?: string): Promise<string | null> {
    try {
      const { chat } = await this.#adapter.branch(this.agent, this.id, messageId)
      return chat.id
    } catch (error) {
      this.#failed(error)
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

  /** Forgets the chat-level error (a failed reply's too), and the text that was given back. */
  clearNotice(): void {
    this.#set({ notice: null, unsent: null, failedReply: null })
  }

  /** Asks the server again now, after it could not be reached. */
  retryNow(): void {
    this.#retry?.retryNow()
  }

  /** Sends a decision on an approval to the settle endpoint (see `respond`); kept as not sent when the server cannot be reached. */
  async #settleDecision(toolCallId: string, decision: ApprovalResponse): Promise<void> {
    const reason = decision.reason?.trim()
    const body: SettleRequest = decision.approved
      ? { toolCallId, approved: true, ...(decision.input !== undefined ? { input: decision.input } : {}), ...(reason ? { reason } : {}) }
      : { toolCallId, approved: false, ...(reason ? { reason } : {}) }
    try {
      await this.#adapter.settle(this.agent, this.id, body)
      this.#drafts.forget(toolCallId)
    } catch (error) {
      const refusal = refusalOf(error)
      if (refusal === 'unreachable') {
        this.#set({ unsentAnswers: this.#unsent.keepDecision(toolCallId, decision) })
        this.#lostServer()
        return
      }
      if (settlementOf(error) || refusal === 'answer' || refusal === 'other') this.#settledHere.delete(toolCallId)
      if (refusal === 'answer' || refusal === 'other') this.#set({ callErrors: { ...this.#snapshot.callErrors, [toolCallId]: errorMessage(error) } })
    }
    await this.refresh()
  }

  /**
   * Whether the chat resubmits the newest assistant message: every call of its last step has an
   * output (the AI SDK's rule for client tools), or every call of it is answered or decided with
   * an approval response among them and one was given here since the last request (the AI SDK's
   * rule for approvals, plus that: a vote short of a quorum leaves its part decided here until the
   * reload and must not go twice, and a call decided through the settle endpoint is decided on the
   * server already). The decisions that go are then on their way (`submitting`).
   */
  #shouldResubmit(messages: UIMessage[]): boolean {
    const last = messages.at(-1)
    const step = last ? last.parts.slice(last.parts.findLastIndex((part) => part.type === 'step-start') + 1).filter(isToolUIPart) : []
    const send =
      lastAssistantMessageIsCompleteWithToolCalls({ messages }) ||
      (step.some((part) => this.#fresh.has(part.toolCallId)) && lastAssistantMessageIsCompleteWithApprovalResponses({ messages }))
    if (send) {
      const going = step.filter((part) => this.#fresh.has(part.toolCallId) && !this.#snapshot.submitting.includes(part.toolCallId)).map((part) => part.toolCallId)
      if (going.length > 0) this.#set({ submitting: [...this.#snapshot.submitting, ...going] })
      this.#fresh.clear()
    }
    return send
  }

  async #queueChange(change: () => Promise<void>) {
    try {
      await change()
    } catch (error) {
      this.#failed(error)
    }
    await this.refresh()
  }

  /** Shows a failure where it belongs: the connection banner, nowhere (behind), or the notice. */
  #failed(error: unknown) {
    const refusal = refusalOf(error)
    if (refusal === 'unreachable') this.#lostServer()
    else if (refusal !== 'behind') this.#set({ notice: errorMessage(error) })
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
    const previous = this.#snapshot
    if (idle) this.chat.messages = uiMessagesOf(read)
    const { change, join } = readChange({ read, previous, idle, settledHere: this.#settledHere, unsavedDrafts: this.#drafts.pending() })
    this.#set(change)
    if (idle && this.#unsent.size > 0) this.#sendUnsent(read)
    else if (join) void this.chat.resumeStream()
    const before = previous.summary
    if (previous.loaded && (!before || before.state !== read.chat.state || before.title !== read.chat.title || previous.pending.length !== read.pending.length)) this.#onChatChange()
  }

  /** Sends again, once the server answers, the answers that never reached it and whose calls still wait (see `UnsentAnswers`). */
  #sendUnsent(read: ChatRead) {
    const resend = this.#unsent.takeWaiting(read)
    this.#set({ unsentAnswers: [] })
    const answers = new Map<string, GivenAnswer>()
    for (const [toolCallId, answer] of resend) {
      if ('decision' in answer) void this.#settleDecision(toolCallId, answer.decision)
      else answers.set(toolCallId, answer)
    }
    if (answers.size === 0) return
    this.chat.messages = answerCalls(this.chat.messages, answers)
    this.#set({ submitting: [...answers.keys()] })
    void this.chat.sendMessage()
  }

  #onRequestError(error: Error) {
    const refusal = refusalOf(error)
    const submitting = this.#snapshot.submitting
    if (refusal === 'behind') {
      // Someone else answered first: the reload that follows shows their answer, told as theirs.
      if (settlementOf(error)) for (const toolCallId of submitting) this.#settledHere.delete(toolCallId)
      return
    }
    if (refusal === 'answer' && submitting.length > 0) {
      const message = errorMessage(error)
      this.#set({ callErrors: { ...this.#snapshot.callErrors, ...Object.fromEntries(submitting.map((id) => [id, message])) } })
      return
    }
    if (refusal === 'unreachable') {
      // The answer (or the message) never got an answer: an answer stays on its card as not sent
      // and goes again once the server answers; a message goes back to the composer. Had it
      // reached the server, the reload then shows it settled and nothing is sent twice.
      if (submitting.length > 0) {
        this.#set({ submitting: [], unsentAnswers: this.#unsent.keep(this.chat.messages, submitting) })
      } else if (this.#sending) {
        this.#set({ unsent: this.#sending })
      }
      this.#sending = null
      this.#lostServer()
      return
    }
    // An error inside the reply's stream (not a refusal of the request) is the model's or its provider's.
    if (!apiCallError(error)) this.#set({ failedReply: errorMessage(error) })
    else this.#set({ notice: errorMessage(error) })
  }

  #lostServer() {
    if (this.#snapshot.unreachable) return
    this.#set({ unreachable: true, notice: null })
    this.#retry = reconnect({ probe: () => this.#adapter.manifest(), onBack: () => void this.refresh() })
  }

  #backOnline() {
    this.#stopRetrying()
    this.#set({ unreachable: false })
    this.#drafts.flush()
  }

  #stopRetrying() {
    this.#retry?.stop()
    this.#retry = null
  }

  /** The server has the message or the answers sent from here: they are no longer on their way. */
  #accepted() {
    this.#sending = null
    if (this.#snapshot.submitting.length > 0) this.#set({ submitting: [] })
    // A new chat exists on the server from now on.
    if (!this.#snapshot.summary) this.#onChatChange()
  }

  #patchPart(part: unknown) {
    const patch = part as AnyToolPart | undefined
    if (patch?.toolCallId) this.chat.messages = patchCall(this.chat.messages, patch)
  }

  #requestUnderway() {
    return this.chat.status === 'submitted' || this.chat.status === 'streaming'
  }

  get #snapshot(): ChatSessionSnapshot {
    return this.#store.getSnapshot()
  }

  #set(change: Partial<ChatSessionSnapshot>) {
    this.#store.update(change)
  }

  #start() {
    if (!this.#snapshot.loaded) void this.refresh()
    this.#poll.start()
  }

  #stopPolling() {
    this.#poll.stop()
    this.#stopRetrying()
  }

  /** What the poll compares the server with: the chat while it runs, waits or has queued messages, and nothing streams here. */
  #watching() {
    const { loaded, summary, queued, pending, unreachable } = this.#snapshot
    if (!loaded || !summary || unreachable || this.#requestUnderway() || (summary.state === 'idle' && queued.length === 0)) return null
    return { state: summary.state, pending, queued: queued.length }
  }
}

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _, ...rest } = record
  return rest
}
