import { type PieceRuntime, questionsOf, selectionsAnswer } from 'frogbot/channels'
import { ANSWER_MODAL, answerModal, modalErrorBlock, readModal } from './answer-modal.ts'
import { readClick } from './question-card.ts'
import { formError, type SlackInteractions } from './slack-interactions.ts'

/**
 * Wires Slack's interactions on question cards to the piece runtime (messages are the kit's):
 * - a click on a question card is read against its card record (by the message it was made on)
 *   and settled; "Type your answer" opens the answer modal at once (Slack's trigger lasts 3 s);
 * - a submitted answer modal is settled; a rule it breaks is shown in the modal.
 * Handlers only hand events on: nothing waits for a person. They run after Slack's request was
 * acknowledged.
 */
export function handleSlackInteractions({ runtime, interactions }: { runtime: PieceRuntime; interactions: SlackInteractions }): void {
  const { participantOf, tell, onClick, onSubmit, openModal } = interactions

  onClick('frogbot_', async (event, { card, messageId, action, values }) => {
    const questions = card ? questionsOf(card.input) : null
    if (!card || !questions) return tell(event.threadId, await participantOf(event.user), { kind: 'closed' })
    const click = readClick(questions, action, values)
    if (click.kind === 'ignore') return
    if (click.kind === 'custom') return openModal(event, card.thread, answerModal({ questions, card: messageId, initial: click.selections }), 'Type your answer')
    const participant = await participantOf(event.user)
    if (click.kind === 'dismiss') return tell(card.thread, participant, await runtime.answer({ card, messageId, participant, action: { dismissed: true } }))
    const answer = selectionsAnswer(questions, click.selections)
    if ('kind' in answer) return tell(card.thread, participant, answer)
    await tell(card.thread, participant, await runtime.answer({ card, messageId, participant, action: answer }))
  })

  onSubmit(ANSWER_MODAL, async (event, { card, messageId, values }) => {
    const questions = questionsOf(card.input)
    if (!questions) return undefined
    const read = readModal(questions, values)
    if ('problem' in read) return formError(read.block, read.problem)
    const participant = await participantOf(event.user)
    const notice = await runtime.answer({ card, messageId, participant, action: read })
    if (notice?.kind === 'invalid') return formError(modalErrorBlock(questions, notice.question ?? 0), notice.message)
    await tell(card.thread, participant, notice)
    return undefined
  })
}
