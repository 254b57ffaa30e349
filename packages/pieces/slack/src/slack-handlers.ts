import { APPROVAL_CONTROLS, type ApprovalPress, approvalAnswer, approvalEditForm, type Participant, type PieceRuntime, type QuestionCard } from 'frogbot/channels'
import { approvalFormAction, questionsOf, selectionsAnswer } from 'frogbot/channels'
import { ANSWER_MODAL, answerModal, modalErrorBlock, readModal } from './answer-modal.ts'
import { APPROVAL_ACTIONS, APPROVAL_MODALS, denyModal, editModal, fieldBlock } from './approval-card.ts'
import { readClick } from './question-card.ts'
import { formValue, type SlackInteractions } from './slack-interactions.ts'

/**
 * Wires Slack's interactions on FrogBot's cards to the piece runtime (messages are the kit's);
 * every decision goes through the one settle door, and what did not win is told privately:
 * - a click on a question card is read against its card record (by the message it was made on)
 *   and settled; "Type your answer" opens the answer modal at once (Slack's trigger lasts 3 s);
 * - a submitted answer modal is settled; a rule it breaks is shown in the modal;
 * - on an approval card, Approve settles at once; Deny and Edit open their modal; a submitted one
 *   is read as the kit reads a submitted approval form (`approvalFormAction`, each field by its
 *   `block_id`, the kit's `APPROVAL_FORM_IDS`), a field that is not JSON, or that the tool's schema
 *   refuses, shown on that field.
 * Handlers only hand events on: nothing waits for a person. They run after Slack's request was
 * acknowledged.
 */
export function handleSlackInteractions({ runtime, interactions }: { runtime: PieceRuntime; interactions: SlackInteractions }): void {
  const { participantOf, tell, onClick, onSubmit, openModal } = interactions
  const decide = (card: QuestionCard, messageId: string, participant: Participant, press: ApprovalPress) => runtime.answer({ card, messageId, participant, action: approvalAnswer(press) })

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

  onSubmit(ANSWER_MODAL, (card, values) => {
    const questions = questionsOf(card.input)
    if (!questions) return null
    return { read: readModal(questions, values), blockOf: ({ question = 0 }) => modalErrorBlock(questions, question) }
  })

  onClick('fbapproval_', async (event, { card, messageId }) => {
    const participant = await participantOf(event.user)
    if (!card || card.kind !== 'approval') return tell(event.threadId, participant, { kind: 'closed' })
    if (event.actionId === APPROVAL_ACTIONS.approve) return tell(card.thread, participant, await decide(card, messageId, participant, { kind: 'approve' }))
    const edit = event.actionId === APPROVAL_ACTIONS.edit
    if (!edit && event.actionId !== APPROVAL_ACTIONS.deny) return
    // A call already decided, or a person who may not decide it, is told now rather than after a form.
    const refused = await runtime.mayAnswer({ card, messageId, participant })
    if (refused) return tell(card.thread, participant, refused)
    await openModal(event, card.thread, edit ? editModal(card, messageId) : denyModal(messageId), edit ? APPROVAL_CONTROLS.edit : APPROVAL_CONTROLS.deny)
  })

  const modals = [[APPROVAL_MODALS.deny, APPROVAL_ACTIONS.deny], [APPROVAL_MODALS.edit, APPROVAL_ACTIONS.edit]]
  for (const [modal, actionId] of modals) {
    onSubmit(modal, (card, values) => card.kind !== 'approval' ? null : {
      read: approvalFormAction(card.input, { ...formValue(values), actionId })!,
      blockOf: ({ message, field = approvalEditForm(card.input).fieldOf(message) }) =>
        field === null ? null : fieldBlock(field)
    })
  }
}
