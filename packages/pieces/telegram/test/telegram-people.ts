import { type BotMessage, type TelegramAccount, type TelegramChatInfo, telegramStandIn, type TelegramStandIn } from './telegram-stand-in.ts'

export const TOKEN = '7000000001:AAtest-token_for-the-stand-in-000'
export const SECRET = 'test-secret-token_0123456789'

/** The bot, as `getMe` gives it. */
export const BOT: TelegramAccount = { id: 7000000001, is_bot: true, first_name: 'FrogBot', username: 'frogbot_test_bot' }

/** The tests' people: the agent accepts Ada and Bob (by their Telegram ids), refuses Eve. */
export const ADA: TelegramAccount = { id: 1001, is_bot: false, first_name: 'Ada', last_name: 'Lovelace', username: 'ada' }
export const BOB: TelegramAccount = { id: 1002, is_bot: false, first_name: 'Bob', username: 'bobby' }
export const EVE: TelegramAccount = { id: 1003, is_bot: false, first_name: 'Eve' }

/** The tests' chats: two supergroups (`main`, `other`), a forum, and Ada's private chat with the bot. */
export const MAIN: TelegramChatInfo = { id: -1001000000001, type: 'supergroup', title: 'Shed builders' }
export const OTHER: TelegramChatInfo = { id: -1001000000002, type: 'supergroup', title: 'Fence builders' }
export const FORUM: TelegramChatInfo = { id: -1001000000003, type: 'supergroup', title: 'Garden', is_forum: true }
export const ADA_DM: TelegramChatInfo = { id: ADA.id, type: 'private', first_name: 'Ada' }

export const nameOf = (account: TelegramAccount) => [account.first_name, account.last_name].filter(Boolean).join(' ')

/** A stand-in of the Bot API for the bot, knowing the tests' chats. */
export const standIn = (): Promise<TelegramStandIn> => telegramStandIn({ bot: BOT, token: TOKEN, chats: [MAIN, OTHER, FORUM, ADA_DM] })

/** The bot's messages that carry a question's keyboard (a Dismiss button), or did (edited since), oldest first. */
export const questionMessages = (telegram: TelegramStandIn): BotMessage[] =>
  telegram.messages().filter((message) => /"(?:Dismiss|✖️ Deny)"/.test(JSON.stringify(message.replyMarkup ?? {})))

/** The bot's messages that name one person first (a `text_mention` at 0): notices and typing prompts. */
export const mentionMessages = (telegram: TelegramStandIn) =>
  telegram
    .messages()
    .filter((message) => message.entities.some((entity: any) => entity.type === 'text_mention' && entity.offset === 0))
    .map((message) => {
      const entity = message.entities.find((candidate: any) => candidate.type === 'text_mention' && candidate.offset === 0)
      return { to: entity.user.id as number, text: message.posted.slice(entity.length + 2), message }
    })

/** The bot's other messages: its replies, oldest first. */
export const replyMessages = (telegram: TelegramStandIn) => {
  const special = new Set([...questionMessages(telegram), ...mentionMessages(telegram).map((notice) => notice.message)])
  return telegram.messages().filter((message) => !special.has(message))
}
