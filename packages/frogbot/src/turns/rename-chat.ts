import { type ChatSummary, isBlankText, RenameRequest, WELL_FORMED_RULE } from '@frogbotai/protocol'
import type { Caller } from '../contract/caller.ts'
import { chatNotFound, FrogbotError } from '../errors/frogbot-error.ts'
import { chatFor } from './chat-access.ts'
import { printable } from './chat-titles.ts'
import { trimInvisible } from '../text/trim-invisible.ts'
import { chatSummary } from './views/chat-summary.ts'
import type { TurnServices } from './services.ts'

/**
 * Renames a web chat `req` may write (the agent's `access`, the owner; a channel conversation is
 * read-only from here: `channel-chat`). `title`'s control characters (NUL, escapes) become spaces
 * and its bidi controls go, as in every title (`printable`), and so do its tabs and line breaks
 * (a title is one line), then it is trimmed of white space and of invisible characters at either
 * end (`trimInvisible`: `"\u200bPlans"` is `"Plans"`, as a title from the first message) and must
 * keep 1 to 80 UTF-16 code units (an emoji is 2), one of them visible (not only zero-width or bidi
 * control characters): `bad-request`
 * naming `title` otherwise, and for a lone surrogate, refused as in all typed text. A rename
 * changes no turn and does not move the chat in its owner's list. Throws `not-found` for a chat
 * `req` cannot see, also one deleted meanwhile.
 */
export async function renameChat(services: TurnServices, { chatId, agentSlug, title, req }: { chatId: string; agentSlug?: string; title: string; req: Caller }): Promise<ChatSummary> {
  // A lone surrogate is refused as in all typed text (docs/project/guarantees.md), not patched.
  if (!title.isWellFormed()) throw new FrogbotError('bad-request', `title: ${WELL_FORMED_RULE}`)
  const parsed = RenameRequest.safeParse({ title: printable(title).replace(/[\t\n\r]/g, ' ') })
  if (!parsed.success) throw new FrogbotError('bad-request', `title: ${parsed.error.issues[0].message}`)
  if (isBlankText(parsed.data.title)) {
    const rule = 'must hold a visible character, not only zero-width or bidi control characters'
    throw new FrogbotError('bad-request', `title: ${rule}`)
  }
  const { chat } = await chatFor(services, { chatId, agentSlug, req, write: true })
  const missing = () => chatNotFound(chatId)
  if (!(await services.store.setTitle(chat.id, trimInvisible(parsed.data.title)))) throw missing()
  const renamed = await services.store.getChat(chat.id)
  if (!renamed) throw missing()
  return chatSummary(services, renamed)
}
