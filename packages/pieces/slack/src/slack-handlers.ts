import type { SlackAdapter } from '@chat-adapter/slack'
import type { ActionEvent, Chat, ModalSubmitEvent } from 'chat'
import { answerFrom, firstUnanswered, type Participant, type PieceNotice, type PieceRuntime, type QuestionCard, questionsOf } from 'frogbot/channels'
import { ANSWER_MODAL, answerModal, modalErrorBlock, readModal } from './answer-modal.ts'
import { readClick, type StateValues } from './question-card.ts'
import { messageRef } from './slack-drawing.ts'

type BlockActions = {
  trigger_id?: string
  container?: { channel_id?: string; message_ts?: string }
  channel?: { id?: string }
  message?: { ts?: string }
  state?: { values?: StateValues }
  actions?: { action_id: string; value?: string; selected_option?: { value?: string } | null }[]
}

/** What a participant is told about a question left without an answer (its number too, when the call has several). */
const unanswered = (header: string, index = 0, count = 1) => `Choose an option for ${count > 1 ? `question ${index + 1}, ` : ''}“${header}”, or type your own answer.`

/**
 * A Slack user as a participant, looked up with `users.info` (Slack's identity lookup: the name
 * and, with the `users:read.email` scope, the email that matches them to a FrogBot user).
 */
export function slackParticipant(adapter: SlackAdapter) {
  return async (userId: string, fallbackName?: string): Promise<Participant> => {
    const found = await adapter.getUser(userId)
    const name = found?.userName ?? fallbackName
    return { userId, ...(name ? { name } : {}), ...(found?.email ? { email: found.email } : {}) }
  }
}

/**
 * Wires Slack's interactions to the piece runtime (FrogBot's Slack piece; messages are the kit's):
 * - a click on a question card is read against its card record (by the message it was made on)
 *   and settled; "Type your answer" opens the answer modal at once (Slack's trigger lasts 3 s);
 * - a submitted answer modal is settled; a rule it breaks is shown in the modal.
 * Handlers only hand events on: nothing waits for a person. They run after Slack's request was
 * acknowledged.
 */
export function handleSlackInteractions({ bot, adapter, runtime }: { bot: Chat; adapter: SlackAdapter; runtime: PieceRuntime }): void {
  const participantOf = slackParticipant(adapter)
  const tell = (card: Pick<QuestionCard, 'thread'>, participant: Participant, notice: PieceNotice | null) =>
    notice ? runtime.notify({ thread: card.thread, participant, notice }) : Promise.resolve()

  bot.onAction(async (event: ActionEvent) => {
    if (!event.actionId.startsWith('frogbot_')) return
    const payload = event.raw as BlockActions
    const action = payload.actions?.find((candidate) => candidate.action_id === event.actionId)
    const channel = payload.container?.channel_id ?? payload.channel?.id
    const ts = payload.container?.message_ts ?? payload.message?.ts
    if (!action || !channel || !ts) return
    const messageId = messageRef(channel, ts)
    const card = await runtime.cards.ofMessage(messageId)
    const questions = card ? questionsOf(card.input) : null
    if (!card || !questions) return tell({ thread: event.threadId }, await participantOf(event.user.userId, event.user.userName), { kind: 'closed' })
    const click = readClick(questions, action, payload.state?.values)
    if (click.kind === 'ignore') return
    if (click.kind === 'custom') {
      if (!payload.trigger_id) return
      try {
        await adapter.webClient.views.open({ trigger_id: payload.trigger_id, view: answerModal({ questions, card: messageId, initial: click.selections }) as never })
      } catch {
        // Slack's trigger lasts 3 s; a slow or lost request cannot open the form any more.
        await tell(card, await participantOf(event.user.userId, event.user.userName), { kind: 'retry', message: 'Slack could not open the form in time; click “Type your answer” again.' })
      }
      return
    }
    const participant = await participantOf(event.user.userId, event.user.userName)
    if (click.kind === 'dismiss') return tell(card, participant, await runtime.answer({ card, messageId, participant, action: { dismissed: true } }))
    const missing = firstUnanswered(questions, click.selections)
    if (missing >= 0) return tell(card, participant, { kind: 'invalid', message: unanswered(questions[missing].header, missing, questions.length), question: missing })
    await tell(card, participant, await runtime.answer({ card, messageId, participant, action: { output: answerFrom(questions, click.selections) } }))
  })

  bot.onModalSubmit(ANSWER_MODAL, async (event: ModalSubmitEvent) => {
    const messageId = event.privateMetadata
    const card = messageId ? await runtime.cards.ofMessage(messageId) : null
    const questions = card ? questionsOf(card.input) : null
    if (!card || !questions || !messageId) return undefined
    const read = readModal(questions, (event.raw as { view?: { state?: { values?: StateValues } } }).view?.state?.values)
    if ('problem' in read) return { action: 'errors' as const, errors: { [read.block]: read.problem } }
    if ('selections' in read) {
      const missing = firstUnanswered(questions, read.selections)
      if (missing >= 0) return { action: 'errors' as const, errors: { [modalErrorBlock(questions, missing)]: unanswered(questions[missing].header, missing, questions.length) } }
    }
    const output = 'output' in read ? read.output : answerFrom(questions, read.selections)
    const participant = await participantOf(event.user.userId, event.user.userName)
    const notice = await runtime.answer({ card, messageId, participant, action: { output } })
    if (notice?.kind === 'invalid') return { action: 'errors' as const, errors: { [modalErrorBlock(questions, notice.question ?? 0)]: notice.message } }
    await tell(card, participant, notice)
    return undefined
  })
}
