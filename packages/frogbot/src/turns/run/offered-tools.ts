import type { Caller } from '../../contract/caller.ts'
import type { ChatRecord } from '../../store/chat-records.ts'
import type { TurnServices } from '../services.ts'

/**
 * Which kinds of pending call a turn of `chat` may wait for, as a test of one kind: a client
 * tool's `client.kind`, or `approval` for a server tool's call waiting for approval (seed: "Where
 * questions are offered"; docs/agents/approvals.md). None for the app's own code (`local`: nobody
 * is there to answer); in a channel conversation, the kinds its piece can draw; in a web chat,
 * every kind. A client tool of a kind not offered is withheld from the model; a call needing
 * approval where approvals are not offered is denied (`NO_APPROVER_TEXT`) and the turn goes on.
 */
export function offeredKinds(services: Pick<TurnServices, 'pieces'>, { chat, req }: { chat: ChatRecord; req: Caller }): (kind: string) => boolean {
  if (req.entryPoint === 'local' || req.entryPoint === 'system') return () => false
  if (chat.channel) {
    const attached = services.pieces.get(chat.channel.instance)
    return (kind) => attached?.piece.supportsKind(kind) ?? false
  }
  return () => true
}
