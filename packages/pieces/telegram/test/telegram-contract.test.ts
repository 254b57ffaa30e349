import { pieceContract } from 'frogbot/testing'
import { createTelegramBot } from '../src/index.ts'
import { forged, pressed, renumbered, said } from './telegram-deliveries.ts'
import { ADA, BOB, BOT, EVE, MAIN, mentionMessages, nameOf, OTHER, questionMessages, replyMessages, SECRET, standIn, TOKEN } from './telegram-people.ts'
import type { TelegramAccount, TelegramStandIn } from './telegram-stand-in.ts'

// The suite every piece runs, against the Bot API stand-in: updates with the test's secret token
// in, Bot API calls recorded out. The suite's conversations are two supergroups.

const accounts = [ADA, BOB, EVE]
const person = (account: TelegramAccount) => ({ userId: String(account.id), name: nameOf(account) })
const accountOf = (userId: string) => accounts.find((account) => String(account.id) === userId)!
const CHATS = { main: MAIN, other: OTHER } as const
const threadOf = (chatId: number) => (chatId === MAIN.id ? 'main' : chatId === OTHER.id ? 'other' : String(chatId))
const cardOf = (telegram: TelegramStandIn, id: string) => questionMessages(telegram).find((message) => `${message.chatId}:${message.messageId}` === id)!

pieceContract<TelegramStandIn>({
  name: 'Telegram',
  people: { ada: person(ADA), bob: person(BOB), eve: person(EVE) },
  standIn,
  piece: (telegram, { now }) => createTelegramBot({ botToken: TOKEN, secretToken: SECRET, botUsername: BOT.username, apiUrl: telegram.url, env: {}, now }),
  say: (_telegram, { who, text, thread, first, now }) => said({ chat: CHATS[thread as keyof typeof CHATS], from: accountOf(who.userId), text, at: now, ...(first ? { mention: BOT.username } : {}) }),
  answer: (telegram, { who, card, label }) => {
    const message = cardOf(telegram, card.id)
    return pressed(telegram, { chat: message.chatId === MAIN.id ? MAIN : OTHER, from: accountOf(who.userId), messageId: message.messageId, button: new RegExp(`^\\d+\\. ${label}$`) })
  },
  decide: (telegram, { who, card, press, now }) => {
    const message = cardOf(telegram, card.id)
    const chat = message.chatId === MAIN.id ? MAIN : OTHER
    if (press.kind === 'approve' || (press.kind === 'deny' && !press.reason)) return [pressed(telegram, { chat, from: accountOf(who.userId), messageId: message.messageId, button: press.kind === 'approve' ? '✅ Approve' : '✖️ Deny' })]
    const text = press.kind === 'deny' ? `/deny ${press.reason}` : `/approve ${JSON.stringify(press.input)}`
    return [said({ chat, from: accountOf(who.userId), text, at: now })]
  },
  cards: (telegram) => questionMessages(telegram).map((message) => ({ id: `${message.chatId}:${message.messageId}`, thread: threadOf(message.chatId), text: message.posted })),
  replacements: (telegram, card) => cardOf(telegram, card.id)?.edits ?? [],
  notices: (telegram) => [...telegram.notices.map(({ to, text }) => ({ to: String(to), text })), ...mentionMessages(telegram).map(({ to, text }) => ({ to: String(to), text }))],
  replies: (telegram) => replyMessages(telegram).map((message) => ({ thread: threadOf(message.chatId), text: message.text })),
  apiCalls: (telegram) => telegram.calls.length,
  nameOf: (who) => who.name,
  forge: (sent) => forged(sent),
  // The secret token is the same for every update: a capture re-sent under a new update_id is a replay too.
  replays: (sent) => [sent, renumbered(sent)],
  failNextCard: (telegram) => telegram.failNext((call) => call.method === 'sendMessage' && JSON.stringify(call.payload.reply_markup ?? {}).includes('Dismiss'), 502)
})
