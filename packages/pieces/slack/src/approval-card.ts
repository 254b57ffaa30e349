import type { SlackAdapter } from '@chat-adapter/slack'
import { APPROVAL_CONTROLS, type ApprovalCardModel, type ApprovalDrawing, approvalCard, approvalEditForm, type NameOf, type QuestionCard, settledAnswer, settledApproval, settledApprovalText } from 'frogbot/channels'
import { APPROVAL_FORM_IDS, clipDrawn as clip } from 'frogbot/channels'
import type { PendingCall } from 'frogbot/protocol'
import { type Block, button, context, escapeMrkdwn, LIMITS, modal, plain, section, textInput } from './block-kit.ts'
import { postBlocks, updateBlocks } from './slack-drawing.ts'

/**
 * The ids of an approval card's controls, the kit's `APPROVAL_FORM_IDS` (not `frogbot_…`: the
 * question handler leaves them alone): the `action_id`s of its buttons, the `block_id` of the Edit
 * modal's input field `index` (its index: field names may hold anything) and of the Deny modal's
 * reason, by which the kit's `approvalFormAction` reads a submitted modal back.
 */
export const { field: fieldBlock, reason: REASON_BLOCK, ...APPROVAL_ACTIONS } = APPROVAL_FORM_IDS

/** The `callback_id`s of the Edit and Deny modals. */
export const APPROVAL_MODALS = { edit: 'fbapproval_edit_modal', deny: 'fbapproval_deny_modal' } as const

const VALUE = 'value'

/** The top of a card, waiting or settled: `title` in bold, then the input field by field (escaped). */
const inputBlocks = (title: string, model: ApprovalCardModel): Block[] => [
  section(`*${escapeMrkdwn(title)}*`),
  section([...model.fields.map((field) => `*${escapeMrkdwn(field.name)}*: ${field.json ? `\`${escapeMrkdwn(field.value)}\`` : escapeMrkdwn(field.value)}`), ...(model.more > 0 ? [`_… and ${model.more} more_`] : [])].join('\n'))
]

/**
 * The Block Kit card of a call waiting for approval: the tool, its input field by field (escaped,
 * so the model's text never becomes a mention or a link), "Needs your approval" or the quorum's
 * count, the expiry, and Approve, Deny (a modal asks an optional reason) and, where one approval
 * settles the call, Edit (a modal with
 * the input's fields).
 */
export function approvalBlocks(call: Pick<PendingCall, 'toolName' | 'input' | 'quorum' | 'expiresAt'>): { text: string; blocks: Block[] } {
  const model = approvalCard(call)
  const controls = [button(APPROVAL_ACTIONS.approve, APPROVAL_CONTROLS.approve, { style: 'primary' }), button(APPROVAL_ACTIONS.deny, APPROVAL_CONTROLS.deny, { style: 'danger' })]
  if (model.editable) controls.push(button(APPROVAL_ACTIONS.edit, APPROVAL_CONTROLS.edit))
  return {
    text: clip(model.text, LIMITS.fallbackText),
    blocks: [...inputBlocks(model.title, model), context(`⏳ ${[model.status, ...model.facts.map(escapeMrkdwn)].join(' · ')}`), { type: 'actions', block_id: 'fbapproval_controls', elements: controls }]
  }
}

/** The Edit modal: one text field per input field (as many as the modal holds), holding its value (JSON for anything but a string). */
export function editModal(card: QuestionCard, messageId: string): Block {
  const fields = approvalEditForm(card.input).fields.slice(0, LIMITS.modalBlocks - 1)
  return modal(APPROVAL_MODALS.edit, {
    title: 'Edit and approve',
    submit: 'Approve',
    messageId,
    blocks: [
      section(`*${escapeMrkdwn(card.toolName)}*: change what you need, then approve. Values other than text are JSON.`),
      ...fields.map((field, index) => textInput(fieldBlock(index), field.name, VALUE, { initial_value: clip(field.value, LIMITS.inputText), multiline: field.value.length > 60 }))
    ]
  })
}

/** The Deny modal: an optional reason. */
export function denyModal(messageId: string): Block {
  const reason = textInput(REASON_BLOCK, 'Why deny?', VALUE, { optional: true, max_length: 1000, placeholder: plain('Tell the agent why, if you like', LIMITS.placeholder) })
  return modal(APPROVAL_MODALS.deny, { title: 'Deny', submit: 'Deny', messageId, blocks: [reason] })
}

/** How Slack draws approvals: the card, its settled view (the decision, who, the reason, what was edited, the quorum), and its count as votes come in. */
export function slackApprovalDrawing({ adapter, nameOf }: { adapter: SlackAdapter; nameOf: NameOf }): ApprovalDrawing {
  return {
    draw: ({ thread, call }) => postBlocks(adapter, thread, approvalBlocks(call), 'approval card'),
    drawSettled: async ({ card, settlement }) => {
      const view = settledApproval(settlement, card.input, nameOf, { errorText: settledAnswer(settlement).errorText, escape: escapeMrkdwn })
      const edits = view.edits.map((field) => `*${escapeMrkdwn(field.name)}*: ${escapeMrkdwn(field.value)}`)
      const blocks = [
        ...inputBlocks(card.toolName, approvalCard({ toolName: card.toolName, input: card.input })),
        ...(edits.length > 0 ? [section(`*Changed before it ran*\n${edits.join('\n')}`)] : []),
        context(`${view.mark} ${view.summary}${view.votes ? ` (${view.votes})` : ''}`)
      ]
      await updateBlocks(adapter, card.messageIds, { text: clip(settledApprovalText(card.toolName, view), LIMITS.fallbackText), blocks })
    },
    drawVotes: ({ card, call }) => updateBlocks(adapter, card.messageIds, approvalBlocks(call))
  }
}
