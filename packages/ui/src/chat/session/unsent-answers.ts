import type { FrogbotUIMessage } from '@frogbotai/protocol'
import type { ChatRead } from '../chat-adapter.ts'
import type { ApprovalResponse } from '../tool-renderers.ts'
import { answersOf, type GivenAnswer } from './message-patches.ts'

/**
 * An answer given here that never reached the server: one the chat resubmits (a client tool's
 * output, a plain yes or no on an approval), or a `decision` on an approval that goes through the
 * settle endpoint (a yes with an edited input).
 */
export type UnsentAnswer = GivenAnswer | { decision: ApprovalResponse }

/**
 * Answers given here that never reached the server, by call (docs/ui/components.md, "How a chat behaves"): their cards keep them ("Not sent — Retry") until the server answers again; then only
 * the ones whose calls still wait are sent again, so each call settles once (an answer that got
 * through after all, or someone else's, shows in the chat read instead).
 */
export class UnsentAnswers {
  readonly #answers = new Map<string, UnsentAnswer>()

  /** Keeps the answers of the calls `toolCallIds` as `messages` hold them; returns every call kept. */
  keep(messages: readonly FrogbotUIMessage[], toolCallIds: readonly string[]): string[] {
    for (const [toolCallId, answer] of answersOf(messages, toolCallIds)) this.#answers.set(toolCallId, answer)
    return [...this.#answers.keys()]
  }

  /** Keeps a decision on call `toolCallId` sent to the settle endpoint; returns every call kept. */
  keepDecision(toolCallId: string, decision: ApprovalResponse): string[] {
    this.#answers.set(toolCallId, { decision })
    return [...this.#answers.keys()]
  }

  get size(): number {
    return this.#answers.size
  }

  /** The answers to send again: those whose calls `read` says still wait. Forgets every one. */
  takeWaiting(read: ChatRead): Map<string, UnsentAnswer> {
    const waiting = new Set(read.pending.map((call) => call.toolCallId))
    const resend = new Map([...this.#answers].filter(([toolCallId]) => waiting.has(toolCallId)))
    this.#answers.clear()
    return resend
  }
}
