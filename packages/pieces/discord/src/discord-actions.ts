import type { Chat } from 'chat'
import { answerFrom, CAPTURE_MS, type ChannelQuestion, type ChannelState, type PartialAnswer, type Participant, type PieceDrawing, type PieceNotice, type PieceRuntime, type QuestionCard, questionsOf, type QuestionSelection } from 'frogbot/channels'
import { escapeMarkdown } from './discord-components.ts'
import { type FrogbotDiscordAdapter, IS_COMPONENTS_V2, messageRef } from './discord-adapter.ts'
import { type DiscordMember, type DiscordNames, type DiscordUser, participantOf } from './discord-people.ts'
import { type Control, questionCard, readControl } from './question-card.ts'

/** Who pressed **Other…** on which question: their next message in the thread is its typed answer. */
type Typing = { chatId: string; toolCallId: string; step: number }

/** A component interaction, as the piece reads it (checked by the webhook before Chat SDK sees it). */
type ComponentInteraction = { channel_id: string; message: { id: string }; member?: DiscordMember & { user: DiscordUser }; user?: DiscordUser; data: { custom_id: string; values?: string[] } }

/** The option labels a select's values name (option indices from `first`, within its 25), or `null` when one is not an option it offered. */
function labelsOf(question: ChannelQuestion, first: number, values: string[]): string[] | null {
  const indices = values.map((value) => (/^\d{1,6}$/.test(value) ? Number(value) : -1))
  if (indices.some((index) => index < first || index >= Math.min(first + 25, question.options.length))) return null
  return question.options.filter((_, index) => indices.includes(index)).map((option) => option.label)
}

/**
 * Wires clicks on question cards to the piece runtime (FrogBot's Discord piece; messages are the
 * kit's). Chat SDK acknowledges each click at once (a deferred update, within Discord's 3 s) and
 * hands it on; the click is read against the card record of its message and the partial answer's
 * revision its custom id carries (an older drawing is told the card `changed`):
 * - a button or a one-choice select answers its question; a multi-pick select keeps its picks
 *   (every value of the interaction, not only the first), **Next** or **Submit** answers with them;
 *   an answered question before the last shows the next one, the last settles the call through
 *   the one settle door as the participant (their id, names and roles: the agent's `access` decides);
 * - **Other…**: the presser's next message in the thread, within 10 minutes, is their typed
 *   answer, beside their picks (see `typedAnswer`, for the piece's `textOf`); pressing it again cancels;
 * - **Dismiss** dismisses; a page button shows another page of options.
 * Whatever did not count (refused, settled, stale, a rule broken) is told in the thread, mentioning
 * the participant.
 */
export function handleDiscordActions({ bot, adapter, runtime, state, drawing, names }: { bot: Chat; adapter: FrogbotDiscordAdapter; runtime: PieceRuntime; state: ChannelState; drawing: Pick<PieceDrawing, 'drawPartial'>; names: DiscordNames }): { typedAnswer: (thread: string, participant: Participant, text: string) => Promise<boolean> } {
  const typingKey = (thread: string, userId: string) => `frogbot:discord:typing:${thread}:${userId}`

  /**
   * Whether `participant` may change the card's partial answer: `null`, else the notice for them
   * (refused by the agent's `access`, the call settled or gone). The kit keeps partial answers
   * without asking the agent's `access`, so the piece asks the one settle door with an answer its
   * output schema refuses: the door checks who may answer first and stores nothing on a refusal,
   * so `invalid` means the participant passed.
   */
  const mayChange = async (card: QuestionCard, ref: string, participant: Participant): Promise<PieceNotice | null> => {
    const probe = await runtime.answer({ card, messageId: ref, participant, action: { output: { answers: 'not an answer: checks who may answer' } } })
    return probe?.kind === 'invalid' ? null : (probe ?? { kind: 'closed' })
  }

  /** The selection of question `step` is complete: the next question is shown, or the call settled. */
  const complete = async ({ card, ref, participant, partial, questions, step, selection }: { card: QuestionCard; ref: string; participant: Participant; partial: PartialAnswer; questions: ChannelQuestion[]; step: number; selection: QuestionSelection }): Promise<PieceNotice | null> => {
    const selections = questions.map((_, index) => partial.selections[index] ?? { selected: [] })
    selections[step] = selection
    if (step === questions.length - 1) return runtime.answer({ card, messageId: ref, participant, action: { output: answerFrom(questions, selections) } })
    const refused = await mayChange(card, ref, participant)
    if (refused) return refused
    const kept = await runtime.keep({ card, messageId: ref, participant, revision: partial.revision, change: () => ({ step: step + 1, selections }) })
    if (!('partial' in kept)) return kept
    await drawing.drawPartial?.({ card, partial: kept.partial })
    return null
  }

  /** "Other…": the presser's next message in the thread is their typed answer to question `step`, or, pressed again, it is not. */
  const other = async ({ card, participant, question, step }: { card: QuestionCard; participant: Participant; question: ChannelQuestion; step: number }) => {
    const key = typingKey(card.thread, participant.userId)
    const mention = `<@${participant.userId}>`
    const typing = await state.get<Typing>(key)
    if (typing && typing.chatId === card.chatId && typing.toolCallId === card.toolCallId && typing.step === step) {
      await state.delete(key)
      return adapter.postText(card.thread, `${mention} No typed answer then: your next message here is an ordinary message again.`, [participant.userId])
    }
    await state.set<Typing>(key, { chatId: card.chatId, toolCallId: card.toolCallId, step }, CAPTURE_MS)
    await adapter.postText(card.thread, `${mention} Type your answer to “${escapeMarkdown(question.header)}” as your next message in this thread, within ${CAPTURE_MS / 60_000} minutes. Press **Other…** again to cancel.`, [participant.userId])
  }

  /**
   * A message of `participant` in `thread` read as their typed answer, when they pressed **Other…**
   * there within 10 minutes: the text answers that question, beside the picks made on it before;
   * the call is settled when that was its last question, else the next one is shown. Resolves
   * whether the message was such an answer (then it is consumed: it never reaches the agent).
   * The piece keeps this itself rather than with the kit's capture, which drops the picks.
   */
  const typedAnswer = async (thread: string, participant: Participant, text: string): Promise<boolean> => {
    const key = typingKey(thread, participant.userId)
    const typing = await state.get<Typing>(key)
    if (!typing) return false
    await state.delete(key)
    const card = await runtime.cards.ofCall(typing.chatId, typing.toolCallId)
    const questions = card && !card.closed ? questionsOf(card.input) : null
    if (!card || !questions || card.messageIds.length === 0) return false
    const partial = await runtime.partialOf(card)
    const tell = async (notice: PieceNotice | null) => {
      if (notice) await runtime.notify({ thread, participant, notice })
    }
    if (partial.step !== typing.step) {
      await tell({ kind: 'changed' })
      return true
    }
    const selection = { selected: partial.selections[typing.step]?.selected ?? [], custom: text }
    await tell(await complete({ card, ref: card.messageIds[0], participant, partial, questions, step: typing.step, selection }))
    return true
  }

  const act = async (control: Control, interaction: ComponentInteraction, participant: Participant, fallbackThread: string): Promise<void> => {
    const ref = messageRef(interaction.channel_id, interaction.message.id)
    const card = await runtime.cards.ofMessage(ref)
    const questions = card ? questionsOf(card.input) : null
    const tell = async (notice: PieceNotice | null) => {
      if (notice) await runtime.notify({ thread: card?.thread ?? fallbackThread, participant, notice })
    }
    if (!card || !questions) return tell({ kind: 'closed' })
    // A call that ended refuses every settle (the one settle door), which tells who ended it.
    if (control.kind === 'dismiss' || card.closed) return tell(await runtime.answer({ card, messageId: ref, participant, action: { dismissed: true } }))
    const partial = await runtime.partialOf(card)
    if (control.revision !== partial.revision || control.step !== partial.step) return tell(card.messageIds.includes(ref) ? { kind: 'changed' } : { kind: 'closed' })
    const step = Math.min(partial.step, questions.length - 1)
    const question = questions[step]
    const selection = partial.selections[step] ?? { selected: [] }
    const finish = (chosen: QuestionSelection) => complete({ card, ref, participant, partial, questions, step, selection: chosen }).then(tell)
    switch (control.kind) {
      case 'page':
        return adapter.editPayload(ref, { flags: IS_COMPONENTS_V2, components: questionCard(questions, partial, control.page), allowed_mentions: { parse: [] } })
      case 'other': {
        if (!question.custom) return
        const refused = await mayChange(card, ref, participant)
        return refused ? tell(refused) : other({ card, participant, question, step })
      }
      case 'option': {
        const option = question.options[control.index]
        if (option && !question.multiple) await finish({ selected: [option.label] })
        return
      }
      case 'menu': {
        const picked = labelsOf(question, control.first, interaction.data.values ?? [])
        if (!picked) return
        if (!question.multiple) return picked.length === 1 ? finish({ selected: picked }) : undefined
        const refused = await mayChange(card, ref, participant)
        if (refused) return tell(refused)
        const inMenu = new Set(question.options.slice(control.first, control.first + 25).map((option) => option.label))
        const kept = await runtime.keep({
          card,
          messageId: ref,
          participant,
          revision: partial.revision,
          change: (current) => {
            const selections = questions.map((_, index) => current.selections[index] ?? { selected: [] })
            const chosen = new Set([...selections[step].selected.filter((label) => !inMenu.has(label)), ...picked])
            selections[step] = { ...selections[step], selected: question.options.map((option) => option.label).filter((label) => chosen.has(label)) }
            return { step: current.step, selections }
          }
        })
        if ('partial' in kept) await drawing.drawPartial?.({ card, partial: kept.partial })
        else await tell(kept)
        return
      }
      case 'submit':
        if (!question.multiple) return
        if (selection.selected.length === 0 && !(question.custom && selection.custom?.trim())) {
          return tell({ kind: 'invalid', message: `Choose at least one option for “${question.header}”${question.custom ? ', or press Other… and type your answer' : ''}.`, question: step })
        }
        return finish(selection)
    }
  }

  bot.onAction(async (event) => {
    const control = readControl(event.actionId)
    if (!control) return
    const interaction = event.raw as ComponentInteraction
    const user = interaction.member?.user ?? interaction.user
    if (!user) return
    const participant = participantOf(user, interaction.member)
    await names.remember(participant)
    await act(control, interaction, participant, event.threadId)
  })

  return { typedAnswer }
}
