import type { FinishReason, LanguageModelUsage } from 'ai'
import type { PendingCall } from './pending-call.ts'

/**
 * A turn that ran to its end (seed: "Answer over HTTP"; SPEC §6 "JSON result of a turn").
 * `stopped` is `true` when someone stopped it (`POST .../stop`); `text` then holds what was generated.
 */
export type CompleteTurn = {
  status: 'complete'
  chatId: string
  messageId: string
  text: string
  finishReason: FinishReason
  usage: LanguageModelUsage
  stopped?: true
}

/** A turn paused at client tool calls: `pending` lists them (seed: "Answer over HTTP"). */
export type AwaitingInputTurn = { status: 'awaiting-input'; chatId: string; pending: PendingCall[] }

/** What a turn, or a settle that ends one, produces. */
export type TurnResult = CompleteTurn | AwaitingInputTurn
