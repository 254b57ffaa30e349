import {
  approvalButton, type CardControl, cardTag, clipDrawn as clip, type LookPress, messageRefParts, optionPage,
  type PieceNotice, type PieceRuntime
} from 'frogbot/channels'
import { approvalOf, OPTIONS_PER_PAGE, type PressAction, readPressData } from './question-keyboard.ts'
import type { Press } from './telegram-inbound.ts'
import { mentioning, type TelegramDrawing, telegramName } from './telegram-drawing.ts'
import { telegramParticipant } from './telegram-participants.ts'

/** The kit's control for the button actions named the piece's way (**Done** submits the picks, **Type your answer** is "Other…"); the others are the kit's own. */
const CONTROLS: Partial<Record<PressAction['kind'], CardControl>> = { done: { kind: 'submit' }, type: { kind: 'other' } }

/** The longest prompt placeholder Telegram shows in the reply field (Bot API `ForceReply.input_field_placeholder`: 1–64 characters). */
const PLACEHOLDER_MAX = 64

/**
 * How the Telegram piece reads presses on its cards (docs/pieces/telegram.md, questions), on the
 * kit's runtime; every answer goes through the one settle door (`runtime.answer`), every partial
 * answer through `runtime.keep` with the revision the presser saw, so that a press on an older
 * drawing is told the question changed:
 * - an approval card's **Approve** or **Deny** settles through the runtime (the kit's
 *   `approvalButton`); **Edit** has no form in Telegram, so it posts, naming the presser, the
 *   input as JSON to send back as `/approve {…}` (a typed reply the kit reads, as `/deny <reason>`);
 * - a view change is drawn by `look`, a changed partial answer by the drawing's `drawPartial`;
 * - an option of a single-choice question answers it (the call, when it was the last question
 *   without an answer; else the card shows the next one, "2 of 3"); of a question that takes
 *   several, it toggles (☐/☑) and **Done** goes on; ‹ Prev / Next › page through the options;
 * - **Type your answer** is the kit's capture of the presser's reply: the card names them as
 *   typing, a `force_reply` prompt names them, and their reply to it (or to the card) is their
 *   typed answer to that question (read by the kit before the message reaches the agent; the card
 *   is redrawn a step further, `drawPartial`); **‹ Back** returns to the buttons and lets it go;
 * - **Dismiss** dismisses the call.
 * A participant the agent's `access` refuses changes nothing, whatever they press, and is told
 * (the press's acknowledgement: Telegram's private notice).
 */
export function telegramAnswers({ runtime, drawing }: { runtime: PieceRuntime; drawing: TelegramDrawing }) {
  const { views } = drawing
  /**
   * **Type your answer**, once `participant` may answer: the card shows them typing, and a
   * `force_reply` prompt in `thread`, a reply to the card, asks them; their reply to either is
   * their typed answer (the kit's capture, `replyTo`).
   */
  const typeAnswer = (thread: string, { card, messageId, participant, partial, question, step }: LookPress) =>
    runtime.capture({ card, messageId, participant, question: step, replyTo: async () => {
      await views.setView(card, { ...(await views.view(card)), typing: { question: step, userId: participant.userId, name: telegramName(participant) } })
      // The same question shown (`previous: partial`): the view just set stays as it is.
      await drawing.redraw({ card, partial, previous: partial })
      const cardMessage = Number(messageRefParts(messageId!).id)
      const prompt = await drawing.send(thread, mentioning(participant, `type your answer to “${clip(question.header, 200)}” as a reply to this message.`), {
        reply_markup: { force_reply: true, selective: true, input_field_placeholder: clip(question.header, PLACEHOLDER_MAX) },
        reply_parameters: { message_id: cardMessage, allow_sending_without_reply: true }
      })
      return [messageId!, prompt]
    } })

  /**
   * A press that changes only how the card looks to everyone (a page of options, **Type your
   * answer**, **‹ Back**), once `participant` may answer it; the notice to tell them, or `null`.
   */
  const look = (thread: string) => async (press: LookPress): Promise<PieceNotice | null> => {
    const { card, messageId, participant, partial, control, question } = press
    if (control.kind === 'other') return typeAnswer(thread, press)
    const refused = await runtime.mayAnswer({ card, messageId, participant })
    if (refused) return refused
    const view = await views.view(card)
    if (control.kind === 'page') await views.setView(card, { ...view, page: optionPage(question, control.page, OPTIONS_PER_PAGE).page })
    else {
      await views.setView(card, { page: view.page })
      if (view.typing) await runtime.release({ thread: card.thread, participant: { userId: view.typing.userId } })
    }
    await drawing.redraw({ card, partial, previous: partial })
    return null
  }

  /** A press on one of the bot's messages: the notice for the presser, or `null`. */
  const press = async ({ thread, messageId, from, data }: Press): Promise<PieceNotice | null> => {
    const participant = telegramParticipant(from)
    const card = await runtime.cards.ofMessage(messageId)
    // An approval's button or a question's, naming its card by its tag: a press on no card of this
    // bot's, or on another card's keyboard, changes nothing (the card is closed).
    const read = approvalOf(data) ?? readPressData(data)
    if (!card || !read || read.card !== cardTag(card)) return { kind: 'closed' }
    if ('button' in read) {
      return approvalButton(runtime, { card, messageId, participant, button: read.button }, (json) =>
        drawing.send(thread, mentioning(participant, `to approve with changes, send /approve followed by the input as JSON, changed as you need:\n/approve ${json}`))
      )
    }
    return runtime.press({ card, messageId, participant, revision: read.revision, control: CONTROLS[read.action.kind] ?? (read.action as CardControl) }, { look: look(thread) })
  }

  return { press }
}
