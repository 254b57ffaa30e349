import type { Chat } from 'chat'
import type { TeamsAdapter } from '@chat-adapter/teams'
import { approvalAnswer, type NameOf, noticeText, type Participant, type PieceAction, type PieceNotice, type PieceRuntime, type QuestionCard, questionsOf } from 'frogbot/channels'
import { readApprovalSubmit } from './approval-card.ts'
import { type Activity, messageRef } from './bot-connector.ts'
import { readSubmit } from './card-reading.ts'
import type { TeamsPeople } from './teams-people.ts'

/** The `actionId`s of FrogBot's cards' buttons: a question card's (`frogbot_`) and an approval card's (`fbapproval_`). */
const FROGBOT_ACTION = /^(?:frogbot_|fbapproval_)/

/** The answer to an `adaptiveCard/action` invoke: `text` is what Teams shows its clicker (an empty body reads "Unable to reach app" and is retried). */
export const invokeAnswer = (text: string) => Response.json({ statusCode: 200, type: 'application/vnd.microsoft.activity.message', value: text })

/** What a submit on `card` comes to: the action to settle with, or what to tell (`null`: nothing, not a button of FrogBot's). */
function readCard(card: QuestionCard, value: unknown): { action: PieceAction } | { notice: PieceNotice | null } {
  if (String((value as { actionId?: unknown } | null)?.actionId).startsWith('fbapproval_')) {
    if (card.kind !== 'approval') return { notice: { kind: 'closed' } }
    const read = readApprovalSubmit(card.input, value)
    if (!read) return { notice: null }
    return 'problem' in read ? { notice: { kind: 'invalid', message: read.problem } } : { action: approvalAnswer(read) }
  }
  const questions = questionsOf(card.input)
  if (!questions) return { notice: { kind: 'closed' } }
  const reading = readSubmit(questions, value)
  if (reading.kind === 'ignore') return { notice: null }
  if (reading.kind === 'invalid') return { notice: { kind: 'invalid', message: reading.message, ...(reading.question === undefined ? {} : { question: reading.question }) } }
  return { action: reading.kind === 'dismiss' ? { dismissed: true } : { output: reading.output } }
}

/**
 * Wires the submits of FrogBot's cards (questions and approvals) to the piece runtime. Teams
 * delivers an `Action.Submit` as a `message` activity whose `value` holds the button's `data` and
 * every input (Chat SDK hands it on as an action; the participant is told privately, a targeted
 * message), and an `adaptiveCard/action` invoke with them in `value.action.data`, which the piece
 * answers itself (`invoke`, the kit's `answerDirectly`): its answer is the text Teams shows the
 * clicker, so they are told there, once. Either is read against the card record of the message it
 * replies to (`readSubmit`, `readApprovalSubmit`) and settled through the one settle door as the
 * participant looked up in the roster; a stale or unknown card is told it is closed, an edit the
 * tool's schema refuses is told naming the field. A submit delivered twice is refused by the
 * webhook's replay guard, and one that arrives as two activities settles once: the second is told
 * who answered.
 */
export function teamsSubmits({ bot, adapter, runtime, people, nameOf }: { bot: Chat; adapter: TeamsAdapter; runtime: PieceRuntime; people: TeamsPeople; nameOf: NameOf }) {
  const submitted = async (activity: Activity, value: unknown): Promise<{ thread: string; participant: Participant; notice: PieceNotice | null } | null> => {
    const thread = adapter.parseMessage(activity).threadId
    const from = activity.from
    if (!from?.id) return null
    const messageId = activity.replyToId && activity.conversation ? messageRef(activity.conversation.id, activity.replyToId) : null
    const card = messageId ? await runtime.cards.ofMessage(messageId) : null
    const read = card ? readCard(card, value) : { notice: { kind: 'closed' } as const }
    if ('notice' in read && !read.notice) return null
    const participant = await people(thread, { userId: from.id, name: from.name })
    if (!card || !messageId) return { thread, participant, notice: { kind: 'closed' } }
    if ('notice' in read) return { thread: card.thread, participant, notice: read.notice }
    return { thread: card.thread, participant, notice: await runtime.answer({ card, messageId, participant, action: read.action }) }
  }

  bot.onAction(async (event) => {
    if (!FROGBOT_ACTION.test(event.actionId)) return
    const activity = event.raw as Activity
    const told = await submitted(activity, activity.value)
    if (told?.notice) await runtime.notify(told as typeof told & { notice: PieceNotice })
  })

  /** The answer to a verified activity when it is an `adaptiveCard/action` invoke on FrogBot's cards, else `null` (Chat SDK handles it). */
  return async (body: string): Promise<Response | null> => {
    const activity = JSON.parse(body) as Activity
    const value = activity.value?.action?.data
    if (activity.type !== 'invoke' || activity.name !== 'adaptiveCard/action' || !FROGBOT_ACTION.test(String(value?.actionId))) return null
    const told = await submitted(activity, value)
    return invokeAnswer(told?.notice ? noticeText(told.notice, nameOf) : 'Received.')
  }
}
