import type { Caller } from '../../contract/caller.ts'
import type { ChatRecord } from '../../store/chat-records.ts'
import type { ClientTool } from '../../tools/tool.ts'
import type { TurnServices } from '../services.ts'

/**
 * Which client tools a turn of `chat` offers the model, as a test of one tool (seed: "Where
 * questions are offered"): none for the app's own code (`local`: nobody is there to answer); in a
 * channel conversation, the kinds its piece can draw; in a web chat, every kind.
 */
export function offeredClientTools(services: Pick<TurnServices, 'pieces'>, { chat, req }: { chat: ChatRecord; req: Caller }): (tool: ClientTool) => boolean {
  if (req.entryPoint === 'local' || req.entryPoint === 'system') return () => false
  if (chat.channel) {
    const attached = services.pieces.get(chat.channel.instance)
    return (tool) => attached?.piece.supportsKind(tool.client.kind) ?? false
  }
  return () => true
}
