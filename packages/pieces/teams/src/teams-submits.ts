import type { Chat } from 'chat'
import type { TeamsAdapter } from '@chat-adapter/teams'
import {
  approvalFormAction, isJsonObject, type NameOf, noticeText, type PieceRuntime, readOnCard
} from 'frogbot/channels'
import { type Activity, activityRef } from './bot-connector.ts'
import { readSubmit } from './card-reading.ts'
import type { TeamsPeople } from './teams-people.ts'

/** The `actionId`s of FrogBot's cards' buttons: a question card's (`frogbot_`) and an approval card's (`fbapproval_`). */
const FROGBOT_ACTION = /^(?:frogbot_|fbapproval_)/

/** The answer to an `adaptiveCard/action` invoke: `text` is what Teams shows its clicker (an empty body reads "Unable to reach app" and is retried). */
export const invokeAnswer = (text: string) => Response.json({ statusCode: 200, type: 'application/vnd.microsoft.activity.message', value: text })

/**
 * Wires the submits of FrogBot's cards (questions and approvals) to the piece runtime. Teams
 * delivers an `Action.Submit` as a `message` activity whose `value` holds the button's `data` and
 * every input (Chat SDK hands it on as an action; the participant is told privately, a targeted
 * message), and an `adaptiveCard/action` invoke with them in `value.action.data`, which the piece
 * answers itself (`invoke`, the kit's `answerDirectly`): its answer is the text Teams shows the
 * clicker, so they are told there, once. Either is read against the card record of the message it
 * replies to (the kit's `readOnCard`: `readSubmit`, the kit's `approvalFormAction`) and settled
 * through the one settle door as the participant looked up in the roster; a stale or unknown card
 * is told it is closed, an edit the tool's schema refuses is told naming the field. A submit
 * delivered twice is refused by the webhook's replay guard, and one that arrives as two activities
 * settles once: the second is told who answered.
 */
export function teamsSubmits({ bot, adapter, runtime, people, nameOf }: { bot: Chat; adapter: TeamsAdapter; runtime: PieceRuntime; people: TeamsPeople; nameOf: NameOf }) {
  /** Where and whom to tell what of a submit, or `null` when it was no press of FrogBot's cards. */
  const submitted = async (activity: Activity, value: unknown) => {
    const data = isJsonObject(value) ? value : {}
    if (!activity.from?.id) return null
    const { conversation, replyToId } = activity
    const messageId = replyToId && conversation?.id ? activityRef(conversation.id, replyToId) : undefined
    const card = messageId ? await runtime.cards.ofMessage(messageId) : null
    // What the submit (`data`: its button's `data` and the card's inputs) comes to on that card.
    const read = readOnCard(card, {
      approval: String(data.actionId).startsWith('fbapproval_'),
      readApproval: (input) => approvalFormAction(input, data),
      readQuestions: (questions) => readSubmit(questions, data)
    })
    if (!read) return null
    const here = adapter.parseMessage(activity).threadId
    const participant = await people(here, { userId: activity.from.id, name: activity.from.name })
    const notice = 'notice' in read ? read.notice : card && (await runtime.answer({ card, messageId, participant, action: read.action }))
    return notice ? { thread: card?.thread ?? here, participant, notice } : null
  }

  bot.onAction(async (event) => {
    if (!FROGBOT_ACTION.test(event.actionId)) return
    const activity = event.raw as Activity
    const told = await submitted(activity, activity.value)
    if (told) await runtime.notify(told)
  })

  /** The answer to a verified activity when it is an `adaptiveCard/action` invoke on FrogBot's cards, else `null` (Chat SDK handles it). */
  return async (body: string): Promise<Response | null> => {
    const activity = JSON.parse(body) as Activity
    // The webhook admitted an `adaptiveCard/action` invoke only with an object in `value.action.data`.
    const value = (activity.value?.action as { data?: Record<string, unknown> } | undefined)?.data
    if (activity.type !== 'invoke' || activity.name !== 'adaptiveCard/action' || !FROGBOT_ACTION.test(String(value?.actionId))) return null
    const told = await submitted(activity, value)
    return invokeAnswer(told ? noticeText(told.notice, nameOf) : 'Received.')
  }
}
