import type { Chat } from 'chat'
import type { LookPress, PieceNotice, PieceRuntime } from 'frogbot/channels'
import { CAPTURE_MS, pressOnCard, questionsOf } from 'frogbot/channels'
import { escapeMarkdown, v2 } from './discord-components.ts'
import { approvalEditHint } from './approval-card.ts'
import { type DiscordClient, messageRef } from './discord-client.ts'
import { type DiscordMember, type DiscordNames, type DiscordUser, participantOf } from './discord-people.ts'
import { CONTROL_IDS, questionCard } from './question-card.ts'

/** A component interaction, as the piece reads it (checked by the webhook before Chat SDK sees it). */
type ComponentInteraction = { channel_id: string; message: { id: string }; member?: DiscordMember & { user: DiscordUser }; user?: DiscordUser; data: { custom_id: string; values?: string[] } }

/** What reading presses takes: Chat SDK's bot, the runtime, the piece's client and its names of people. */
type DiscordActions = { bot: Chat; client: DiscordClient; runtime: PieceRuntime; names: DiscordNames }

/**
 * Wires clicks on cards to the piece runtime (FrogBot's Discord piece; messages are the kit's).
 * Chat SDK acknowledges each click at once (a deferred update, within Discord's 3 s) and hands it
 * on; its custom id is read by the kit's `controlIds` and the click against the card record of its
 * message (the kit's `pressOnCard`): an approval's button goes to the kit's `approvalButton`; a
 * question's, with the partial answer's revision its custom id carries (an older drawing is told
 * the card `changed`):
 * - a button or a one-choice select answers its question; a multi-pick select keeps its picks
 *   (every value of the interaction, not only the first), **Next** or **Submit** answers with them;
 *   an answered question before the last shows the next one, the last settles the call through
 *   the one settle door as the participant (their id, names and roles: the agent's `access` decides);
 * - **Other…**: the presser's next message in the thread, within 10 minutes, is their typed
 *   answer, beside their picks (the kit's capture, read before the message reaches the agent);
 *   pressing it again cancels;
 * - **Dismiss** dismisses; a page button shows another page of options.
 * Every change of a partial answer (a pick kept, a step further, **Other…**) is checked by the kit
 * first as an answer would be (the agent's `access`, the tool's `client.access`, the call still
 * waiting). Whatever did not count (refused, settled, stale, a rule broken) is told in the
 * thread, mentioning the participant.
 */
export function handleDiscordActions({ bot, client, runtime, names }: DiscordActions): void {
  /**
   * Draws a control that changes only the view: another page of options (the card edited for
   * everyone), or "Other…": the presser's next message in the thread is their typed answer to
   * question `step` (the kit's capture, once they may answer: it answers beside their picks on that
   * question, and a card shown a step further meanwhile is told `changed`), or, pressed again, it is not.
   */
  const look = async ({ card, messageId, participant, partial, question, step, control }: LookPress): Promise<PieceNotice | null> => {
    if (control.kind === 'page') {
      await client.editPayload(messageId!, v2(questionCard(questionsOf(card.input)!, partial, control.page, card.facts)))
      return null
    }
    const mention = `<@${participant.userId}>`
    const held = await runtime.capturing({ thread: card.thread, participant })
    if (held && held.chatId === card.chatId && held.toolCallId === card.toolCallId && held.question === step) {
      await runtime.release({ thread: card.thread, participant })
      await client.postText(card.thread, `${mention} No typed answer then: your next message here is an ordinary message again.`, [participant.userId])
      return null
    }
    const refused = await runtime.capture({ card, messageId: messageId!, participant, question: step })
    if (refused) return refused
    await client.postText(card.thread, `${mention} Type your answer to “${escapeMarkdown(question.header)}” as your next message in this thread, within ${CAPTURE_MS / 60_000} minutes. Press **Other…** again to cancel.`, [participant.userId])
    return null
  }

  bot.onAction(async (event) => {
    const interaction = event.raw as ComponentInteraction
    const press = CONTROL_IDS.read(event.actionId, interaction.data.values)
    if (!press) return
    const user = interaction.member?.user ?? interaction.user
    if (!user) return
    const participant = await names.remember(participantOf(user, interaction.member))
    const messageId = messageRef(interaction.channel_id, interaction.message.id)
    const card = await runtime.cards.ofMessage(messageId)
    const thread = card?.thread ?? event.threadId
    const editHint = approvalEditHint(client, thread, participant)
    const notice = await pressOnCard(runtime, { card, messageId, participant, press }, { look, editHint })
    if (notice) await runtime.notify({ thread, participant, notice })
  })
}
