import type { Message } from 'chat'
import { type CardState, type CardStep, type ChannelQuestion, clipDrawn as clip, type NameOf, nextCardState, noticeText, type PartialAnswer, type Participant, type PieceNotice, type PieceRuntime, type QuestionCard, questionsOf } from 'frogbot/channels'
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
   * What the kit's card reducer decided for `card` (`nextCardState`), done: the partial answer kept
   * from `revision` (the card redrawn, on its first page when the question shown changed), then,
   * when nothing is left unanswered, the call answered; `direct` answers without keeping first (a
   * one-question card).
   */
  const apply = async ({ card, messageId, participant, revision, step, next, direct = false }: {
    card: QuestionCard
    messageId?: string
    participant: Participant
    revision: number
    step: number
    next: Extract<CardStep, { kind: 'keep' | 'answer' }>
    direct?: boolean
  }): Promise<PieceNotice | null> => {
    const at = messageId !== undefined ? { messageId } : {}
    if (next.kind === 'answer' && direct) return runtime.answer({ card, ...at, participant, action: { output: next.output } })
    const state: CardState = next.state
    const kept = await runtime.keep({ card, ...at, participant, revision, change: () => state })
    if (!('partial' in kept)) return kept
    if (next.kind === 'answer') return runtime.answer({ card, ...at, participant, action: { output: next.output } })
    if (state.step !== step) await views.setView(card, { page: 0 })
    await drawing.redraw(card, kept.partial)
    return null
  }

  /** A press that changes only how `card` looks to everyone (a page of options, **Type your answer**, **‹ Back**), once `participant` may answer it; the notice to tell them, or `null`. */
  const look = async ({ card, messageId, participant, partial, action, question, step, thread }: {
    card: QuestionCard
    messageId: string
    participant: Participant
    partial: PartialAnswer
    action: Extract<PressAction, { kind: 'page' | 'type' | 'back' }>
    question: ChannelQuestion
    step: number
    thread: string
  }): Promise<PieceNotice | null> => {
    const refused = await runtime.mayAnswer({ card, messageId, participant })
    if (refused) return refused
    const view = await views.view(card)
    switch (action.kind) {
      case 'page': {
        await views.setView(card, { ...view, page: Math.min(Math.max(action.page, 0), pagesOf(question) - 1) })
        await drawing.redraw(card, partial)
        return null
      }
      case 'type': {
        if (!question.custom) return { kind: 'invalid', message: `'${question.header}' takes no typed answer; choose one of its options.` }
        const name = telegramName(participant)
        await views.setView(card, { ...view, typing: { question: step, userId: participant.userId, name } })
        await drawing.redraw(card, partial)
        const prompt = await drawing.send(thread, mentioning(participant, `type your answer to “${clip(question.header, 200)}” as a reply to this message.`), {
          reply_markup: { force_reply: true, selective: true, input_field_placeholder: clip(question.header, PLACEHOLDER_MAX) },
          reply_parameters: { message_id: Number(messageId.slice(messageId.lastIndexOf(':') + 1)), allow_sending_without_reply: true }
        })
        await views.startTyping(thread, participant.userId, { chatId: card.chatId, toolCallId: card.toolCallId, question: step, cardMessageId: messageId, promptMessageId: prompt })
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

  /**
   * What `action` does on `card`, pressed by `participant`; the notice to tell them, or `null`.
   * Who may answer is checked by the settle door: an answer's own checks, `runtime.keep`'s before
   * a partial answer is kept, `look`'s before the card's view changes.
   */
  const act = async ({ card, messageId, participant, partial, action, thread }: { card: QuestionCard; messageId: string; participant: Participant; partial: PartialAnswer; action: PressAction; thread: string }): Promise<PieceNotice | null> => {
    const questions = questionsOf(card.input)
    if (!questions) return CLOSED
    const step = Math.min(partial.step, questions.length - 1)
    const question = questions[step]
    const next = nextCardState(questions, partial, action.kind === 'done' ? { kind: 'submit' } : action.kind === 'type' ? { kind: 'other' } : action)
    switch (next.kind) {
      case 'dismiss':
        return runtime.answer({ card, messageId, participant, action: { dismissed: true } })
      case 'look':
        return look({ card, messageId, participant, partial, action: action as Extract<PressAction, { kind: 'page' | 'type' | 'back' }>, question, step, thread })
      case 'ignore':
        return action.kind === 'type' ? { kind: 'invalid', message: `'${question.header}' takes no typed answer; choose one of its options.` } : CLOSED
      case 'empty':
        // Nothing is kept for an empty question: whoever may not answer is told that first.
        return (await runtime.mayAnswer({ card, messageId, participant })) ?? { kind: 'invalid', message: `Choose at least one option of '${question.header}' first${question.custom ? ', or type your answer' : ''}.` }
      default:
        return apply({ card, messageId, participant, revision: partial.revision, step, next, direct: action.kind === 'option' && questions.length === 1 })
    }
  }

  /** A press on one of the bot's messages: the text to acknowledge it with, or `null`. */
  const press = async ({ thread, messageId, from, data }: Press): Promise<string | null> => {
    const participant = participantOf(from)
    const card = await runtime.cards.ofMessage(messageId)
    const read = readPressData(data)
    if (!card || !read || read.card !== cardTag(card)) return said(CLOSED)
    if (card.closed) return said((await runtime.mayAnswer({ card, messageId, participant })) ?? CLOSED)
    const partial = await runtime.partialOf(card)
    // A press on an older drawing changes nothing; whoever pressed is told why: refused, settled (the card is then replaced), or changed.
    if (read.revision !== partial.revision) return said((await runtime.mayAnswer({ card, messageId, participant })) ?? { kind: 'changed' })
    return said(await act({ card, messageId, participant, partial, action: read.action, thread }))
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
    const questions = card ? questionsOf(card.input) : null
    if (!card || !questions) return false
    const tell = async (notice: PieceNotice | null) => {
      if (notice) await runtime.notify({ thread, participant, notice })
    }
    if (card.closed) {
      await tell((await runtime.mayAnswer({ card, participant })) ?? CLOSED)
      return true
    }
    const partial = await runtime.partialOf(card)
    const view = await views.view(card)
    if (view.typing?.userId === participant.userId) await views.setView(card, { page: 0 })
    const next = nextCardState(questions, partial, { kind: 'typed', text, question: typing.question })
    if (next.kind === 'answer' || next.kind === 'keep') await tell(await apply({ card, participant, revision: partial.revision, step: partial.step, next }))
    return true
  }

  return { press, typed }
}
