import { APPROVAL_CONTROLS, approvalCard } from 'frogbot/channels'
import type { PendingCall } from 'frogbot/protocol'
import { actionRow, button, ButtonStyle, container, escapeMarkdown, textDisplay } from './discord-components.ts'
import { CONTROL_IDS } from './question-card.ts'

/** The `custom_id`s of an approval card's buttons (see `CONTROL_IDS`). */
export const APPROVAL_IDS = CONTROL_IDS.approvalIds

/** The Components V2 card of a waiting approval: the kit's card (escaped: the model's text never mentions or formats), how to decide by typing, and Approve, Deny, Edit. */
export function approvalComponents(call: Pick<PendingCall, 'toolName' | 'input' | 'quorum' | 'expiresAt'>) {
  const model = approvalCard(call)
  const lines = [
    `**${escapeMarkdown(model.title)}** ${model.status}.`,
    ...model.fields.map((field) => `**${escapeMarkdown(field.name)}**: ${escapeMarkdown(field.value)}`),
    ...(model.more > 0 ? [`… and ${model.more} more`] : []),
    ...model.facts.map((fact) => `-# ${escapeMarkdown(fact)}.`),
    `-# ${escapeMarkdown(model.hint)}`
  ]
  const buttons = [button(APPROVAL_IDS.approve, APPROVAL_CONTROLS.approve, ButtonStyle.Success), button(APPROVAL_IDS.deny, APPROVAL_CONTROLS.deny, ButtonStyle.Danger), button(APPROVAL_IDS.edit, APPROVAL_CONTROLS.edit)]
  return [container([textDisplay(lines.join('\n')), actionRow(buttons)])]
}
