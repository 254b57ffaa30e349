import type { SlackAdapter } from '@chat-adapter/slack'
import type { ActionEvent, Chat, Message, ModalSubmitEvent, Thread } from 'chat'
import { answerFrom, firstUnanswered, type PieceDrawing, type PieceNotice, type PieceRuntime, type PlatformUser, type QuestionCard, questionsOf } from 'frogbot/channels'
import { ANSWER_MODAL, answerModal, modalErrorBlock, readModal } from './answer-modal.ts'
import { readClick, type StateValues } from './question-card.ts'
import { messageRef } from './slack-drawing.ts'
import type { IdentityOutcome } from './slack-identity.ts'

type BlockActions = {
  trigger_id?: string
  container?: { channel_id?: string; message_ts?: string }
  channel?: { id?: string }
  message?: { ts?: string }
  state?: { values?: StateValues }
  actions?: { action_id: string; value?: string; selected_option?: { value?: string } | null }[]
}

/** What a participant is told about a question left without an answer (its number too, when the call has several). */
const unanswered = (header: string, index = 0, count = 1) => `Choose an option for ${count > 1 ? `question ${index + 1}, ` : ''}“${header}”, or type your own answer.`

/**
 * Wires Chat SDK's events to the piece runtime (FrogBot's Slack piece):
 * - a mention, a direct message, or any later message in a thread FrogBot follows is a message
 *   of the thread's chat, from the Slack user (matched to a FrogBot user by email); once accepted
 *   the thread is followed;
 * - a click on a question card is read against its card record (by the message it was made on)
 *   and settled; "Type your answer" opens the answer modal at once (Slack's trigger lasts 3 s);
 * - a submitted answer modal is settled; a rule it breaks is shown in the modal.
 * Handlers only hand events on: nothing waits for a person. They run after Slack's request was
 * acknowledged.
 */
export function handleSlackEvents({ bot, adapter, runtime, drawing, identity }: { bot: Chat; adapter: SlackAdapter; runtime: PieceRuntime; drawing: PieceDrawing; identity: () => Promise<IdentityOutcome> }): void {
  const userOf = async (userId: string, fallbackName?: string): Promise<PlatformUser> => {
    const found = await adapter.getUser(userId)
    const name = found?.userName ?? fallbackName
    return { userId, ...(name ? { name } : {}), ...(found?.email ? { email: found.email } : {}) }
  }

  // Chat SDK writes mentions as `@display name`; the bot's own is not part of what was said. The
  // bot's identity is asked here, after the ack, bounded (a failure is kept a while and logged).
  const withoutBot = async (text: string) => {
    await identity()
    const bot = adapter.botUserId
    if (!bot) return text.trim()
    const name = (await adapter.getUser(bot))?.userName ?? bot
    return text.split(`@${name}`).join('').trim()
  }

  const onMessage = async (thread: Thread, message: Message) => {
    if (message.author.isBot || message.author.isMe) return
    const text = await withoutBot(message.text)
    if (!text) return
    const raw = message.raw as { team_id?: string; team?: string }
    const user: PlatformUser = { userId: message.author.userId, name: message.author.userName, ...(message.author.email ? { email: message.author.email } : {}) }
    const outcome = await runtime.message({ thread: thread.id, account: raw.team_id ?? raw.team ?? null, user, text })
    if (outcome !== 'refused') await thread.subscribe()
  }
  bot.onNewMention(onMessage)
  bot.onDirectMessage((thread, message) => onMessage(thread, message))
  bot.onSubscribedMessage(onMessage)

  const tell = (card: Pick<QuestionCard, 'thread'>, user: PlatformUser, notice: PieceNotice | null) =>
    notice ? drawing.notify({ thread: card.thread, user, notice }) : Promise.resolve()

  bot.onAction(async (event: ActionEvent) => {
    if (!event.actionId.startsWith('frogbot_')) return
    const payload = event.raw as BlockActions
    const action = payload.actions?.find((candidate) => candidate.action_id === event.actionId)
    const channel = payload.container?.channel_id ?? payload.channel?.id
    const ts = payload.container?.message_ts ?? payload.message?.ts
    if (!action || !channel || !ts) return
    const messageId = messageRef(channel, ts)
    const card = await runtime.cards.ofMessage(messageId)
    const questions = card ? questionsOf(card.input) : null
    if (!card || !questions) return tell({ thread: event.threadId }, await userOf(event.user.userId, event.user.userName), { kind: 'closed' })
    const click = readClick(questions, action, payload.state?.values)
    if (click.kind === 'ignore') return
    if (click.kind === 'custom') {
      if (!payload.trigger_id) return
      try {
        await adapter.webClient.views.open({ trigger_id: payload.trigger_id, view: answerModal({ questions, card: messageId, initial: click.selections }) as never })
      } catch {
        // Slack's trigger lasts 3 s; a slow or lost request cannot open the form any more.
        await tell(card, await userOf(event.user.userId, event.user.userName), { kind: 'retry', message: 'Slack could not open the form in time; click “Type your answer” again.' })
      }
      return
    }
    const user = await userOf(event.user.userId, event.user.userName)
    if (click.kind === 'dismiss') return tell(card, user, await runtime.answer({ card, messageId, user, action: { dismissed: true } }))
    const missing = firstUnanswered(questions, click.selections)
    if (missing >= 0) return tell(card, user, { kind: 'invalid', message: unanswered(questions[missing].header, missing, questions.length), question: missing })
    await tell(card, user, await runtime.answer({ card, messageId, user, action: { output: answerFrom(questions, click.selections) } }))
  })

  bot.onModalSubmit(ANSWER_MODAL, async (event: ModalSubmitEvent) => {
    const messageId = event.privateMetadata
    const card = messageId ? await runtime.cards.ofMessage(messageId) : null
    const questions = card ? questionsOf(card.input) : null
    if (!card || !questions || !messageId) return undefined
    const read = readModal(questions, (event.raw as { view?: { state?: { values?: StateValues } } }).view?.state?.values)
    if ('problem' in read) return { action: 'errors' as const, errors: { [read.block]: read.problem } }
    const { selections } = read
    const missing = firstUnanswered(questions, selections)
    if (missing >= 0) return { action: 'errors' as const, errors: { [modalErrorBlock(questions, missing)]: unanswered(questions[missing].header, missing, questions.length) } }
    const user = await userOf(event.user.userId, event.user.userName)
    const notice = await runtime.answer({ card, messageId, user, action: { output: answerFrom(questions, selections) } })
    if (notice?.kind === 'invalid') return { action: 'errors' as const, errors: { [modalErrorBlock(questions, notice.question ?? 0)]: notice.message } }
    await tell(card, user, notice)
    return undefined
  })
}
