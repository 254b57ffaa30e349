import { systemCaller } from '../auth/callers.ts'
import type { Caller, User } from '../contract/caller.ts'
import type { ChannelState } from '../contract/channel-state.ts'
import type { Participant } from '../contract/participant.ts'
import type { ChannelPiece, PieceEngine } from '../contract/piece.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { Engine } from '../turns/engine.ts'

/** The caller a participant of `piece`'s threads is: the channel door, as the FrogBot user matched to them, if any. */
function participantCaller(piece: Pick<ChannelPiece, 'piece' | 'instance'>, participant: Participant, user: User | null): Caller {
  const fields = Object.fromEntries(Object.entries(participant).filter(([, value]) => value !== undefined && value !== ''))
  return {
    user,
    credential: user ? { type: 'custom' } : { type: 'anonymous' },
    entryPoint: 'channel',
    headers: new Headers(),
    channel: { ...fields, userId: participant.userId, piece: piece.piece, instance: piece.instance }
  }
}

/**
 * What `piece` may do (see {@link PieceEngine}): the guarded engine's methods, as its
 * participants (matched to FrogBot users by email where the piece's `identity` says so), on its
 * own chats only (and, for a piece that sends direct messages, reads of web chats, whose cards it
 * may have drawn there), with its own `state`.
 */
export function pieceEngineFor(engine: Engine, piece: ChannelPiece, { state }: { state: ChannelState }): PieceEngine {
  const { instance } = piece
  const userOf = async (participant: Participant) => (piece.identity.by === 'email' && participant.email ? engine.findUserByEmail(participant.email) : null)
  const as = async (participant: Participant) => participantCaller(piece, participant, await userOf(participant))
  return {
    sendMessage: async ({ thread, account, message, participant }) => engine.sendChannelMessage({ instance, thread, account, message, req: await as(participant) }),
    settle: async ({ chatId, inputs, participant }) => engine.settle({ chatId, inputs, req: await as(participant) }),
    mayAnswer: async ({ chatId, toolCallId, participant }) => engine.mayAnswer({ chatId, toolCallId, req: await as(participant) }),
    stop: async ({ chatId, participant }) => engine.stop({ chatId, req: await as(participant) }),
    chatOf: (thread) => engine.channelChat({ instance, thread }),
    readChat: async (chatId) => {
      const read = await engine.readChat({ chatId, req: systemCaller() })
      // A piece that sends direct messages (`notify.pieces`) draws web chats' cards too, and replaces them from the chat.
      const directCards = read.chat.channel === null && piece.directMessages !== undefined
      if (read.chat.channel?.instance !== instance && !directCards) throw new FrogbotError('not-found', `Chat "${chatId}" is not a conversation of the piece "${instance}".`)
      return read
    },
    waitingChats: ({ after, limit = 100 } = {}) => engine.waitingChannelChats({ instance, after, limit }),
    userOf,
    state,
    log: engine.services.log
  }
}
