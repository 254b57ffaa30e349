import type { FrogbotRequest } from '../auth/frogbot-request.ts'
import { findUserByEmail } from '../auth/users.ts'
import type { ChannelDoor, ChannelEngine, ChannelParticipantInput } from './channel-door.ts'
import { sendChannelMessage } from './channel-messages.ts'
import { chatSummary, readChat } from './read-chat.ts'
import type { TurnServices } from './services.ts'
import { settle } from './settle.ts'
import { toPendingCall } from '../store/chat-records.ts'
import { stopTurn } from './stop-turn.ts'
import { systemRequest } from '../auth/frogbot-request.ts'

/** The caller a participant of `door`'s threads is: the channel door, with the matched user. */
export function participantRequest(door: Pick<ChannelDoor, 'piece' | 'instance'>, participant: ChannelParticipantInput): FrogbotRequest {
  const { userId, name, email, user } = participant
  return {
    user,
    credential: user ? { type: 'custom' } : { type: 'anonymous' },
    entryPoint: 'channel',
    headers: new Headers(),
    channel: { piece: door.piece, instance: door.instance, userId, ...(name ? { name } : {}), ...(email ? { email } : {}) }
  }
}

/** What the piece behind `door` may do with the engine (see {@link ChannelEngine}). */
export function channelEngineFor(services: TurnServices, door: ChannelDoor): ChannelEngine {
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
