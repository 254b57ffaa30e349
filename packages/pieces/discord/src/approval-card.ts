import type { Chat } from 'chat'
import {
  APPROVAL_CONTROLS,
  type ApprovalDrawing,
  type ApprovalPress,
  approvalAnswer,
  approvalCard,
  type PieceNotice,
  type PieceRuntime,
  settledAnswer,
  settledApproval,
  settledApprovalText
} from 'frogbot/channels'
import type { PendingCall } from 'frogbot/protocol'
import { type DiscordClient, IS_COMPONENTS_V2, messageRef } from './discord-client.ts'
import { actionRow, button, ButtonStyle, clip, container, escapeMarkdown, LIMITS, textDisplay } from './discord-components.ts'
import { type DiscordMember, type DiscordNames, type DiscordUser, participantOf } from './discord-people.ts'

/** The `custom_id`s of an approval card's buttons (not `frogbot:…`: the question handler leaves them alone). */
export const APPROVAL_IDS = { approve: 'fbap:a', deny: 'fbap:d', edit: 'fbap:e' } as const

const v2 = (components: unknown[]) => ({ flags: IS_COMPONENTS_V2, components, allowed_mentions: { parse: [] } })

/** The Components V2 card of a waiting approval: the kit's card (escaped: the model's text never mentions or formats), how to decide by typing, and Approve, Deny, Edit. */
export function approvalComponents(call: Pick<PendingCall, 'toolName' | 'input' | 'quorum' | 'expiresAt'>) {
  const model = approvalCard(call)
  const lines = [
    `**${escapeMarkdown(model.title)}** ${model.status}.`,
    ...model.fields.map((field) => `**${escapeMarkdown(field.name)}**: ${escapeMarkdown(field.value)}`),
    ...(model.more > 0 ? [`… and ${model.more} more`] : []),
    ...(model.expires ? [`-# ${model.expires}.`] : []),
    `-# ${escapeMarkdown(model.hint)}`
  ]
  return [
    container([
      textDisplay(clip(lines.join('\n'), LIMITS.text)),
      actionRow([button(APPROVAL_IDS.approve, APPROVAL_CONTROLS.approve, ButtonStyle.Success), button(APPROVAL_IDS.deny, APPROVAL_CONTROLS.deny, ButtonStyle.Danger), button(APPROVAL_IDS.edit, APPROVAL_CONTROLS.edit)])
    ])
  ]
}

type ComponentInteraction = { channel_id: string; message: { id: string }; member?: DiscordMember & { user: DiscordUser }; user?: DiscordUser; data: { custom_id: string } }

/**
 * Discord's approvals: the card as a Components V2 message, edited to the decision (the decision,
 * who, the reason, what was changed, the quorum) or to the quorum's count; Approve and Deny settle
 * through the runtime; Edit posts, mentioning the presser, the input as JSON to send back as
 * `/approve {…}` (a typed reply the kit reads, as it reads `/deny <reason>`). What did not count is
 * told in the thread, mentioning the presser.
 */
export function discordApprovals({ bot, client, runtime, names }: { bot: Chat; client: DiscordClient; runtime: PieceRuntime; names: DiscordNames }): ApprovalDrawing {
  bot.onAction(async (event) => {
    const press = Object.entries(APPROVAL_IDS).find(([, id]) => id === event.actionId)?.[0] as keyof typeof APPROVAL_IDS | undefined
    if (!press) return
    const interaction = event.raw as ComponentInteraction
    const user = interaction.member?.user ?? interaction.user
    if (!user) return
    const participant = participantOf(user, interaction.member)
    await names.remember(participant)
    const ref = messageRef(interaction.channel_id, interaction.message.id)
    const card = await runtime.cards.ofMessage(ref)
    const tell = async (notice: PieceNotice | null) => {
      if (notice) await runtime.notify({ thread: card?.thread ?? event.threadId, participant, notice })
    }
    if (!card || card.kind !== 'approval') return tell({ kind: 'closed' })
    if (press === 'edit') {
      const refused = await runtime.mayAnswer({ card, messageId: ref, participant })
      if (refused) return tell(refused)
      const json = clip(JSON.stringify(card.input), 1800)
      await client.postText(card.thread, `<@${participant.userId}> To approve with changes, send \`/approve\` followed by the input as JSON, changed as you need:\n\`\`\`\n/approve ${json.replace(/`/g, "'")}\n\`\`\``, [participant.userId])
      return
    }
    const decision: ApprovalPress = press === 'approve' ? { kind: 'approve' } : { kind: 'deny' }
    await tell(await runtime.answer({ card, messageId: ref, participant, action: approvalAnswer(decision) }))
  })

  return {
    draw: async ({ thread, call }) => [await client.postPayload(thread, v2(approvalComponents(call)))],
    drawSettled: async ({ card, settlement }) => {
      const nameOf = await names.nameOf(settlement.by, { escape: true })
      const text = settledApprovalText(card.toolName, settledApproval(settlement, card.input, nameOf, { errorText: settledAnswer(settlement).errorText, escape: escapeMarkdown }))
      for (const ref of card.messageIds) await client.editPayload(ref, v2([container([textDisplay(clip(text, LIMITS.text))])]))
    },
    drawVotes: async ({ card, call }) => {
      for (const ref of card.messageIds) await client.editPayload(ref, v2(approvalComponents(call)))
    }
  }
}
