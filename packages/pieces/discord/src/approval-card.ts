import { APPROVAL_CONTROLS, approvalCard, clipDrawn as clip, type Participant } from 'frogbot/channels'
import type { PendingCall } from 'frogbot/protocol'
import type { DiscordClient } from './discord-client.ts'
import { actionRow, button, ButtonStyle, container, escapeMarkdown, textDisplay, v2 } from './discord-components.ts'
import { CONTROL_IDS } from './question-card.ts'

/** The `custom_id`s of an approval card's buttons (not `frogbot:…`: the question controls leave them alone). */
export const APPROVAL_IDS = CONTROL_IDS.approvalIds

/**
 * The Components V2 message of a waiting approval: the kit's card (escaped: the model's text never
 * mentions or formats), how to decide by typing, and Approve, Deny and (not on a quorum) Edit.
 */
export function approvalComponents(call: Pick<PendingCall, 'toolName' | 'input' | 'quorum' | 'expiresAt'>) {
  const model = approvalCard(call)
  const lines = [
    `**${escapeMarkdown(model.title)}** ${model.status}.`,
    ...model.fields.map((field) => `**${escapeMarkdown(field.name)}**: ${escapeMarkdown(field.value)}`),
    ...(model.more > 0 ? [`… and ${model.more} more`] : []),
    ...model.facts.map((fact) => `-# ${escapeMarkdown(fact)}.`),
    `-# ${escapeMarkdown(model.hint)}`
  ]
  const buttons = [button(APPROVAL_IDS.approve, APPROVAL_CONTROLS.approve, ButtonStyle.Success), button(APPROVAL_IDS.deny, APPROVAL_CONTROLS.deny, ButtonStyle.Danger)]
  // A quorum's votes all approve the model's input: Edit only where one approval settles the call.
  return v2([container([textDisplay(lines.join('\n')), actionRow(model.editable ? [...buttons, button(APPROVAL_IDS.edit, APPROVAL_CONTROLS.edit)] : buttons)])])
}

/**
 * What **Edit** posts (the kit's `approvalButton` hands it the call's input as JSON, once the
 * presser may answer): in `thread`, mentioning the presser, the input to send back changed as
 * `/approve {…}` (a typed reply the kit reads, as it reads `/deny <reason>`).
 */
export const approvalEditHint = (client: DiscordClient, thread: string, participant: Participant) => (json: string) =>
  client.postText(thread, `<@${participant.userId}> To approve with changes, send \`/approve\` followed by the input as JSON, changed as you need:\n\`\`\`\n/approve ${clip(json, 1800).replace(/`/g, "'")}\n\`\`\``, [participant.userId])
