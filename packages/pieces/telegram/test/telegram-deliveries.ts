import { SECRET } from './telegram-people.ts'
import type { TelegramAccount, TelegramChatInfo, TelegramStandIn } from './telegram-stand-in.ts'

/** A request as Telegram sends it to a webhook: the raw JSON body and its headers. */
export type TelegramDelivery = { body: string; headers: Record<string, string> }

let nextUpdateId = 800_000_000
let nextMessageId = 100
let nextPressId = 1

/** An update as Telegram posts it, with the webhook's secret token in `X-Telegram-Bot-Api-Secret-Token` (`secret`: another one, a forgery). */
export function delivery(update: Record<string, unknown>, { secret = SECRET, updateId = ++nextUpdateId }: { secret?: string | null; updateId?: number } = {}): TelegramDelivery {
  const body = JSON.stringify({ update_id: updateId, ...update })
  return { body, headers: { 'content-type': 'application/json', ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }) } }
}

/** The same update under a new `update_id`, as a replay of a captured request would be. */
export const renumbered = (sent: TelegramDelivery): TelegramDelivery => ({ ...sent, body: JSON.stringify({ ...JSON.parse(sent.body), update_id: ++nextUpdateId }) })

/** The same update with another secret token. */
export const forged = (sent: TelegramDelivery, secret = 'not-the-secret'): TelegramDelivery => ({ ...sent, headers: { ...sent.headers, 'x-telegram-bot-api-secret-token': secret } })

/** A Bot API `Message` `from` writes in `chat` (`mention`: the bot's @username, with its `mention` entity, first; `replyTo`: a message of the bot). */
export function message({ chat, from, text, at = Date.now(), mention, replyTo, topic, messageId = ++nextMessageId }: {
  chat: TelegramChatInfo
  from: TelegramAccount
  text: string
  at?: number
  mention?: string
  replyTo?: { message_id: number; from: TelegramAccount; text?: string; date?: number; chat?: TelegramChatInfo }
  topic?: number
  messageId?: number
}) {
  const full = mention ? `@${mention} ${text}` : text
  return {
    message_id: messageId,
    from,
    chat,
    date: Math.floor(at / 1000),
    text: full,
    ...(mention ? { entities: [{ type: 'mention', offset: 0, length: mention.length + 1 }] } : {}),
    ...(topic !== undefined ? { message_thread_id: topic, is_topic_message: true } : {}),
    ...(replyTo ? { reply_to_message: { date: Math.floor(at / 1000) - 5, chat, text: '', ...replyTo, ...(topic !== undefined ? { message_thread_id: topic, is_topic_message: true } : {}) } } : {})
  }
}

/** The update of a message (see {@link message}). */
export const said = (options: Parameters<typeof message>[0], deliveryOptions?: Parameters<typeof delivery>[1]) => delivery({ message: message(options) }, deliveryOptions)

/** `from` presses the button whose text is `button` (or whose callback_data is `data`) on the bot's message `messageId` in `chat`; the stand-in learns the press, to check its acknowledgement. */
export function pressed(telegram: TelegramStandIn, { chat, from, messageId, button, data }: { chat: TelegramChatInfo; from: TelegramAccount; messageId: number; button?: string | RegExp; data?: string }) {
  const sent = telegram.message(chat.id, messageId)
  if (!sent) throw new Error(`the bot sent no message ${messageId} in ${chat.id}`)
  // The button as the message shows it now, else as it showed it before (a client that has not caught up).
  const matches = (candidate: { text: string }) => (typeof button === 'string' ? candidate.text === button : button!.test(candidate.text))
  const found = data ?? [...sent.keyboards].reverse().map((keyboard) => keyboard.flat().find(matches)).find(Boolean)?.callback_data
  if (found === undefined) throw new Error(`message ${messageId} has no button ${String(button)}: ${JSON.stringify(sent.keyboard)}`)
  const id = `press-${nextPressId++}`
  telegram.pressed({ id, from })
  const topic = sent.topic !== undefined ? { message_thread_id: sent.topic, is_topic_message: true } : {}
  return delivery({
    callback_query: { id, from, chat_instance: `ci${chat.id}`, data: found, message: { message_id: messageId, from: telegram.bot, chat, date: Math.floor(Date.now() / 1000) - 10, text: sent.text, ...topic } }
  })
}
