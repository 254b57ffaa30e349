import { randomUUID } from 'node:crypto'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { ChatSummary, PendingCall, SettlementWithPart } from '@frogbotai/protocol'
import type { UIMessageChunk } from 'ai'
import type { EngineEvent } from '../contract/engine-events.ts'
import type { Participant } from '../contract/participant.ts'
import type { PieceEngine } from '../contract/piece.ts'
import type { ChannelState } from '../contract/channel-state.ts'
import { noticeOf, type PieceNotice } from './piece-notices.ts'
import { type QuestionCard, questionCards } from './question-cards.ts'
import { replyText } from './reply-text.ts'

/** A person on the platform as the piece found them: their platform id, display name and email (when the platform gives one). */
export type PlatformUser = { userId: string; name?: string; email?: string }

/**
 * What a piece draws on its platform; the runtime decides when (FrogBot's piece contract: the piece
 * draws and reads platform controls, the core keeps the record). Each may throw; the runtime logs it.
 * - `reply`: posts the agent's reply in `thread` as `text` streams in (editing one message, or one
 *   per step) and resolves once it is posted whole; `text` may be empty (a step that only asks).
 * - `drawCall`: posts the controls of one waiting call; returns the ids of the messages that carry
 *   them, in the piece's own format (unique in the instance), to read clicks on them later.
 * - `drawSettled`: replaces the controls on every message of a call that ended (answered,
 *   dismissed, cancelled, expired) with what became of it and who did it.
 * - `notify`: tells one participant privately (see {@link PieceNotice}).
 */
export type PieceDrawing = {
  reply: (options: { chat: ChatSummary; thread: string; text: AsyncIterable<string> }) => Promise<void>
  drawCall: (options: { chat: ChatSummary; thread: string; call: PendingCall }) => Promise<string[]>
  drawSettled: (options: { chat: ChatSummary; card: QuestionCard; settlement: SettlementWithPart }) => Promise<void>
  notify: (options: { thread: string; user: PlatformUser; notice: PieceNotice }) => Promise<void>
}

/** What settling a call from a channel does: answer it with `output`, or dismiss it (with a `reason`). */
export type PieceAction = { output: unknown } | { dismissed: true; reason?: string }

/** Chats read per page when rescanning for missing cards. */
const REDRAW_PAGE = 100

/** How often a piece's webhook traffic rescans for missing cards, at most (ms). */
export const REDRAW_EVERY_MS = 60_000

/** The longest wait before a rescan tries again to draw a card that failed (ms). */
const REDRAW_BACKOFF_MAX_MS = 60 * 60_000

const one = (text: string) =>
  (async function* () {
    yield text
  })()

/**
 * The shared half of a channel piece (FrogBot's piece contract), on the piece's channel engine and
 * state. The piece turns platform events into calls of `message` and `answer` and draws with
 * `drawing`; the runtime does the rest, the same for every platform:
 * - `message`: a participant's message in a thread starts or continues its chat, as that
 *   participant (email matched to a FrogBot user, then the agent's `access`); a refused or queued
 *   message gets a private notice, and a question still waiting without its card is drawn again;
 * - `door.onTurn`: every turn of the instance's chats is posted as it streams, then its waiting
 *   calls are drawn (once, across processes) and remembered as cards;
 * - `answer`: a click or form on a card settles its call through the one settle door; the first
 *   valid answer wins, and what did not win comes back as a notice for the participant (a stale
 *   card is `closed`);
 * - `door.onSettled`: every ended call's card is replaced, whoever ended it (a card whose
 *   replacement failed, or never ran, is replaced when a click finds its call ended);
 * - `redraw`, `redrawNowAndThen`: a rescan draws the cards of calls still waiting that were never
 *   drawn, and replaces those of calls that ended (at start-up, then at most every
 *   {@link REDRAW_EVERY_MS} as webhooks arrive);
 * - `track`/`idle`: background work (webhook handlers, replies) is tracked, and `idle()`
 *   resolves once none is left (tests; shutdown waits for it).
 * `now` is the clock of the rescans (ms since the epoch; default `Date.now`). Where participants
 * are matched to FrogBot users by email (`matchesByEmail`, default `true`: Slack, Teams, Linear),
 * one refused without a match is told why, and the log says, once for each of them, what lets them
 * in (prefixed with `label`; `missingEmailHint`: what the platform needs to share emails).
 * Nothing here waits for a person.
 */
export function pieceRuntime({
  engine,
  state,
  drawing,
  now = Date.now,
  label = 'channel',
  matchesByEmail = true,
  missingEmailHint
}: {
  engine: PieceEngine
  state: Pick<ChannelState, 'get' | 'set' | 'setIfNotExists' | 'delete'> & Partial<Pick<ChannelState, 'lastingKeys'>>
  drawing: PieceDrawing
  now?: () => number
  label?: string
  matchesByEmail?: boolean
  missingEmailHint?: string
}) {
  const cards = questionCards(state)
  const tasks = new Set<Promise<unknown>>()
  const failed = (what: string) => (error: unknown) => engine.log(`frogbot: ${what}: ${error instanceof Error ? error.message : String(error)}`)

  const track = <T>(work: Promise<T>): Promise<T> => {
    const tracked = work.finally(() => tasks.delete(tracked))
    tasks.add(tracked)
    tracked.catch(() => {})
    return tracked
  }

  const explained = new Set<string>()
  /** `notice` for `from`, saying why nobody was matched when nobody was; the log says what lets them in, once a participant. */
  const denial = async (notice: PieceNotice, from: Participant): Promise<PieceNotice> => {
    if (notice.kind !== 'denied' || !matchesByEmail || (await engine.userOf(from))) return notice
    const unmatched = from.email ? 'no-user' : 'no-email'
    if (!explained.has(from.userId)) {
      explained.add(from.userId)
      const who = `${from.name ?? from.userId} (${from.userId})`
      engine.log(
        unmatched === 'no-user'
          ? `frogbot: ${label}: refused ${who}: no FrogBot user has the email ${from.email}; \`npx frogbot users create --email ${from.email}\` lets them in (with the default access)`
          : `frogbot: ${label}: refused ${who}: the platform gave no email for them, so no FrogBot user could be matched${missingEmailHint ? `; ${missingEmailHint}` : ''}`
      )
    }
    return { ...notice, unmatched }
  }

  const participant = (user: PlatformUser): Participant => ({
    userId: user.userId,
    ...(user.name ? { name: user.name } : {}),
    ...(user.email ? { email: user.email } : {})
  })

  // Calls whose drawing failed in this process: a rescan tries each again only after a wait that
  // doubles with every failure (1 minute, 2, 4, … at most an hour), so that a thread the platform
  // keeps refusing (the bot removed from a channel) is not retried, and logged, every minute.
  const backoff = new Map<string, { failures: number; next: number }>()

  // `rescan`: a failure is only logged (the thread was told when the turn's own drawing failed),
  // and calls still waiting out their backoff are left for a later rescan.
  const drawCalls = async (chat: ChatSummary, calls: PendingCall[], { rescan = false }: { rescan?: boolean } = {}) => {
    const thread = chat.channel?.thread
    if (!thread) return
    for (const call of calls) {
      const key = `${chat.id}:${call.toolCallId}`
      if (rescan && (backoff.get(key)?.next ?? 0) > now()) continue
      if (!(await cards.claim(chat.id, call.toolCallId))) continue
      try {
        const messageIds = await drawing.drawCall({ chat, thread, call })
        await cards.save({ chatId: chat.id, toolCallId: call.toolCallId, toolName: call.toolName, thread, messageIds, input: call.input })
        backoff.delete(key)
      } catch (error) {
        await cards.release(chat.id, call.toolCallId)
        const failures = (backoff.get(key)?.failures ?? 0) + 1
        backoff.set(key, { failures, next: now() + Math.min(REDRAW_EVERY_MS * 2 ** (failures - 1), REDRAW_BACKOFF_MAX_MS) })
        failed(`could not draw call ${call.toolCallId} of chat ${chat.id}`)(error)
        if (rescan) continue
        const why = error instanceof Error ? error.message : String(error)
        await drawing.reply({ chat, thread, text: one(`I could not show my question here (${why}). I will try again within a few minutes; writing in this thread tries again now.`) }).catch(failed(`could not post the failure of chat ${chat.id}`))
      }
    }
  }

  let lastRedraw: number | null = null
  /**
   * Draws every card of the instance that is missing: a call still waiting whose controls were
   * never posted (the server stopped between the pause and the drawing, or the platform failed);
   * then replaces every card still showing controls for a call that ended.
   * Each card is claimed in FrogBot's database first, so with several servers rescanning at once
   * each is drawn once. Storage decides what waits: the instance's chats with pending calls.
   */
  const redraw = async () => {
    lastRedraw = now()
    const waiting = new Set<string>()
    for (let after: string | undefined; ; ) {
      const page = await engine.waitingChats({ after, limit: REDRAW_PAGE })
      for (const { chat, pending } of page) {
        for (const call of pending) waiting.add(`${chat.id}:${call.toolCallId}`)
        await drawCalls(chat, pending, { rescan: true })
      }
      if (page.length < REDRAW_PAGE) break
      after = page.at(-1)!.chat.id
    }
    // Cards still showing controls for calls that ended (the replacement failed, or the server
    // stopped before it): replaced from the stored settlement.
    for await (const card of cards.open()) {
      if (!waiting.has(`${card.chatId}:${card.toolCallId}`)) await replaceStale(card).catch(failed(`could not replace the card of call ${card.toolCallId}`))
    }
  }

  /**
   * Replaces the controls of `card`, whose call ended with `settlement`, once across processes
   * (the replacing claim); a card whose replacement failed stays open, to be replaced on its next click.
   */
  const replace = async (chat: ChatSummary, card: QuestionCard, settlement: SettlementWithPart) => {
    if (!(await cards.claimReplacing(card))) return
    try {
      await drawing.drawSettled({ chat, card, settlement })
      await cards.close(card)
    } catch (error) {
      await cards.releaseReplacing(card)
      failed(`could not replace the card of call ${card.toolCallId}`)(error)
    }
  }

  /**
   * Replaces the card of a call that ended while its controls stayed (the replacement failed, or
   * the server stopped before it), as a click on it finds: from the stored settlement, once.
   */
  const replaceStale = async (card: QuestionCard) => {
    const read = await engine.readChat(card.chatId).catch((error: unknown) => {
      // A chat no longer in the database has nothing to show: its card is let go.
      if (FrogbotError.isInstance(error) && error.code === 'not-found') return null
      throw error
    })
    if (!read) return cards.close(card)
    const { chat, messages } = read
    for (const message of messages) {
      const settlement = message.settlements.findLast((entry) => entry.toolCallId === card.toolCallId)
      const part = message.parts.find((entry) => (entry as { toolCallId?: string }).toolCallId === card.toolCallId) ?? null
      if (settlement) return replace(chat, card, { ...settlement, part } as SettlementWithPart)
    }
  }

  // The reply of each chat's current turn as it is posted: what the turn leads to (its cards, its
  // failure) is posted after it.
  const replies = new Map<string, Promise<void>>()
  const afterReply = (chatId: string, work: () => Promise<void>) => {
    const posted = replies.get(chatId) ?? Promise.resolve()
    track(posted.then(work))
  }
  const postReply = async (chat: ChatSummary, thread: string, stream: ReadableStream<UIMessageChunk>) => {
    try {
      await drawing.reply({ chat, thread, text: replyText(stream) })
    } catch (error) {
      failed(`could not post the reply of chat ${chat.id}`)(error)
    }
    await stream.cancel().catch(() => {})
  }

  /** What the engine did in one of the piece's chats: replies posted as they stream, cards drawn once calls wait and replaced once they end. */
  const onEvent = (event: EngineEvent) => {
    const { chat } = event
    const thread = chat.channel?.thread
    if (!thread) return
    if (event.type === 'turn-started') {
      const posted = track(postReply(chat, thread, event.replyStream()))
      replies.set(chat.id, posted)
      void posted.then(() => replies.get(chat.id) === posted && replies.delete(chat.id))
    } else if (event.type === 'calls-waiting') {
      afterReply(chat.id, () => drawCalls(chat, event.pending))
    } else if (event.type === 'turn-ended' && 'error' in event) {
      const text = one(`Sorry, this reply failed. ${event.error.message}`)
      afterReply(chat.id, () => drawing.reply({ chat, thread, text }).catch(failed(`could not post the failure of chat ${chat.id}`)))
    } else if (event.type === 'calls-settled') {
      track(
        (async () => {
          for (const settlement of event.settlements) {
            const card = await cards.ofCall(chat.id, settlement.toolCallId)
            if (card) await replace(chat, card, settlement)
          }
        })()
      )
    }
  }

  /**
   * A participant's message in `thread` (`text`, platform `account`): starts or continues the
   * thread's chat; returns `started`, `queued` or `refused` (the participant was told why).
   */
  const message = async ({ thread, account, user, text }: { thread: string; account?: string | null; user: PlatformUser; text: string }) => {
    const from = await participant(user)
    try {
      const sent = await engine.sendMessage({
        thread,
        account,
        participant: from,
        message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text }], metadata: { from: { userId: user.userId, ...(user.name ? { name: user.name } : {}) } } }
      })
      if (sent.status === 'started') {
        // The piece reads its own copy of the turn (turn-started); the caller's copy is not needed.
        void sent.run.stream.cancel().catch(() => {})
        return 'started' as const
      }
      const chat = await engine.chatOf(thread)
      await drawing.notify({ thread, user, notice: { kind: 'queued', behind: chat?.state === 'awaiting' ? 'question' : 'reply' } })
      if (chat?.state === 'awaiting') await drawCalls(chat, (await engine.readChat(chat.id)).pending)
      return 'queued' as const
    } catch (error) {
      const notice = noticeOf(error, 'write')
      if (!notice) throw error
      await drawing.notify({ thread, user, notice: await denial(notice, from) })
      return 'refused' as const
    }
  }

  /**
   * Settles the call of `card` as `user` did on platform message `messageId` (through the one
   * settle door). Returns `null` when it was accepted, else the notice for the participant (the
   * caller shows it: privately, or as a form error for `invalid`); a `messageId` the card does not
   * hold is a stale control (`closed`).
   */
  const answer = async ({ card, messageId, user, action }: { card: QuestionCard; messageId?: string; user: PlatformUser; action: PieceAction }): Promise<PieceNotice | null> => {
    if (messageId !== undefined && !card.messageIds.includes(messageId)) return { kind: 'closed' }
    const from = await participant(user)
    try {
      const outcome = await engine.settle({ chatId: card.chatId, inputs: [{ toolCallId: card.toolCallId, ...action }], participant: from })
      if (outcome.kind === 'continued') void outcome.run.stream.cancel().catch(() => {})
      return null
    } catch (error) {
      const notice = noticeOf(error, 'answer')
      if (!notice) throw error
      if (notice.kind === 'settled' && !card.closed) void track(replaceStale(card).catch(failed(`could not replace the card of call ${card.toolCallId}`)))
      return denial(notice, from)
    }
  }

  return {
    onEvent,
    message,
    answer,
    cards,
    participant,
    track,
    /** Draws every missing card now (at start-up); see `redraw` above. Failures are logged. */
    redraw: () => track(redraw().catch(failed('could not rescan for questions without their card'))),
    /**
     * Rescans for missing cards when the last rescan is {@link REDRAW_EVERY_MS} old (a piece calls
     * it on each verified webhook request), in the background.
     */
    redrawNowAndThen: () => {
      if (lastRedraw !== null && now() - lastRedraw < REDRAW_EVERY_MS) return
      lastRedraw = now()
      void track(redraw().catch(failed('could not rescan for questions without their card')))
    },
    /** Resolves once no background work of this piece is left. */
    idle: async () => {
      while (tasks.size > 0) await Promise.allSettled([...tasks])
    }
  }
}

/** See {@link pieceRuntime}. */
export type PieceRuntime = ReturnType<typeof pieceRuntime>
