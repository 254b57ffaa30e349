import type { Message } from 'chat'
import { type CardControl, clipDrawn as clip, type LookPress, type NameOf, noticeText, type Participant, type PieceNotice, type PieceRuntime, type PressHooks, questionsOf } from 'frogbot/channels'
import type { CardViews } from './card-views.ts'
import { cardTag, pagesOf, type PressAction, readPressData } from './question-keyboard.ts'
import type { Press } from './telegram-inbound.ts'
import { mentioning, type TelegramDrawing, telegramName } from './telegram-drawing.ts'

/** What a press that changes nothing says: the card is not one of this bot's open questions. */
const CLOSED: PieceNotice = { kind: 'closed' }

/** The longest prompt placeholder Telegram shows in the reply field (Bot API `ForceReply.input_field_placeholder`: 1–64 characters). */
const PLACEHOLDER_MAX = 64

/**
 * How the Telegram piece reads presses on its cards and typed answers (docs/pieces/telegram.md,
 * questions), on the kit's runtime; every answer goes through the one settle door
 * (`runtime.answer`), every partial answer through `runtime.keep` with the revision the presser
 * saw, so that a press on an older drawing is told the question changed:
 * - an option of a single-choice question answers it (the call, when it was the last question
 *   without an answer; else the card shows the next one, "2 of 3"); of a question that takes
 *   several, it toggles (☐/☑) and **Done** goes on; ‹ Prev / Next › page through the options;
 * - **Type your answer** sends a `force_reply` prompt that names the presser, and their reply to it
 *   (or to the card) is their typed answer to that question; **‹ Back** returns to the buttons;
 * - **Dismiss** dismisses the call.
 * A participant the agent's `access` refuses changes nothing, whatever they press, and is told
 * (the press's acknowledgement: Telegram's private notice).
 */
export function telegramAnswers({ runtime, views, drawing, nameOf, participantOf }: {
  runtime: PieceRuntime
  views: CardViews
  drawing: TelegramDrawing
  nameOf: NameOf
  participantOf: (user: Press['from']) => Participant
}) {
  const said = (notice: PieceNotice | null) => (notice ? noticeText(notice, nameOf) : null)

  /**
   * A press that changes only how the card looks to everyone (a page of options, **Type your
   * answer**, **‹ Back**), once `participant` may answer it; the notice to tell them, or `null`.
   */
  const look = (thread: string) => async ({ card, messageId, participant, partial, control, question, step }: LookPress): Promise<PieceNotice | null> => {
    const refused = await runtime.mayAnswer({ card, messageId, participant })
    if (refused) return refused
    const view = await views.view(card)
    switch (control.kind) {
      case 'page': {
        await views.setView(card, { ...view, page: Math.min(Math.max(control.page, 0), pagesOf(question) - 1) })
        await drawing.redraw(card, partial)
        return null
      }
      case 'other': {
        const name = telegramName(participant)
        await views.setView(card, { ...view, typing: { question: step, userId: participant.userId, name } })
        await drawing.redraw(card, partial)
        const prompt = await drawing.send(thread, mentioning(participant, `type your answer to “${clip(question.header, 200)}” as a reply to this message.`), {
          reply_markup: { force_reply: true, selective: true, input_field_placeholder: clip(question.header, PLACEHOLDER_MAX) },
          reply_parameters: { message_id: Number(messageId!.slice(messageId!.lastIndexOf(':') + 1)), allow_sending_without_reply: true }
        })
        await views.startTyping(thread, participant.userId, { chatId: card.chatId, toolCallId: card.toolCallId, question: step, cardMessageId: messageId!, promptMessageId: prompt })
        return null
      }
      case 'back': {
        await views.setView(card, { page: view.page })
        if (view.typing) await views.stopTyping(thread, view.typing.userId)
        await drawing.redraw(card, partial)
        return null
      }
    }
  }

  /** How a press in `thread` ends on Telegram: a view change drawn by `look`; a changed partial answer redrawn, on the first page of options when the question shown changed. */
  const hooks = (thread: string): PressHooks => ({
    look: look(thread),
    redraw: async ({ card, partial, previous }) => {
      if (partial.step !== previous.step) await views.setView(card, { page: 0 })
      await drawing.redraw(card, partial)
    }
  })

  /** The kit's control for a button's action (**Done** submits the picks, **Type your answer** is "Other…"). */
  const controlOf = (action: PressAction): CardControl => (action.kind === 'done' ? { kind: 'submit' } : action.kind === 'type' ? { kind: 'other' } : action)

  /** A press on one of the bot's messages: the text to acknowledge it with, or `null`. */
  const press = async ({ thread, messageId, from, data }: Press): Promise<string | null> => {
    const participant = participantOf(from)
    const card = await runtime.cards.ofMessage(messageId)
    const read = readPressData(data)
    if (!card || !read || read.card !== cardTag(card)) return said(CLOSED)
    return said(await runtime.press({ card, messageId, participant, revision: read.revision, control: controlOf(read.action) }, hooks(thread)))
  }

  /**
   * A message in `thread`: when it replies to the card (or to the prompt) of the question its
   * author pressed **Type your answer** on, it is their typed answer (kept, or answering the call
   * once nothing is left unanswered), and `true`; any other message is `false` (for the agent).
   */
  const typed = async (thread: string, message: Message, participant: Participant): Promise<boolean> => {
    const replyTo = message.replyTo?.id
    if (!replyTo) return false
    const typing = await views.typing(thread, participant.userId)
    if (!typing || (replyTo !== typing.cardMessageId && replyTo !== typing.promptMessageId)) return false
    const text = message.text.trim()
    if (!text) return false
    await views.stopTyping(thread, participant.userId)
    const card = await runtime.cards.ofCall(typing.chatId, typing.toolCallId)
    if (!card || !questionsOf(card.input)) return false
    if (!card.closed && (await views.view(card)).typing?.userId === participant.userId) await views.setView(card, { page: 0 })
    const notice = await runtime.press({ card, participant, control: { kind: 'typed', text, question: typing.question } }, hooks(thread))
    if (notice) await runtime.notify({ thread, participant, notice })
    return true
  }

  return { press, typed }
}
