import type { FrogbotRequest } from '../contract/caller.ts'
import type { ChannelPiece, PieceEngine, MatchedParticipant } from '../contract/piece.ts'
import { findUserByEmail } from '../auth/users.ts'
import { sendChannelMessage } from './channel-messages.ts'
import { chatSummary } from './chat-summary.ts'
import { readChat } from './read-chat.ts'
import type { TurnServices } from './services.ts'
import { settle } from './settle.ts'
import { toPendingCall } from '../store/chat-records.ts'
import { stopTurn } from './stop-turn.ts'
import { systemRequest } from '../auth/frogbot-request.ts'

/** The caller a participant of `door`'s threads is: the channel door, with the matched user. */
export function participantRequest(door: Pick<ChannelPiece, 'piece' | 'instance'>, participant: MatchedParticipant): FrogbotRequest {
  const { userId, name, email, user } = participant
  return {
    user,
    credential: user ? { type: 'custom' } : { type: 'anonymous' },
    entryPoint: 'channel',
    headers: new Headers(),
    channel: { piece: door.piece, instance: door.instance, userId, ...(name ? { name } : {}), ...(email ? { email } : {}) }
  }
}

/** What the piece behind `door` may do with the engine (see {@link PieceEngine}). */
export function channelEngineFor(services: TurnServices, door: ChannelPiece): PieceEngine {
  return {
    sendMessage: ({ thread, account, message, participant }) =>
      sendChannelMessage(services, { instance: door.instance, thread, account, message, req: participantRequest(door, participant) }),
    settle: ({ chatId, inputs, participant }) => settle(services, { chatId, inputs, req: participantRequest(door, participant) }),
    stop: ({ chatId, participant }) => stopTurn(services, { chatId, req: participantRequest(door, participant) }),
    chatOf: async (thread) => {
      const chat = await services.store.findChannelChat(door.instance, thread)
      return chat ? chatSummary(services, chat) : null
    },
    readChat: (chatId) => readChat(services, { chatId, req: systemRequest() }),
    waitingChats: async ({ after, limit = 100 } = {}) => {
      const chats = await services.store.waitingChannelChats(door.instance, { after, limit })
      return Promise.all(chats.map(async (chat) => ({ chat: chatSummary(services, chat), pending: (await services.store.getPendingCalls(chat.id)).map(toPendingCall) })))
    },
    findUserByEmail: (email) => findUserByEmail(services.store.db, email),
    database: { db: services.store.db, kind: services.store.adapter.kind },
    log: services.log
  }
}
