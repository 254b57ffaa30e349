import { createPiece, type KitPiece, noticeText, numberedQuestions, numberedReply, type PieceContext, type PieceSpec, questionsOf, settledText } from '../../src/channels/index.ts'
import type { ToychatStandIn } from './toychat/toychat-stand-in.ts'

/**
 * A piece for the kit's own tests: Toychat's way of drawing (text through the stand-in), the
 * numbered replies read, and the context it was started with kept (`context()`), so that a test
 * can drive the runtime (partial answers, captures) as a piece's own handlers would. Messages are
 * handed to the runtime with `say` (no webhook, no signature).
 */
export function probePiece(standIn: ToychatStandIn, spec: Partial<PieceSpec> = {}) {
  let started: PieceContext | undefined
  const post = async (thread: string, text: string) => {
    const response = await fetch(`${standIn.url}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ thread, text }) })
    if (!response.ok) throw new Error(`the stand-in answered ${response.status}`)
    return ((await response.json()) as { id: string }).id
  }
  const piece: KitPiece = createPiece({
    piece: 'probe',
    instance: 'probe',
    label: 'Probe',
    identity: { by: 'email' },
    readReply: numberedReply,
    start: (context) => {
      started = context
      return {
        drawing: {
          reply: async ({ thread, text }) => {
            const parts: string[] = []
            for await (const part of text) parts.push(part)
            if (parts.length > 0) await post(thread, parts.join(''))
          },
          drawCall: async ({ thread, call }) => [await post(thread, numberedQuestions(questionsOf(call.input) ?? []))],
          drawSettled: async ({ card, settlement }) => {
            for (const id of card.messageIds) {
              await fetch(`${standIn.url}/messages/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: settledText({ questions: questionsOf(card.input) ?? [], settlement }) }) })
            }
          },
          notify: async ({ thread, participant, notice }) => void (await post(thread, `@${participant.name ?? participant.userId} ${noticeText(notice)}`)),
          drawPartial: async ({ card, partial }) => void (await post(card.thread, `partial ${partial.revision}: step ${partial.step}`))
        }
      }
    },
    ...spec
  })
  return {
    piece,
    context: () => started!,
    /** `who` writes `text` in `thread` (replying to `replyTo`); resolves once the piece has no work left. */
    say: async (who: { id: string; name: string; email?: string }, text: string, { thread = 't-main', replyTo }: { thread?: string; replyTo?: string } = {}) => {
      const outcome = await started!.runtime.message({ thread, participant: { userId: who.id, name: who.name, ...(who.email ? { email: who.email } : {}) }, text, ...(replyTo ? { replyTo } : {}) })
      await piece.idle()
      return outcome
    }
  }
}
