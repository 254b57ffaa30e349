import { factsMarkdown, type NameOf, noticeText, type PieceContext, type PieceDrawing, type PieceNotice, questionDrawing, wholeText } from 'frogbot/channels'
import type { LinearApi } from './linear-api.ts'
import { activityParts, escapeLine, escapeText } from './linear-markdown.ts'
import { questionActivity, settledActivity } from './question-activities.ts'

/** The agent session of a thread id (`linear:{issue}:s:{session}`); a thread of no session cannot carry activities. */
export function sessionOf(thread: string): string {
  const match = /:s:([A-Za-z0-9-]+)$/.exec(thread)
  if (!match) throw new Error(`thread ${thread} is no Linear agent session: activities go only in sessions`)
  return match[1]
}

/**
 * The activity type of a notice, for the session state Linear derives from the latest activity: a
 * notice about a question that still waits is an `elicitation` (the session keeps awaiting input),
 * one about a message that waits behind the reply a `thought` (the agent is at work), any other a
 * `response` (nothing more comes of what the participant did).
 */
function noticeType(notice: PieceNotice): 'elicitation' | 'thought' | 'response' {
  if (notice.kind === 'invalid' || notice.kind === 'changed' || (notice.kind === 'denied' && notice.to === 'answer')) return 'elicitation'
  return notice.kind === 'queued' ? 'thought' : 'response'
}

/** How long a reply waits, at most, for the activities that say what became of the questions it follows (ms). */
export const SETTLED_FIRST_MS = 5000

/**
 * Resolves once every call of the chat's latest messages that was settled has its settled
 * activity posted (its card closed), or after {@link SETTLED_FIRST_MS}: a continuation's reply
 * then comes after the note on the question it continues from, and Linear's session state, which
 * follows the latest activity, ends as the reply leaves it.
 */
function settledFirst({ engine, runtime }: Pick<PieceContext, 'engine' | 'runtime'>) {
  return async (chatId: string) => {
    const until = Date.now() + SETTLED_FIRST_MS
    const { messages } = await engine.readChat(chatId)
    const settled = messages.slice(-4).flatMap((message) => message.settlements.map((settlement) => settlement.toolCallId))
    for (const toolCallId of settled) {
      for (let card = await runtime.cards.ofCall(chatId, toolCallId); card && !card.closed && Date.now() < until; card = await runtime.cards.ofCall(chatId, toolCallId)) {
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    }
  }
}

/**
 * How FrogBot draws in Linear (the piece's half of the contract), as agent activities in the
 * session (they cannot be edited or deleted), question cards on the kit's `questionDrawing`:
 * - `drawCall`: one `elicitation` per call (see `questionActivity`); its id is the card's message;
 * - `drawSettled`: a new activity saying what became of the call and who did it (see `settledActivity`);
 * - `reply`: the agent's reply once it is whole, as `response` activities, after the settled
 *   activities of the questions it continues from;
 * - `notify`: an activity naming the participant (Linear has no private message), of the type
 *   that leaves the session in the state it is in (see `noticeType`).
 */
export function linearDrawing({ api, nameOf, engine, runtime }: { api: LinearApi; nameOf: NameOf } & Pick<PieceContext, 'engine' | 'runtime'>): Omit<PieceDrawing, 'approvals' | 'drawPartial'> {
  const afterSettled = settledFirst({ engine, runtime })
  return {
    ...questionDrawing({
      nameOf,
      draw: async ({ thread, questions, facts }) => {
        const { content, signal } = questionActivity(questions)
        return [await api.activity(sessionOf(thread), { ...content, body: `${content.body}${factsMarkdown(facts, escapeLine)}` }, signal)]
      },
      drawSettled: async ({ card, questions, settlement }) => {
        await api.activity(sessionOf(card.thread), settledActivity({ questions, settlement, nameOf }))
      }
    }),
    reply: async ({ chat, thread, text }) => {
      const whole = await wholeText(text)
      if (!whole) return
      await afterSettled(chat.id)
      for (const part of activityParts(whole)) await api.activity(sessionOf(thread), { type: 'response', body: part })
    },
    notify: async ({ thread, participant, notice }) => {
      const body = `${escapeLine(participant.name ?? participant.userId)}: ${escapeText(noticeText(notice, nameOf))}`
      await api.activity(sessionOf(thread), { type: noticeType(notice), body })
    }
  }
}
