import type { ChatSummary } from '@frogbotai/protocol'
import type { UIMessageChunk } from 'ai'
import type { EngineEvent } from '../../contract/engine-events.ts'
import type { QuestionCards } from '../question-cards.ts'
import { replyText } from '../reply-text.ts'
import type { DrawCalls } from './card-drawing.ts'
import type { CardReplacing } from './card-replacing.ts'
import { oneText, type PieceDrawing } from './piece-drawing.ts'
import type { WorkTracker } from './work-tracker.ts'
import { errorText } from '../../text/error-text.ts'


/**
 * What a piece does with the engine's events about its chats: a turn's reply is posted in its
 * thread as it streams; once the reply is posted, the turn's waiting calls are drawn as cards (or
 * its failure is said); the card of every call that ended is replaced, whoever ended it. All of it
 * is background work; a failure is logged.
 */
export function turnPosting({ drawing, cards, drawCalls, replacing, work, log }: {
  drawing: PieceDrawing
  cards: QuestionCards
  drawCalls: DrawCalls
  replacing: CardReplacing
  work: WorkTracker
  log: (line: string) => void
}) {
  // The reply of each chat's current turn as it is posted: what the turn leads to comes after it.
  const replies = new Map<string, Promise<void>>()
  const afterReply = (chatId: string, next: () => Promise<void>) => void work.track((replies.get(chatId) ?? Promise.resolve()).then(next))

  const postReply = async (chat: ChatSummary, thread: string, stream: ReadableStream<UIMessageChunk>) => {
    try {
      await drawing.reply({ chat, thread, text: replyText(stream) })
    } catch (error) {
      log(`could not post the reply of chat ${chat.id}: ${errorText(error)}`)
    }
    await stream.cancel().catch(() => {})
  }

  const started = (chat: ChatSummary, thread: string, stream: ReadableStream<UIMessageChunk>) => {
    const posted = work.track(postReply(chat, thread, stream))
    replies.set(chat.id, posted)
    void posted.then(() => {
      if (replies.get(chat.id) === posted) replies.delete(chat.id)
    })
  }

  const settled = async (chat: ChatSummary, settlements: Extract<EngineEvent, { type: 'calls-settled' }>['settlements']) => {
    for (const settlement of settlements) {
      const card = await cards.ofCall(chat.id, settlement.toolCallId)
      if (card) await replacing.replace(chat, card, settlement)
    }
  }

  return (event: EngineEvent) => {
    const { chat } = event
    const thread = chat.channel?.thread
    if (!thread) return
    if (event.type === 'turn-started') return started(chat, thread, event.replyStream())
    if (event.type === 'calls-waiting') return afterReply(chat.id, () => drawCalls(chat, event.pending))
    if (event.type === 'calls-settled') return void work.track(settled(chat, event.settlements).catch((error: unknown) => log(`could not replace the cards of chat ${chat.id}: ${errorText(error)}`)))
    if ('error' in event) {
      const text = oneText(`Sorry, this reply failed. ${event.error.message}`)
      afterReply(chat.id, () => drawing.reply({ chat, thread, text }).catch((error: unknown) => log(`could not post the failure of chat ${chat.id}: ${errorText(error)}`)))
    }
  }
}
