import { APPROVAL_CONTROLS, type ApprovalPress, approvalAnswer, approvalEditForm, type Participant, type PieceRuntime, type QuestionCard } from 'frogbot/channels'
import { APPROVAL_ACTIONS, APPROVAL_MODALS, deniedReason, denyModal, editedValue, editModal, fieldBlock } from './approval-card.ts'
import { formError, type SlackInteractions } from './slack-interactions.ts'

/**
 * Wires an approval card's buttons and modals to the runtime: Approve settles at once; Deny and
 * Edit open their modal (Slack's trigger lasts 3 s); a submitted Edit modal is read field by field
 * (a field that is not JSON, or that the tool's schema refuses, is shown on that field); every
 * decision goes through the one settle door, and what did not win is told privately.
 */
export function handleSlackApprovals({ runtime, interactions }: { runtime: PieceRuntime; interactions: SlackInteractions }): void {
  const { participantOf, tell, onClick, onSubmit, openModal } = interactions
  const decide = (card: QuestionCard, messageId: string, participant: Participant, press: ApprovalPress) => runtime.answer({ card, messageId, participant, action: approvalAnswer(press) })

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

  onSubmit(APPROVAL_MODALS.deny, async (event, { card, messageId, values }) => {
    if (card.kind !== 'approval') return undefined
    const participant = await participantOf(event.user)
    await tell(card.thread, participant, await decide(card, messageId, participant, { kind: 'deny', reason: deniedReason(values) }))
    return undefined
  })

  onSubmit(APPROVAL_MODALS.edit, async (event, { card, messageId, values }) => {
    if (card.kind !== 'approval') return undefined
    const participant = await participantOf(event.user)
    const form = approvalEditForm(card.input)
    const read = form.read(editedValue(values))
    if ('problem' in read) return formError(fieldBlock(read.field), read.problem)
    const notice = await decide(card, messageId, participant, { kind: 'edit', input: read.input })
    const field = notice?.kind === 'invalid' ? form.fieldOf(notice.message) : null
    if (notice?.kind === 'invalid' && field !== null) return formError(fieldBlock(field), notice.message)
    await tell(card.thread, participant, notice)
    return undefined
  })
}
