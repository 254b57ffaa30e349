import type { SettledBy, SettlementWithPart } from '@frogbotai/protocol'
import { settledAnswer } from './answers/question-answers.ts'
import { settledApproval, settledApprovalText } from './approval-cards.ts'
import type { QuestionCard } from './question-cards.ts'

/**
 * What an approval card says once its call ended (FrogBot's piece kit, for a piece that writes it
 * as text: Discord, Telegram, Teams): the kit's {@link settledApprovalText} of the card's tool and
 * {@link settledApproval} of the settlement against the card's input, with the tool error the
 * settlement stored (a cancellation's, an expiry's), who decided named by `nameOf`, and the
 * reason made inert by `escape` (default: as it is).
 */
export function approvalOutcome(
  { card, settlement }: { card: Pick<QuestionCard, 'toolName' | 'input'>; settlement: SettlementWithPart },
  nameOf: (by: SettledBy) => string,
  escape?: (text: string) => string
): string {
  const { errorText } = settledAnswer(settlement)
  const view = settledApproval(settlement, card.input, nameOf, { errorText, escape })
  return settledApprovalText(card.toolName, view)
}
