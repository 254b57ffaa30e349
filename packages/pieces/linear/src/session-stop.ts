import { FrogbotError } from 'frogbot'
import type { PieceContext, QuestionCard } from 'frogbot/channels'
import type { LinearApi } from './linear-api.ts'
import type { LinearParticipant } from './linear-participants.ts'

/** What the session says once a stop request ended the work without a question to dismiss. */
export const STOPPED = 'Stopped.'

const refused = (error: unknown) => FrogbotError.isInstance(error) && (error.code === 'forbidden' || error.code === 'unauthorized')

/**
 * Linear's stop request ("Agent signals", linear.app/developers/agent-signals: the agent stops and
 * sends a final activity) on the chat of `thread`, as `participant`: every question that waits is
 * dismissed through the settle door (a dismissal ends the step without calling the model; the
 * settled activity, a `response`, is the final one); with none waiting, the running turn is
 * stopped and a `response` says so. A participant the agent refuses is told, and nothing changes.
 */
export function sessionStop({ engine, runtime }: Pick<PieceContext, 'engine' | 'runtime'>, api: LinearApi) {
  return async ({ thread, session, participant }: { thread: string; session: string; participant: LinearParticipant }) => {
    const chat = await engine.chatOf(thread)
    if (!chat) return void (await api.activity(session, { type: 'response', body: STOPPED }))
    const { pending } = await engine.readChat(chat.id)
    const cards = (await Promise.all(pending.map((call) => runtime.cards.ofCall(chat.id, call.toolCallId)))).filter((card): card is QuestionCard => card !== null && !card.closed)
    for (const card of cards) {
      const notice = await runtime.answer({ card, participant, action: { dismissed: true, reason: 'stopped in Linear' } })
      if (notice) return runtime.notify({ thread, participant, notice })
    }
    if (cards.length > 0) return
    try {
      await engine.stop({ chatId: chat.id, participant })
    } catch (error) {
      if (!refused(error)) throw error
      return runtime.notify({ thread, participant, notice: { kind: 'denied', to: 'write' } })
    }
    await api.activity(session, { type: 'response', body: STOPPED })
  }
}
