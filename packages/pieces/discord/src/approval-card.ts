import { APPROVAL_CONTROLS, type ApprovalDrawing, type ApprovalPress, approvalAnswer, approvalCard, type Participant, type PieceNotice, type PieceRuntime, type QuestionCard, settledAnswer, settledApproval, settledApprovalText } from 'frogbot/channels'
import type { PendingCall } from 'frogbot/protocol'
import type { DiscordClient } from './discord-client.ts'
import { actionRow, button, ButtonStyle, clip, container, escapeMarkdown, textDisplay, v2 } from './discord-components.ts'
import type { DiscordNames } from './discord-people.ts'
import { settledCard } from './question-card.ts'

/** The `custom_id`s of an approval card's buttons (not `frogbot:…`: the question controls leave them alone). */
export const APPROVAL_IDS = { approve: 'fbap:a', deny: 'fbap:d', edit: 'fbap:e' } as const

/** The approval button a custom id names, or `undefined`. */
export const approvalPressOf = (customId: string) => (Object.keys(APPROVAL_IDS) as (keyof typeof APPROVAL_IDS)[]).find((press) => APPROVAL_IDS[press] === customId)

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

/**
 * Discord's approvals: the card as a Components V2 message, edited to the decision (the decision,
 * who, the reason, what was changed, the quorum) or to the quorum's count (`drawing`); `press`
 * reads Approve and Deny, which settle through the runtime, and Edit, which posts, mentioning the
 * presser, the input as JSON to send back as `/approve {…}` (a typed reply the kit reads, as it
 * reads `/deny <reason>`): what did not count is the notice to tell the presser.
 */
export function discordApprovals({ client, runtime, names }: { client: DiscordClient; runtime: PieceRuntime; names: DiscordNames }) {
  const press = async (pressed: keyof typeof APPROVAL_IDS, { card, ref, participant }: { card: QuestionCard; ref: string; participant: Participant }): Promise<PieceNotice | null> => {
    if (card.kind !== 'approval') return { kind: 'closed' }
    if (pressed === 'edit') {
      const refused = await runtime.mayAnswer({ card, messageId: ref, participant })
      if (refused) return refused
      const json = clip(JSON.stringify(card.input), 1800)
      await client.postText(card.thread, `<@${participant.userId}> To approve with changes, send \`/approve\` followed by the input as JSON, changed as you need:\n\`\`\`\n/approve ${json.replace(/`/g, "'")}\n\`\`\``, [participant.userId])
      return null
    }
    const decision: ApprovalPress = pressed === 'approve' ? { kind: 'approve' } : { kind: 'deny' }
    return runtime.answer({ card, messageId: ref, participant, action: approvalAnswer(decision) })
  }

  const drawing: ApprovalDrawing = {
    draw: async ({ thread, call }) => [await client.postPayload(thread, v2(approvalComponents(call)))],
    drawSettled: async ({ card, settlement }) => {
      const nameOf = await names.nameOf(settlement.by, { escape: true })
      const text = settledApprovalText(card.toolName, settledApproval(settlement, card.input, nameOf, { errorText: settledAnswer(settlement).errorText, escape: escapeMarkdown }))
      await client.editPayload(card.messageIds, v2(settledCard(text)))
    },
    drawVotes: ({ card, call }) => client.editPayload(card.messageIds, v2(approvalComponents(call)))
  }
  return { drawing, press }
}
