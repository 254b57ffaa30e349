import type { ChatSummary } from '@frogbotai/protocol'
import type { ChatRecord } from '../../store/chat-records.ts'
import { channelLabel } from '../chat-access.ts'
import { effectiveState } from '../../store/effective-state.ts'
import { isoIn, type TurnServices } from '../services.ts'

/** The public summary of a chat: its state as a user sees it and, for a channel chat, its label. */
export function chatSummary(services: Pick<TurnServices, 'pieces' | 'now'>, chat: ChatRecord): ChatSummary {
  return {
    id: chat.id,
    agentSlug: chat.agentSlug,
    title: chat.title,
    state: effectiveState(chat, isoIn(services)),
    channel: chat.channel,
    channelLabel: channelLabel(services, chat),
    createdAt: chat.createdAt,
    updatedAt: chat.updatedAt
  }
}
