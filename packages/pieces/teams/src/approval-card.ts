import type { Chat } from 'chat'
import {
  APPROVAL_CONTROLS,
  type ApprovalDrawing,
  type ApprovalPress,
  approvalAnswer,
  approvalCard,
  editedInput,
  inputFields,
  type NameOf,
  noticeText,
  type Participant,
  type PieceNotice,
  type PieceRuntime,
  settledAnswer,
  settledApproval,
  settledApprovalText
} from 'frogbot/channels'
import type { PendingCall } from 'frogbot/protocol'
import { adaptiveCard, clip, type Element, richText, TYPED_MAX } from './adaptive-card.ts'
import type { Activity, FrogbotTeamsAdapter } from './teams-adapter.ts'
import { activityOf, messageRef } from './teams-drawing.ts'
import type { TeamsPeople } from './teams-people.ts'

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
 * Teams' approvals: the card, updated in place to the decision (who, the reason, what was changed,
 * the quorum) or to the quorum's count; a submit (a `message` activity with `value`, or an
 * `adaptiveCard/action` invoke) is read against the card it replies to and settled through the
 * runtime; an edit the tool's schema refuses is told naming the field. A submit is told privately
 * (a targeted message); an invoke's answer is the text Teams shows its clicker.
 */
export function teamsApprovals({ bot, adapter, runtime, people, nameOf }: { bot: Chat; adapter: FrogbotTeamsAdapter; runtime: PieceRuntime; people: TeamsPeople; nameOf: NameOf }): ApprovalDrawing {
  const submitted = async (activity: Activity, value: unknown): Promise<{ thread: string; participant: Participant; notice: PieceNotice | null }> => {
    const thread = adapter.threadOf(activity)
    const participant = await people(thread, { userId: activity.from!.id, name: activity.from!.name })
    const messageId = activity.replyToId && activity.conversation ? messageRef(activity.conversation.id, activity.replyToId) : null
    const card = messageId ? await runtime.cards.ofMessage(messageId) : null
    if (!card || card.kind !== 'approval' || !messageId) return { thread, participant, notice: { kind: 'closed' } }
    const read = readApprovalSubmit(card.input, value)
    if (!read) return { thread, participant, notice: null }
    if ('problem' in read) return { thread: card.thread, participant, notice: { kind: 'invalid', message: read.problem } }
    return { thread: card.thread, participant, notice: await runtime.answer({ card, messageId, participant, action: approvalAnswer(read) }) }
  }
  const isApproval = (value: unknown) => typeof (value as { actionId?: unknown } | null)?.actionId === 'string' && String((value as { actionId: string }).actionId).startsWith('fbapproval_')

  bot.onAction(async (event) => {
    if (!event.actionId.startsWith('fbapproval_')) return
    const activity = event.raw as Activity
    if (!activity.from?.id) return
    const { thread, participant, notice } = await submitted(activity, activity.value)
    if (notice) await runtime.notify({ thread, participant, notice })
  })

  const questions = adapter.cardInvoke
  adapter.cardInvoke = async (activity) => {
    const value = activity.value?.action?.data
    if (!isApproval(value) || !activity.from?.id) return questions ? questions(activity) : 'Received.'
    const { notice } = await submitted(activity, value)
    return notice ? noticeText(notice, nameOf) : 'Received.'
  }

  const update = async (card: { thread: string; messageIds: string[] }, drawn: { card: Element; summary: string }) => {
    for (const ref of card.messageIds) await adapter.updateCard(card.thread, activityOf(ref), drawn.card, drawn.summary)
  }
  return {
    draw: async ({ thread, call }) => {
      const { card, summary } = approvalAdaptiveCard(call)
      return [messageRef(adapter.decodeThreadId(thread).conversationId, await adapter.postCard(thread, card, summary))]
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
