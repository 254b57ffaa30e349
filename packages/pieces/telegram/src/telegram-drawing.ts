import {
  approvalOutcome, cardTag, cardViews, type ChatSdkContext, clipDrawn as clip, messageNoticeDue, messageRef,
  messageRefParts, noticeText, type PartialAnswer, type Participant, type PieceDrawing, type QuestionCard,
  questionsOf, settledText
} from 'frogbot/channels'
import { approvalMessage } from './approval-keyboard.ts'
import type { TelegramAdapter, TelegramMessage } from '@chat-adapter/telegram'
import type { TelegramApi } from './telegram-api.ts'
import { type CardView, MESSAGE_MAX, questionMessage, withinMessage } from './question-keyboard.ts'

/** Whether a Bot API error says the edit changed nothing (Telegram answers 400 "message is not modified"), which is no failure. */
const unchanged = (error: unknown) => error instanceof Error && /message is not modified/i.test(error.message)

/**
 * How often a participant is told, in a group, that their message waits behind the question or
 * the reply, or that the agent does not talk with them (ms): in a group a notice is a message
 * everyone sees, and with privacy mode off every message of the group reaches the bot. In a
 * private chat they are told every time.
 */
export const GROUP_NOTICE_EVERY_MS = 30 * 60_000

/** How a participant is named to people in Telegram: their name, else their @username, else their id. */
export const telegramName = (participant: { userId: string; name?: string; username?: unknown }) =>
  participant.name ?? (typeof participant.username === 'string' ? `@${participant.username}` : `Telegram user ${participant.userId}`)

/**
 * A text that names `participant` first, as a Telegram `text_mention` (it notifies them, and
 * their client opens a `force_reply` field for them alone): `<name>: <rest>`, entities in UTF-16
 * offsets as the Bot API counts them.
 */
export function mentioning(participant: Participant, rest: string) {
  const name = telegramName(participant)
  const id = Number(participant.userId)
  return {
    text: clip(`${name}: ${rest}`, MESSAGE_MAX),
    ...(Number.isSafeInteger(id) ? { entities: [{ type: 'text_mention', offset: 0, length: Math.min(name.length, MESSAGE_MAX), user: { id, is_bot: false, first_name: name } }] } : {})
  }
}

/** What the drawing uses: the piece's Bot API client, Chat SDK's adapter, the piece's state and names. */
type Uses = Pick<ChatSdkContext<TelegramAdapter>, 'adapter' | 'nameOf' | 'state'> & { api: TelegramApi }

/**
 * The Telegram piece's cards and notices, by the Bot API (the piece's `api`; Chat SDK's `adapter`
 * only says which chat and topic a thread is), and each card's view in the piece's `state`:
 * - `drawCall`: one message per call, the question shown (see `questionMessage`) with its
 *   inline keyboard; its id (the kit's `messageRef`, `<chat>:<message>`) is the card's;
 * - `drawPartial` (`redraw`): the card edited to its partial answer (the toggles; the next question
 *   on the first page of its options, the typist gone);
 * - `drawSettled`: the card edited to its answer and who gave it (the kit's `settledText`), the
 *   keyboard removed;
 * - `approvals`: an approval as a message with an inline keyboard (see `approvalMessage`), edited
 *   to the decision (the keyboard removed) or to the quorum's count;
 * - `notify`: a message in the conversation that names the participant (in a private chat, the
 *   notice alone), for what they wrote (in a group, that a message waits or is refused at most
 *   once in {@link GROUP_NOTICE_EVERY_MS}); presses are told privately by the press's
 *   acknowledgement instead.
 */
export function telegramDrawing({ adapter, api, nameOf, state }: Uses) {
  /** How each card is shown: the page of options, who is typing an answer (the kit's `cardViews`). */
  const views = cardViews<CardView>(state, 'telegram', { page: 0 })
  const target = (thread: string) => {
    const { chatId, messageThreadId } = adapter.decodeThreadId(thread)
    return { chat_id: chatId, ...(messageThreadId !== undefined ? { message_thread_id: messageThreadId } : {}) }
  }
  /** Edits each of `refs` (a card's messages) to `payload`; an edit that changes nothing is no failure. */
  const edit = async (refs: string[], payload: Record<string, unknown>) => {
    for (const ref of refs) {
      const { place, id } = messageRefParts(ref)
      const message = { chat_id: place, message_id: Number(id) }
      await api('editMessageText', { ...message, ...payload }).catch((error: unknown) => {
        if (!unchanged(error)) throw error
      })
    }
  }
  const cardMessage = async (card: QuestionCard, partial: PartialAnswer) => {
    const questions = questionsOf(card.input)
    if (!questions) throw new Error(`the input of call ${card.toolCallId} (${card.toolName}) is not a question`)
    const message = questionMessage({ questions, partial, view: await views.view(card), tag: cardTag(card) })
    return card.facts?.length ? { ...message, text: withinMessage(`${message.text}\n${card.facts.join(' · ')}`) } : message
  }

  /**
   * Edits the card's message to `partial` as its view shows it: where the question shown is not the
   * one of `previous` (the partial answer drawn before), on the first page of its options.
   */
  const redraw: NonNullable<PieceDrawing['drawPartial']> = async ({ card, partial, previous }) => {
    if (partial.step !== previous?.step) await views.setView(card, { page: 0 })
    await edit(card.messageIds, await cardMessage(card, partial))
  }

  /** Sends `text` to `thread` (plain, no parse mode), as a reply to `replyTo` where given; the id of the message sent. */
  const send = async (thread: string, content: { text: string; entities?: unknown[] }, extra: Record<string, unknown> = {}) => {
    const sent = await api<TelegramMessage>('sendMessage', { ...target(thread), ...content, ...extra })
    return messageRef(String(sent.chat.id), String(sent.message_id))
  }

  const drawing: Pick<PieceDrawing, 'drawCall' | 'drawSettled' | 'drawPartial' | 'notify' | 'approvals'> = {
    drawCall: async ({ thread, call, chat, facts }) => {
      const card: QuestionCard = { chatId: chat.id, toolCallId: call.toolCallId, toolName: call.toolName, thread, messageIds: [], input: call.input, facts }
      return [await send(thread, await cardMessage(card, { revision: 0, step: 0, selections: [] }))]
    },
    drawPartial: redraw,
    drawSettled: async ({ card, settlement }) => {
      const questions = questionsOf(card.input)
      if (!questions) return
      await edit(card.messageIds, { text: withinMessage(settledText({ questions, settlement, nameOf })) })
      await views.forget(card)
    },
    notify: async ({ thread, participant, notice }) => {
      const text = noticeText(notice, nameOf)
      if (adapter.isDM(thread)) return void (await send(thread, { text }))
      if (await messageNoticeDue({ state, piece: 'telegram', thread, participant, notice, everyMs: GROUP_NOTICE_EVERY_MS })) await send(thread, mentioning(participant, text))
    },
    approvals: {
      draw: async ({ chat, thread, call }) => [await send(thread, approvalMessage(call, chat.id))],
      drawSettled: ({ card, settlement }) =>
        edit(card.messageIds, { text: withinMessage(approvalOutcome({ card, settlement }, nameOf)) }),
      drawVotes: ({ card, call }) => edit(card.messageIds, approvalMessage(call, card.chatId))
    }
  }
  return { ...drawing, views, redraw, send, edit }
}

/** See {@link telegramDrawing}. */
export type TelegramDrawing = ReturnType<typeof telegramDrawing>
