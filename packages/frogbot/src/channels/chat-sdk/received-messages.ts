import type { Adapter, Chat, Message } from 'chat'

/**
 * Hands Chat SDK a message a piece read itself from a verified request (a Chat SDK piece's
 * `receive`): made with the adapter's public `parseMessage`, it goes through Chat SDK's routing
 * (its deduplication, mentions and followed threads) to the kit's message handler, as the
 * adapter's own webhook handling would hand it on; the handling is kept until it settles
 * (`track`). For a platform whose stock adapter cannot handle its webhook before it has asked
 * the platform who the bot is.
 */
export function receivedMessages({ bot, adapter, track }: { bot: Chat; adapter: Adapter; track: <T>(work: Promise<T>) => Promise<T> }) {
  return (message: Message): void => {
    // A failure is logged by Chat SDK, through the task it hands `waitUntil`.
    bot.processMessage(adapter, message.threadId, message, { waitUntil: (task) => void track(Promise.resolve(task)) }).catch(() => undefined)
  }
}
