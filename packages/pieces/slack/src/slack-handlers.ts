import type { Chat } from 'chat'
import { type PieceRuntime, questionsOf } from 'frogbot/channels'
import { ANSWER_MODAL, answerModal, modalErrorBlock, readModal } from './answer-modal.ts'
import { answerOf, readClick } from './question-card.ts'
import { formError, type SlackInteractions } from './slack-interactions.ts'

/**
 * Wires Slack's interactions on question cards to the piece runtime (messages are the kit's):
 * - a click on a question card is read against its card record (by the message it was made on)
 *   and settled; "Type your answer" opens the answer modal at once (Slack's trigger lasts 3 s);
 * - a submitted answer modal is settled; a rule it breaks is shown in the modal.
 * Handlers only hand events on: nothing waits for a person. They run after Slack's request was
 * acknowledged.
 */
export function handleSlackInteractions({ bot, runtime, interactions }: { bot: Chat; runtime: PieceRuntime; interactions: SlackInteractions }): void {
  const { participantOf, tell, clicked, submitted, openModal } = interactions

  bot.onAction(async (event) => {
    if (!event.actionId.startsWith('frogbot_')) return
    const found = await clicked(event)
    if (!found) return
    const { card, messageId } = found
    const questions = card ? questionsOf(card.input) : null
    if (!card || !questions) return tell(event.threadId, await participantOf(event.user), { kind: 'closed' })
    const click = readClick(questions, found.action, found.values)
    if (click.kind === 'ignore') return
    if (click.kind === 'custom') return openModal(event, card.thread, answerModal({ questions, card: messageId, initial: click.selections }), 'Type your answer')
    const participant = await participantOf(event.user)
    if (click.kind === 'dismiss') return tell(card.thread, participant, await runtime.answer({ card, messageId, participant, action: { dismissed: true } }))
    const answer = answerOf(questions, click.selections)
    if ('missing' in answer) return tell(card.thread, participant, { kind: 'invalid', message: answer.message, question: answer.missing })
    await tell(card.thread, participant, await runtime.answer({ card, messageId, participant, action: answer }))
  })

  bot.onModalSubmit(ANSWER_MODAL, async (event) => {
    const found = await submitted(event)
    const questions = found ? questionsOf(found.card.input) : null
    if (!found || !questions) return undefined
    const { card, messageId } = found
    const read = readModal(questions, found.values)
    if ('problem' in read) return formError(read.block, read.problem)
    const participant = await participantOf(event.user)
    const notice = await runtime.answer({ card, messageId, participant, action: read })
    if (notice?.kind === 'invalid') return formError(modalErrorBlock(questions, notice.question ?? 0), notice.message)
    await tell(card.thread, participant, notice)
    return undefined
  })
}
