import { randomUUID } from 'node:crypto'
import type { Participant } from '../../contract/participant.ts'
import type { PieceEngine } from '../../contract/piece.ts'
import { noticeOf, type PieceNotice } from '../piece-notices.ts'
import type { DrawCalls } from './card-drawing.ts'
import type { PieceDrawing } from './piece-drawing.ts'
import type { ThreadMessage } from './thread-message.ts'

/** Explains a refusal to the participant (see `refusalNotices`). */
type Explain = (notice: PieceNotice, participant: Participant) => Promise<PieceNotice>

/**
 * A participant's message in a thread (platform `account`), once it was not read as an answer: it
 * starts or continues the thread's chat as that participant (the agent's `access` decides);
 * `started`, `queued` (its sender told so; a question still waiting without its card is drawn
 * again) or `refused` (its sender told why).
 */
export function threadMessages({ engine, drawing, drawCalls, explain }: { engine: PieceEngine; drawing: PieceDrawing; drawCalls: DrawCalls; explain: Explain }) {
  const send = async ({ thread, account, participant, text }: ThreadMessage & { account?: string | null }): Promise<'started' | 'queued'> => {
    const metadata = { from: { userId: participant.userId, ...(participant.name ? { name: participant.name } : {}) } }
    const sent = await engine.sendMessage({ thread, account, participant, message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text }], metadata } })
    if (sent.status === 'started') {
      // The piece posts its own copy of the turn (turn-started); the caller's copy is not needed.
      void sent.run.stream.cancel().catch(() => {})
      return 'started'
    }
    const chat = await engine.chatOf(thread)
    await drawing.notify({ thread, participant, notice: { kind: 'queued', behind: chat?.state === 'awaiting' ? 'question' : 'reply' } })
    if (chat?.state === 'awaiting') await drawCalls(chat, (await engine.readChat(chat.id)).pending)
    return 'queued'
  }

  return async (message: ThreadMessage & { account?: string | null }): Promise<'started' | 'queued' | 'refused'> => {
    try {
      return await send(message)
    } catch (error) {
      const notice = noticeOf(error, 'write')
      if (!notice) throw error
      await drawing.notify({ thread: message.thread, participant: message.participant, notice: await explain(notice, message.participant) })
      return 'refused'
    }
  }
}
