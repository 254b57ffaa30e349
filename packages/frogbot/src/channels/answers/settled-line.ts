import type { SettlementOutcome } from '@frogbotai/protocol'
import { drawnText } from '../../text/drawn-text.ts'

/**
 * The line that ends a question card once its call ended, on every platform: "Answered by
 * <who>", "✖️ Dismissed by <who>: <reason>", "⌛ Expired without an answer." or "🚫 <why it was
 * cancelled>" (default "Cancelled."). `who` is named the platform's way; `text` is applied to
 * what a person or the engine wrote (the reason, the cancellation): the platform's escape or
 * clip, default `drawnText` (a piece's own must strip control characters too).
 */
export function settledLine({ outcome, who, reason, errorText }: { outcome: SettlementOutcome; who: string; reason?: string; errorText?: string }, text: (text: string) => string = drawnText): string {
  if (outcome === 'answered') return `Answered by ${who}`
  if (outcome === 'dismissed') return `✖️ Dismissed by ${who}${reason ? `: ${text(reason)}` : ''}`
  if (outcome === 'expired') return '⌛ Expired without an answer.'
  return `🚫 ${text(errorText ?? 'Cancelled.')}`
}
