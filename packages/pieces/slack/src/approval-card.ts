import type { SlackAdapter } from '@chat-adapter/slack'
import type { Chat, ModalSubmitEvent } from 'chat'
import {
  APPROVAL_CONTROLS,
  type ApprovalDrawing,
  type ApprovalPress,
  approvalAnswer,
  approvalCard,
  editedInput,
  inputFields,
  invalidField,
  type NameOf,
  type Participant,
  type PieceNotice,
  type PieceRuntime,
  type QuestionCard,
  settledAnswer,
  settledApproval,
  settledApprovalText
} from 'frogbot/channels'
import type { PendingCall } from 'frogbot/protocol'
import { type Block, clip, escapeMrkdwn, LIMITS, mrkdwn, plain } from './block-kit.ts'
import type { StateValues } from './question-card.ts'
import { messageRef } from './slack-drawing.ts'

/** The `action_id`s of an approval card's buttons (not `frogbot_…`: the question handler leaves them alone). */
export const APPROVAL_ACTIONS = { approve: 'fbapproval_approve', deny: 'fbapproval_deny', edit: 'fbapproval_edit' } as const

/** The `callback_id`s of the Edit and Deny modals. */
export const APPROVAL_MODALS = { edit: 'fbapproval_edit_modal', deny: 'fbapproval_deny_modal' } as const

/** The `block_id` of an input field in the Edit modal (its index: field names may hold anything). */
export const fieldBlock = (index: number) => `fbapproval_f${index}`
/** The `block_id` of the Deny modal's reason. */
export const REASON_BLOCK = 'fbapproval_reason'
const VALUE = 'value'

const fieldLines = (model: ReturnType<typeof approvalCard>) => [
  ...model.fields.map((field) => `*${escapeMrkdwn(field.name)}*: ${field.json ? `\`${escapeMrkdwn(field.value)}\`` : escapeMrkdwn(field.value)}`),
  ...(model.more > 0 ? [`_… and ${model.more} more_`] : [])
]

/**
 * The Block Kit card of a call waiting for approval: the tool, its input field by field (escaped,
 * so the model's text never becomes a mention or a link), "Needs your approval" or the quorum's
 * count, the expiry, and Approve, Deny (a modal asks an optional reason) and Edit (a modal with
 * the input's fields).
 */
export function approvalBlocks(call: Pick<PendingCall, 'toolName' | 'input' | 'quorum' | 'expiresAt'>): { text: string; blocks: Block[] } {
  const model = approvalCard(call)
  const button = (id: string, label: string, style?: 'primary' | 'danger') => ({ type: 'button', action_id: id, value: id, text: plain(label, LIMITS.button), ...(style ? { style } : {}) })
  return {
    text: clip(model.text, LIMITS.fallbackText),
    blocks: [
      { type: 'section', text: mrkdwn(`*${escapeMrkdwn(model.title)}*`) },
      { type: 'section', text: mrkdwn(fieldLines(model).join('\n')) },
      { type: 'context', elements: [mrkdwn(`⏳ ${[model.status, ...model.facts.map(escapeMrkdwn)].join(' · ')}`)] },
      {
        type: 'actions',
        block_id: 'fbapproval_controls',
        elements: [button(APPROVAL_ACTIONS.approve, APPROVAL_CONTROLS.approve, 'primary'), button(APPROVAL_ACTIONS.deny, APPROVAL_CONTROLS.deny, 'danger'), button(APPROVAL_ACTIONS.edit, APPROVAL_CONTROLS.edit)]
      }
    ]
  }
}

/** The Edit modal: one text field per input field, holding its value (JSON for anything but a string). */
export function editModal(card: QuestionCard, messageId: string): Block {
  const fields = inputFields(card.input).slice(0, LIMITS.modalBlocks - 1)
  return {
    type: 'modal',
    callback_id: APPROVAL_MODALS.edit,
    title: plain('Edit and approve', LIMITS.modalTitle),
    submit: plain('Approve', LIMITS.button),
    close: plain('Cancel', LIMITS.button),
    private_metadata: JSON.stringify({ m: messageId }),
    blocks: [
      { type: 'section', text: mrkdwn(`*${escapeMrkdwn(card.toolName)}*: change what you need, then approve. Values other than text are JSON.`) },
      ...fields.map((field, index) => ({
        type: 'input',
        block_id: fieldBlock(index),
        label: plain(field.name, LIMITS.label),
        element: { type: 'plain_text_input', action_id: VALUE, initial_value: clip(field.value, LIMITS.inputText), multiline: field.value.length > 60 }
      }))
    ]
  }
}

/** The Deny modal: an optional reason. */
export function denyModal(messageId: string): Block {
  return {
    type: 'modal',
    callback_id: APPROVAL_MODALS.deny,
    title: plain('Deny', LIMITS.modalTitle),
    submit: plain('Deny', LIMITS.button),
    close: plain('Cancel', LIMITS.button),
    private_metadata: JSON.stringify({ m: messageId }),
    blocks: [
      {
        type: 'input',
        block_id: REASON_BLOCK,
        optional: true,
        label: plain('Why deny?', LIMITS.label),
        element: { type: 'plain_text_input', action_id: VALUE, multiline: true, max_length: 1000, placeholder: plain('Tell the agent why, if you like', LIMITS.placeholder) }
      }
    ]
  }
}

/** The Edit modal's values by field name, from a submission's `state.values`. */
export function editValues(card: QuestionCard, values: StateValues | undefined): Record<string, string | undefined> {
  return Object.fromEntries(inputFields(card.input).map((field, index) => [field.name, values?.[fieldBlock(index)]?.[VALUE]?.value ?? undefined]))
}

/** How Slack draws approvals: the card, its settled view (the decision, who, the reason, what was edited, the quorum), and its count as votes come in. */
export function slackApprovalDrawing({ adapter, nameOf }: { adapter: SlackAdapter; nameOf: NameOf }): ApprovalDrawing {
  const update = async (card: QuestionCard, drawn: { text: string; blocks: Block[] }) => {
    for (const ref of card.messageIds) {
      const at = ref.indexOf(':')
      await adapter.webClient.chat.update({ channel: ref.slice(0, at), ts: ref.slice(at + 1), text: drawn.text, blocks: drawn.blocks } as never)
    }
  }
  return {
    draw: async ({ thread, call }) => {
      const { channel, threadTs } = adapter.decodeThreadId(thread)
      const drawn = approvalBlocks(call)
      const posted = await adapter.webClient.chat.postMessage({ channel, ...(threadTs ? { thread_ts: threadTs } : {}), ...drawn, unfurl_links: false, unfurl_media: false } as never)
      if (!posted.ts) throw new Error('Slack did not say where the approval card was posted')
      return [messageRef(posted.channel ?? channel, posted.ts)]
    },
    drawSettled: async ({ card, settlement }) => {
      const view = settledApproval(settlement, card.input, nameOf, { errorText: settledAnswer(settlement).errorText, escape: escapeMrkdwn })
      const model = approvalCard({ toolName: card.toolName, input: card.input })
      const summary = `${view.mark} ${view.summary}${view.votes ? ` (${view.votes})` : ''}`
      const edits = view.edits.length > 0 ? [{ type: 'section', text: mrkdwn(`*Changed before it ran*\n${view.edits.map((field) => `*${escapeMrkdwn(field.name)}*: ${escapeMrkdwn(field.value)}`).join('\n')}`) }] : []
      await update(card, {
        text: clip(settledApprovalText(card.toolName, view), LIMITS.fallbackText),
        blocks: [{ type: 'section', text: mrkdwn(`*${escapeMrkdwn(card.toolName)}*`) }, { type: 'section', text: mrkdwn(fieldLines(model).join('\n')) }, ...edits, { type: 'context', elements: [mrkdwn(summary)] }]
      })
    },
    drawVotes: ({ card, call }) => update(card, approvalBlocks(call))
  }
}

type Actions = { trigger_id?: string; container?: { channel_id?: string; message_ts?: string }; channel?: { id?: string }; message?: { ts?: string } }

/**
 * Wires an approval card's buttons and modals to the runtime: Approve settles at once; Deny and
 * Edit open their modal (Slack's trigger lasts 3 s); a submitted Edit modal is read field by field
 * (a field that is not JSON, or that the tool's schema refuses, is shown on that field); every
 * decision goes through the one settle door, and what did not win is told privately.
 */
export function handleSlackApprovals({ bot, adapter, runtime, participantOf }: { bot: Chat; adapter: SlackAdapter; runtime: PieceRuntime; participantOf: (userId: string, name?: string) => Promise<Participant> }): void {
  const tell = (card: Pick<QuestionCard, 'thread'>, participant: Participant, notice: PieceNotice | null) => (notice ? runtime.notify({ thread: card.thread, participant, notice }) : Promise.resolve())
  const decide = async (card: QuestionCard, messageId: string, participant: Participant, press: ApprovalPress) => runtime.answer({ card, messageId, participant, action: approvalAnswer(press) })

  bot.onAction(async (event) => {
    if (!event.actionId.startsWith('fbapproval_')) return
    const payload = event.raw as Actions
    const channel = payload.container?.channel_id ?? payload.channel?.id
    const ts = payload.container?.message_ts ?? payload.message?.ts
    if (!channel || !ts) return
    const messageId = messageRef(channel, ts)
    const card = await runtime.cards.ofMessage(messageId)
    const participant = await participantOf(event.user.userId, event.user.userName)
    if (!card || card.kind !== 'approval') return tell({ thread: event.threadId }, participant, { kind: 'closed' })
    if (event.actionId === APPROVAL_ACTIONS.approve) return tell(card, participant, await decide(card, messageId, participant, { kind: 'approve' }))
    if (event.actionId !== APPROVAL_ACTIONS.edit && event.actionId !== APPROVAL_ACTIONS.deny) return
    // A call already decided, or a person who may not decide it, is told now rather than after a form.
    const refused = await runtime.mayAnswer({ card, messageId, participant })
    if (refused) return tell(card, participant, refused)
    if (!payload.trigger_id) return
    try {
      await adapter.webClient.views.open({ trigger_id: payload.trigger_id, view: (event.actionId === APPROVAL_ACTIONS.edit ? editModal(card, messageId) : denyModal(messageId)) as never })
    } catch {
      await tell(card, participant, { kind: 'retry', message: `Slack could not open the form in time; click “${event.actionId === APPROVAL_ACTIONS.edit ? 'Edit' : 'Deny'}” again.` })
    }
  })

  const submitted = async (event: ModalSubmitEvent) => {
    const messageId = event.privateMetadata
    const card = messageId ? await runtime.cards.ofMessage(messageId) : null
    if (!card || card.kind !== 'approval' || !messageId) return null
    return { card, messageId, values: (event.raw as { view?: { state?: { values?: StateValues } } }).view?.state?.values, participant: await participantOf(event.user.userId, event.user.userName) }
  }

  bot.onModalSubmit(APPROVAL_MODALS.deny, async (event: ModalSubmitEvent) => {
    const found = await submitted(event)
    if (!found) return undefined
    const reason = found.values?.[REASON_BLOCK]?.[VALUE]?.value ?? undefined
    await tell(found.card, found.participant, await decide(found.card, found.messageId, found.participant, { kind: 'deny', ...(reason ? { reason } : {}) }))
    return undefined
  })

  bot.onModalSubmit(APPROVAL_MODALS.edit, async (event: ModalSubmitEvent) => {
    const found = await submitted(event)
    if (!found) return undefined
    const fields = inputFields(found.card.input)
    const blockOf = (name: string | null) => fieldBlock(Math.max(0, fields.findIndex((field) => field.name === name)))
    const read = editedInput(found.card.input, editValues(found.card, found.values))
    if ('problem' in read) return { action: 'errors' as const, errors: { [blockOf(read.field)]: read.problem } }
    const notice = await decide(found.card, found.messageId, found.participant, { kind: 'edit', input: read.input })
    if (notice?.kind === 'invalid' && invalidField(notice.message)) return { action: 'errors' as const, errors: { [blockOf(invalidField(notice.message))]: notice.message } }
    await tell(found.card, found.participant, notice)
    return undefined
  })
}
