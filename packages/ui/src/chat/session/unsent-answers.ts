import type { FrogbotUIMessage } from '@frogbotai/protocol'
import type { ChatRead } from '../chat-adapter.ts'
import { outputsOf } from './message-patches.ts'

/**
 * Answers given here that never reached the server, by call (packages/ui README "How a chat
 * behaves"): their cards keep them ("Not sent — Retry") until the server answers again; then only
 * the ones whose calls still wait are sent again, so each call settles once (an answer that got
 * through after all, or someone else's, shows in the chat read instead).
 */
export class UnsentAnswers {
  readonly #outputs = new Map<string, unknown>()

  /** Keeps the answers of the calls `toolCallIds` as `messages` hold them; returns every call kept. */
  keep(messages: readonly FrogbotUIMessage[], toolCallIds: readonly string[]): string[] {
    for (const [toolCallId, output] of outputsOf(messages, toolCallIds)) this.#outputs.set(toolCallId, output)
    return [...this.#outputs.keys()]
  }

  get size(): number {
    return this.#outputs.size
  }

  /** The answers to send again: those whose calls `read` says still wait. Forgets every one. */
  takeWaiting(read: ChatRead): Map<string, unknown> {
    const waiting = new Set(read.pending.map((call) => call.toolCallId))
    const resend = new Map([...this.#outputs].filter(([toolCallId]) => waiting.has(toolCallId)))
    this.#outputs.clear()
    return resend
  }
}
