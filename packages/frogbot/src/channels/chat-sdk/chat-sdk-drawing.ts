import type { Adapter, Chat } from 'chat'
import type { SettledBy } from '@frogbotai/protocol'
import { type NameOf, noticeText, plainNameOf } from '../piece-notices.ts'
import { replyParts } from '../reply-parts.ts'
import type { PieceDrawing } from '../runtime/piece-drawing.ts'

/** How a platform mentions a participant in a message (Chat SDK's default: `<@id>`, as Slack and Discord write it). */
export type Mention = (participant: { userId: string; name?: string }) => string

/** Names whoever settled a call: a channel participant by the platform's mention, else as FrogBot says it. */
export function mentionNameOf(mention: Mention): NameOf {
  return (by: SettledBy) => ('channel' in by ? mention(by.channel) : plainNameOf(by))
}

/**
 * The drawing every Chat SDK piece gets unless it draws its own: `reply` streams the agent's text
 * through Chat SDK into the thread (posted on its first text, then edited as it streams; a step
 * that only asks posts nothing; with `replyMaxChars`, in as many messages as it takes, see
 * `replyParts`), `notify` tells a participant privately where the platform has
 * ephemeral messages (Chat SDK's `postEphemeral`, no DM fallback), else, or when the platform
 * refuses the ephemeral message (some conversations have none: a Teams group chat, a Discord
 * thread the bot cannot whisper in), in a short reply that mentions them.
 */
export function chatSdkDrawing({ bot, adapter, mention, replyMaxChars }: { bot: Chat; adapter: Adapter; mention: Mention; replyMaxChars?: number }): Pick<PieceDrawing, 'reply' | 'notify'> {
  return {
    reply: async ({ thread, text }) => {
      if (replyMaxChars !== undefined) {
        const next = replyParts(text, replyMaxChars)
        for (let part = await next(); part; part = await next()) await bot.thread(thread).post(part)
        return
      }
      const iterator = text[Symbol.asyncIterator]()
      const first = await iterator.next()
      if (first.done) return
      const all = (async function* () {
        yield first.value
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value
      })()
      await bot.thread(thread).post(all)
    },
    notify: async ({ thread, participant, notice }) => {
      const text = noticeText(notice, mentionNameOf(mention))
      const posted = adapter.postEphemeral ? await bot.thread(thread).postEphemeral(participant.userId, text, { fallbackToDM: false }).catch(() => null) : null
      if (!posted) await bot.thread(thread).post(`${mention(participant)} ${text}`)
    }
  }
}

/** `drawing` whose every call waits until `ready()` (Chat SDK initialized once, lazily). */
export function afterReady(drawing: PieceDrawing, ready: () => Promise<void>): PieceDrawing {
  return {
    reply: async (options) => (await ready(), drawing.reply(options)),
    drawCall: async (options) => (await ready(), drawing.drawCall(options)),
    drawSettled: async (options) => (await ready(), drawing.drawSettled(options)),
    notify: async (options) => (await ready(), drawing.notify(options)),
    ...(drawing.drawPartial ? { drawPartial: async (options) => (await ready(), drawing.drawPartial!(options)) } : {}),
    ...(drawing.approvals ? { approvals: afterReadyApprovals(drawing.approvals, ready) } : {})
  }
}

/** `approvals` whose every call waits until `ready()`. */
function afterReadyApprovals(approvals: NonNullable<PieceDrawing['approvals']>, ready: () => Promise<void>): NonNullable<PieceDrawing['approvals']> {
  return {
    draw: async (options) => (await ready(), approvals.draw(options)),
    drawSettled: async (options) => (await ready(), approvals.drawSettled(options)),
    ...(approvals.drawVotes ? { drawVotes: async (options) => (await ready(), approvals.drawVotes!(options)) } : {})
  }
}
