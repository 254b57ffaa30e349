import type { Author, Chat, Message, Thread } from 'chat'
import type { Participant } from '../../contract/participant.ts'
import type { PieceRuntime } from '../runtime/piece-runtime.ts'

/** How a Chat SDK piece reads a message: who wrote it, what they said (the bot's mention left out), and the platform account. */
export type MessageReading = {
  participantOf: (author: Author, message: Message) => Participant | Promise<Participant>
  textOf: (message: Message) => string | Promise<string>
  accountOf: (message: Message) => string | null
}

/** A participant as Chat SDK's message author has them: platform id, user name, and email where the platform gave one. */
export const authorParticipant = (author: Author): Participant => ({
  userId: author.userId,
  ...(author.userName ? { name: author.userName } : {}),
  ...(author.email ? { email: author.email } : {})
})

/** A message's text without mentions of the bot (`@<userName>`), trimmed. */
export const withoutMention = (userName: string) => (message: Message) => message.text.split(`@${userName}`).join('').trim()

/**
 * The default message handler of a Chat SDK piece: a mention, a direct message, or any later
 * message in a thread the piece follows is handed to the runtime (read as an answer to a waiting
 * question first, else a message of the thread's chat), from its author; messages of bots and of
 * the bot itself are skipped, and so is a message with nothing left once the mention is taken out.
 * Unless the participant was refused, the thread is followed from then on.
 */
export function handleMessages({ bot, runtime, reading }: { bot: Chat; runtime: PieceRuntime; reading: MessageReading }): void {
  const onMessage = async (thread: Thread, message: Message) => {
    if (message.author.isBot || message.author.isMe) return
    const text = await reading.textOf(message)
    if (!text) return
    const participant = await reading.participantOf(message.author, message)
    const outcome = await runtime.message({ thread: thread.id, account: reading.accountOf(message), participant, text, ...(message.replyTo ? { replyTo: message.replyTo.id } : {}) })
    if (outcome !== 'refused') await thread.subscribe()
  }
  bot.onNewMention(onMessage)
  bot.onDirectMessage((thread, message) => onMessage(thread, message))
  bot.onSubscribedMessage(onMessage)
}
