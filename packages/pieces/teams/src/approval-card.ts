import { decodeThreadId } from '@chat-adapter/teams'
import { APPROVAL_CONTROLS, type ApprovalDrawing, type ApprovalPress, approvalCard, editedInput, inputFields, type NameOf, settledAnswer, settledApproval, settledApprovalText } from 'frogbot/channels'
import type { PendingCall } from 'frogbot/protocol'
import { adaptiveCard, clip, type Element, richText, TYPED_MAX } from './adaptive-card.ts'
import { type BotConnector, messageRef } from './bot-connector.ts'

/** The `actionId`s in the `data` of an approval card's buttons (they come back in the submitted `value`). */
export const APPROVAL_ACTIONS = { approve: 'fbapproval_approve', deny: 'fbapproval_deny', edit: 'fbapproval_edit' } as const

/** The `id` of the Edit form's input of field `index`, and of the Deny form's reason. */
export const fieldInput = (index: number) => `fbapproval_f${index}`
export const REASON_INPUT = 'fbapproval_reason'

/** Most input fields the Edit form holds (beyond them, a field keeps its value). */
const FORM_FIELDS = 40

/**
 * The Adaptive Card of a waiting approval: the tool, its input field by field (`TextRun`s: the
 * model's text is never read as Markdown), the status and expiry; **Approve**; **Deny…** (a card
 * shown in place with an optional reason); **Edit…** (a card with the input's fields as text
 * inputs, JSON for anything but a string, and "Approve with changes"). `summary` is the kit's card
 * as plain text (Teams' notification).
 */
export function approvalAdaptiveCard(call: Pick<PendingCall, 'toolName' | 'input' | 'quorum' | 'expiresAt'>): { card: Element; summary: string } {
  const model = approvalCard(call)
  const fields = inputFields(call.input).slice(0, FORM_FIELDS)
  const body = [
    richText([{ text: model.title, bold: true }]),
    ...model.fields.map((field, index) => richText([{ text: field.name, bold: true }, ': ', field.value], index === 0 ? {} : { spacing: 'None' })),
    ...(model.more > 0 ? [richText([{ text: `… and ${model.more} more`, italic: true }])] : []),
    richText([{ text: `⏳ ${[model.status, ...model.facts].join(' · ')}`, subtle: true }])
  ]
  const submit = (title: string, actionId: string, extra: Element = {}) => ({ type: 'Action.Submit', title, data: { actionId }, ...extra })
  const showCard = (title: string, inner: Element[], action: Element) => ({ type: 'Action.ShowCard', title, card: { type: 'AdaptiveCard', body: inner, actions: [action] } })
  const actions = [
    submit(APPROVAL_CONTROLS.approve, APPROVAL_ACTIONS.approve, { style: 'positive', associatedInputs: 'none' }),
    showCard(`${APPROVAL_CONTROLS.deny}…`, [{ type: 'Input.Text', id: REASON_INPUT, label: 'Why deny? (optional)', isMultiline: true, maxLength: 1000 }], submit(APPROVAL_CONTROLS.deny, APPROVAL_ACTIONS.deny, { style: 'destructive' })),
    showCard(
      `${APPROVAL_CONTROLS.edit}…`,
      fields.map((field, index) => ({ type: 'Input.Text', id: fieldInput(index), label: clip(field.name, 200), value: clip(field.value, TYPED_MAX), isMultiline: field.value.length > 60 })),
      submit('Approve with changes', APPROVAL_ACTIONS.edit)
    )
  ]
  return { card: adaptiveCard(body, actions), summary: clip(model.text, 1000) }
}

/** What a submitted approval card asks: a press, a field that is not JSON, or nothing of an approval's (`null`). */
export function readApprovalSubmit(input: unknown, value: unknown): ApprovalPress | { problem: string } | null {
  const submitted = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  const text = (key: string) => (typeof submitted[key] === 'string' ? (submitted[key] as string) : undefined)
  if (submitted.actionId === APPROVAL_ACTIONS.approve) return { kind: 'approve' }
  if (submitted.actionId === APPROVAL_ACTIONS.deny) return { kind: 'deny', ...(text(REASON_INPUT)?.trim() ? { reason: text(REASON_INPUT)!.trim() } : {}) }
  if (submitted.actionId !== APPROVAL_ACTIONS.edit) return null
  const values = Object.fromEntries(inputFields(input).map((field, index) => [field.name, text(fieldInput(index))]))
  const read = editedInput(input, values)
  return 'problem' in read ? { problem: read.problem } : { kind: 'edit', input: read.input }
}

/**
 * How Teams draws approvals: the card posted as it is, updated in place to the decision (who, the
 * reason, what was changed, the quorum) or to the quorum's count. Presses are read by
 * `teamsSubmits`.
 */
export function teamsApprovals({ connector, nameOf }: { connector: BotConnector; nameOf: NameOf }): ApprovalDrawing {
  const update = (card: { thread: string; messageIds: string[] }, drawn: { card: Element; summary: string }) => connector.updateCards(card, drawn.card, drawn.summary)
  return {
    draw: async ({ thread, call }) => {
      const { card, summary } = approvalAdaptiveCard(call)
      return [messageRef(decodeThreadId(thread).conversationId, await connector.postCard(thread, card, summary))]
    },
    drawSettled: async ({ card, settlement }) => {
      const text = settledApprovalText(card.toolName, settledApproval(settlement, card.input, nameOf, { errorText: settledAnswer(settlement).errorText }))
      const model = approvalCard({ toolName: card.toolName, input: card.input })
      const lines = text.split('\n')
      const body = [richText([{ text: card.toolName, bold: true }]), ...model.fields.map((field) => richText([{ text: field.name, bold: true }, ': ', field.value], { spacing: 'None' })), ...lines.map((line, index) => richText([{ text: line, bold: index === 0 }], index === 0 ? { separator: true } : {}))]
      await update(card, { card: adaptiveCard(body), summary: clip(text, 1000) })
    },
    drawVotes: ({ card, call }) => update(card, approvalAdaptiveCard(call))
  }
}
