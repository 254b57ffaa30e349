import type { SlackAdapter } from '@chat-adapter/slack'
import type { ActionEvent, Author, Chat } from 'chat'
import { authorParticipant, type Participant, type PieceNotice, type PieceRuntime, type QuestionCard } from 'frogbot/channels'
import type { Block } from './block-kit.ts'
import { messageRef, onceUntilFailure, type ReadAction } from 'frogbot/channels'

/** Element states of an interaction, `state.values[block_id][action_id]` (Slack's `block_actions` and `view_submission`). */
export type StateValues = Record<string, Record<string, { selected_option?: { value?: string } | null; selected_options?: { value?: string }[]; value?: string | null }>>

/** One clicked element of a `block_actions` payload. */
export type ClickedAction = { action_id: string; value?: string; selected_option?: { value?: string } | null }

/**
 * What the Slack piece's click and modal handlers share, on Chat SDK's `bot` and the piece runtime:
 * - `participantOf(user)`: a Slack user as a participant, looked up with `users.info` (the name
 *   and, with the `users:read.email` scope, the email that matches them to a FrogBot user);
 * - `tell(thread, participant, notice)`: tells a participant privately, when there is a notice;
 * - `onClick(prefix, handle)`: hands each click on a control whose `action_id` starts with
 *   `prefix` to `handle` with the clicked element, the message it is on (`<channel>:<ts>`), its
 *   card (`null`: never drawn, or forgotten) and the message's `state.values`; a payload that
 *   names no message is left alone;
 * - `onSubmit(callbackId, read)`: reads each submitted modal of `callbackId` with `read`, from its
 *   card (by the message id the modal carries) and its `state.values` (`null`: nothing for that
 *   card), and settles what it comes to through the one settle door as its submitter (looked up
 *   only to settle or tell); an `invalid` notice, the read's or the settle door's, is shown under
 *   the block `blockOf` names and keeps the modal open, any other notice is told; a modal whose
 *   card is forgotten closes;
 * - `openModal(event, thread, view, control)`: opens `view` with the click's trigger (Slack's
 *   trigger lasts 3 s); when Slack cannot open it in time, the clicker is told in `thread` to
 *   click `control` again.
 */
export function slackInteractions({ bot, adapter, runtime }: { bot: Chat; adapter: SlackAdapter; runtime: PieceRuntime }) {
  const participantOf = async (user: Author): Promise<Participant> => authorParticipant({ ...user, ...(await adapter.getUser(user.userId)) })
  const tell = async (thread: string, participant: Participant, notice: PieceNotice | null) => {
    if (notice) await runtime.notify({ thread, participant, notice })
  }
  return {
    participantOf,
    tell,
    onClick: (prefix: string, handle: (event: ActionEvent, click: { action: ClickedAction; messageId: string; card: QuestionCard | null; values?: StateValues }) => Promise<void>) =>
      bot.onAction(async (event) => {
        if (!event.actionId.startsWith(prefix)) return
        // What a `block_actions` payload holds beside what Chat SDK reads: clicked elements, element states.
        const payload = event.raw as { state?: { values?: StateValues }; actions?: ClickedAction[] }
        const action = payload.actions?.find((candidate) => candidate.action_id === event.actionId)
        // Chat SDK's message id is the card's `ts`; its thread id names the channel.
        if (!action || !event.messageId || !event.threadId) return
        const messageId = messageRef(adapter.decodeThreadId(event.threadId).channel, event.messageId)
        await handle(event, { action, messageId, card: await runtime.cards.ofMessage(messageId), values: payload.state?.values })
      }),
    onSubmit: (callbackId: string, read: (card: QuestionCard, values?: StateValues) => ModalReading | null) =>
      bot.onModalSubmit(callbackId, async (event) => {
        const messageId = event.privateMetadata
        const card = messageId ? await runtime.cards.ofMessage(messageId) : null
        const values = (event.raw as { view?: { state?: { values?: StateValues } } }).view?.state?.values
        const modal = card && read(card, values)
        if (!modal || !messageId) return undefined
        const participant = onceUntilFailure(() => participantOf(event.user))
        const notice = 'notice' in modal.read
          ? modal.read.notice
          : await runtime.answer({ card, messageId, participant: await participant(), ...modal.read })
        const block = notice?.kind === 'invalid' ? modal.blockOf(notice) : null
        if (notice?.kind === 'invalid' && block !== null) return formError(block, notice.message)
        await tell(card.thread, await participant(), notice)
        return undefined
      }),
    openModal: async (event: ActionEvent, thread: string, view: Block, control: string) => {
      if (!event.triggerId) return
      try {
        await adapter.webClient.views.open({ trigger_id: event.triggerId, view: view as never })
      } catch {
        await tell(thread, await participantOf(event.user), { kind: 'retry', message: `Slack could not open the form in time; click “${control}” again.` })
      }
    }
  }
}

/**
 * What a submitted modal comes to: `read`, the kit's `ReadAction` (the action to settle, or the
 * notice to tell), and `blockOf(notice)`, the block of the modal an `invalid` notice is shown under
 * (`question`: the index of a question at fault; `field`: of an Edit form's field), or `null` where
 * it is told privately instead.
 */
export type ModalReading = { read: ReadAction; blockOf: (notice: InvalidNotice) => string | null }

/** The `invalid` notice of the kit's `PieceNotice`. */
type InvalidNotice = Extract<PieceNotice, { kind: 'invalid' }>

/** A submitted modal's answer that shows `message` under block `block` and keeps the modal open. */
const formError = (block: string, message: string) =>
  ({ action: 'errors' as const, errors: { [block]: message } })

/**
 * A submitted modal's text fields as one flat form, `{ [block_id]: text }`: each input block's one
 * element's `value` (`state.values[block_id][action_id].value`; `null` or left out: nothing typed),
 * as the kit's form readers take it (`approvalFormAction`).
 */
export const formValue = (values: StateValues | undefined): Record<string, unknown> =>
  Object.fromEntries(Object.entries(values ?? {}).map(([block, elements]) =>
    [block, Object.values(elements ?? {})[0]?.value]))

/** See {@link slackInteractions}. */
export type SlackInteractions = ReturnType<typeof slackInteractions>
