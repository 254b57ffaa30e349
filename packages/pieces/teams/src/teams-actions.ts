import type { Chat } from 'chat'
import { type NameOf, noticeText, type Participant, type PieceNotice, type PieceRuntime, questionsOf } from 'frogbot/channels'
import { readSubmit } from './card-reading.ts'
import type { Activity, FrogbotTeamsAdapter } from './teams-adapter.ts'
import { messageRef } from './teams-drawing.ts'
import type { TeamsPeople } from './teams-people.ts'

/** What a submitted card came to: nothing to tell (`notice: null`: settled, or not a question card's button), or what to tell whom. */
type Submitted = { thread: string; participant: Participant | null; notice: PieceNotice | null }

/**
 * Wires the submits of question cards to the piece runtime (FrogBot's Teams piece; messages are
 * the kit's). Teams delivers an `Action.Submit` as a `message` activity whose `value` holds the
 * button's `data` and every input (Chat SDK hands it on as an action), and an
 * `adaptiveCard/action` invoke with them in `value.action.data`. Either is read against the card
 * record of the message it replies to, and settled through the one settle door as the
 * participant looked up in the roster; a stale or unknown card is told it is closed. A submit is
 * told privately (a targeted message); an invoke's answer is the text Teams shows its clicker, so
 * it is told there, once. A submit delivered twice is refused by the webhook's replay guard, and
 * one that arrives as two activities settles once: the second is told who answered.
 */
export function handleTeamsActions({ bot, adapter, runtime, people, nameOf }: { bot: Chat; adapter: FrogbotTeamsAdapter; runtime: PieceRuntime; people: TeamsPeople; nameOf: NameOf }): void {
  const submitted = async (activity: Activity, value: unknown): Promise<Submitted> => {
    const thread = adapter.threadOf(activity)
    const from = activity.from
    if (!from?.id) return { thread, participant: null, notice: null }
    const who = () => people(thread, { userId: from.id, name: from.name })
    const messageId = activity.replyToId && activity.conversation ? messageRef(activity.conversation.id, activity.replyToId) : null
    const card = messageId ? await runtime.cards.ofMessage(messageId) : null
    const questions = card ? questionsOf(card.input) : null
    if (!card || !questions || !messageId) return { thread, participant: await who(), notice: { kind: 'closed' } }
    const reading = readSubmit(questions, value)
    if (reading.kind === 'ignore') return { thread, participant: null, notice: null }
    const participant = await who()
    if (reading.kind === 'invalid') return { thread: card.thread, participant, notice: reading.question === undefined ? { kind: 'invalid', message: reading.message } : { kind: 'invalid', message: reading.message, question: reading.question } }
    const action = reading.kind === 'dismiss' ? { dismissed: true as const } : { output: reading.output }
    return { thread: card.thread, participant, notice: await runtime.answer({ card, messageId, participant, action }) }
  }

  bot.onAction(async (event) => {
    if (!event.actionId.startsWith('frogbot_')) return
    const activity = event.raw as Activity
    const { thread, participant, notice } = await submitted(activity, activity.value)
    if (participant && notice) await runtime.notify({ thread, participant, notice })
  })

  adapter.cardInvoke = async (activity) => {
    const { notice } = await submitted(activity, activity.value?.action?.data)
    return notice ? noticeText(notice, nameOf) : 'Received.'
  }
}
