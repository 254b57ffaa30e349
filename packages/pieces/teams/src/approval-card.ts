import {
  APPROVAL_CONTROLS, APPROVAL_FORM_IDS, type ApprovalDrawing, type ApprovalField, approvalCard,
  approvalOutcome, clipDrawn as clip, inputFields, type NameOf
} from 'frogbot/channels'
import type { PendingCall } from 'frogbot/protocol'
import { adaptiveCard, type DrawnCard, type Element, richText, TYPED_MAX } from './adaptive-card.ts'
import type { BotConnector } from './bot-connector.ts'

/**
 * The ids of an approval card's controls, the kit's `APPROVAL_FORM_IDS` (they come back in the
 * submitted `value`, read by the kit's `approvalFormAction`): the `actionId`s in the `data` of its
 * buttons, the `id` of the Edit form's input of field `index` and of the Deny form's reason.
 */
export const { field: fieldInput, reason: REASON_INPUT, ...APPROVAL_ACTIONS } = APPROVAL_FORM_IDS

/** Most input fields the Edit form holds (beyond them, a field keeps its value). */
const FORM_FIELDS = 40

/** The call's input field by field, each "name: value" in `TextRun`s (the model's text is never read as Markdown); `tight`: the first too without spacing above. */
const fieldLines = (fields: ApprovalField[], tight = false) =>
  fields.map((field, index) => richText([{ text: field.name, bold: true }, ': ', field.value], index === 0 && !tight ? {} : { spacing: 'None' }))

/**
 * The Adaptive Card of a waiting approval: the tool, its input field by field, the status and
 * expiry; **Approve**; **Deny…** (a card shown in place with an optional reason); **Edit…**, where
 * one approval settles the call (a card
 * with the input's fields as text inputs, JSON for anything but a string, and "Approve with
 * changes"). `summary` is the kit's card as plain text (Teams' notification).
 */
export function approvalAdaptiveCard(call: Pick<PendingCall, 'toolName' | 'input' | 'quorum' | 'expiresAt'>): DrawnCard {
  const model = approvalCard(call)
  const body = [
    richText([{ text: model.title, bold: true }]),
    ...fieldLines(model.fields),
    ...(model.more > 0 ? [richText([{ text: `… and ${model.more} more`, italic: true }])] : []),
    richText([{ text: `⏳ ${[model.status, ...model.facts].join(' · ')}`, subtle: true }])
  ]
  const submit = (title: string, actionId: string, extra: Element = {}) => ({ type: 'Action.Submit', title, data: { actionId }, ...extra })
  const showCard = (title: string, inner: Element[], action: Element) => ({ type: 'Action.ShowCard', title, card: { type: 'AdaptiveCard', body: inner, actions: [action] } })
  const edits = inputFields(call.input)
    .slice(0, FORM_FIELDS)
    .map((field, index) => ({ type: 'Input.Text', id: fieldInput(index), label: clip(field.name, 200), value: clip(field.value, TYPED_MAX), isMultiline: field.value.length > 60 }))
  const actions = [
    submit(APPROVAL_CONTROLS.approve, APPROVAL_ACTIONS.approve, { style: 'positive', associatedInputs: 'none' }),
    showCard(`${APPROVAL_CONTROLS.deny}…`, [{ type: 'Input.Text', id: REASON_INPUT, label: 'Why deny? (optional)', isMultiline: true, maxLength: 1000 }], submit(APPROVAL_CONTROLS.deny, APPROVAL_ACTIONS.deny, { style: 'destructive' })),
    ...(model.editable ? [showCard(`${APPROVAL_CONTROLS.edit}…`, edits, submit('Approve with changes', APPROVAL_ACTIONS.edit))] : [])
  ]
  return { card: adaptiveCard(body, actions), summary: clip(model.text, 1000) }
}

/**
 * How Teams draws approvals: the card posted as it is, updated in place to the decision (who, the
 * reason, what was changed, the quorum) or to the quorum's count. Presses are read by
 * `teamsSubmits`, with the kit's `approvalFormAction`.
 */
export function teamsApprovals({ connector, nameOf }: { connector: BotConnector; nameOf: NameOf }): ApprovalDrawing {
  return {
    draw: async ({ thread, call }) => [await connector.postCard(thread, approvalAdaptiveCard(call))],
    drawSettled: async ({ card, settlement }) => {
      const text = approvalOutcome({ card, settlement }, nameOf)
      const lines = text.split('\n').map((line, index) => richText([{ text: line, bold: index === 0 }], index === 0 ? { separator: true } : {}))
      const body = [richText([{ text: card.toolName, bold: true }]), ...fieldLines(approvalCard({ toolName: card.toolName, input: card.input }).fields, true), ...lines]
      await connector.updateCards(card, { card: adaptiveCard(body), summary: clip(text, 1000) })
    },
    drawVotes: ({ card, call }) => connector.updateCards(card, approvalAdaptiveCard(call))
  }
}
