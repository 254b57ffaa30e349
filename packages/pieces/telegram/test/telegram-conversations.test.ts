import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { delivery, message } from './telegram-deliveries.ts'
import { eventually, telegramKit, type TelegramKit } from './telegram-kit.ts'
import { promptedModel } from './telegram-model.ts'
import { ADA, ADA_DM, BOB, BOT, EVE, FORUM, mentionMessages, questionMessages, replyMessages, standIn } from './telegram-people.ts'
import { markdownV2Text, type TelegramChatInfo, type TelegramStandIn } from './telegram-stand-in.ts'

// Which Telegram messages make one conversation, and how replies are posted: each private chat
// and each group is one conversation, each forum topic its own; an edited message is not a new
// message; a long reply goes on in more messages.

let telegram: TelegramStandIn
let kit: TelegramKit
let groups = 0
const group = (): TelegramChatInfo => ({ id: -1003000000000 - ++groups, type: 'supergroup', title: `Group ${groups}` })

beforeAll(async () => {
  telegram = await standIn()
  kit = await telegramKit({ model: promptedModel(), telegram })
})
afterAll(async () => {
  await kit?.close()
  await telegram?.close()
})

const repliesIn = (chat: TelegramChatInfo, topic?: number) => replyMessages(telegram).filter((sent) => sent.chatId === chat.id && sent.topic === topic).map((sent) => sent.text)
const threads = async () => (await kit.chats()).map((read) => read.chat)

describe('conversations', () => {
  it('a private message needs no mention; the bot’s @username is taken out of a group message', async () => {
    await kit.say(ADA, ADA_DM, 'hi there')
    await eventually(() => expect(repliesIn(ADA_DM)).toEqual(['You said: hi there']))
    const chat = group()
    await kit.say(BOB, chat, 'paint it', { mention: BOT.username })
    await eventually(() => expect(repliesIn(chat)).toEqual(['You said: paint it']))
  })

  it('each forum topic is its own conversation, replied to in its topic; the General topic is the group’s', async () => {
    const before = (await threads()).length
    await kit.say(ADA, FORUM, 'in topic 7', { mention: BOT.username, topic: 7 })
    await kit.say(ADA, FORUM, 'in topic 9', { mention: BOT.username, topic: 9 })
    await kit.say(ADA, FORUM, 'in general', { mention: BOT.username })
    await eventually(() => expect(repliesIn(FORUM, 7)).toEqual(['You said: in topic 7']))
    await eventually(() => expect(repliesIn(FORUM, 9)).toEqual(['You said: in topic 9']))
    await eventually(() => expect(repliesIn(FORUM)).toEqual(['You said: in general']))
    expect((await threads()).length).toBe(before + 3)
  })

  it('a question in a forum topic is asked and answered in that topic', async () => {
    await kit.say(ADA, FORUM, 'ask color', { mention: BOT.username, topic: 11 })
    const card = await eventually(() => {
      const found = questionMessages(telegram).find((sent) => sent.chatId === FORUM.id && sent.topic === 11)
      expect(found).toBeDefined()
      return found!
    })
    await kit.press(BOB, FORUM, card, '1. Red')
    await eventually(() => expect(card.text).toBe('Color: Which color should the shed be?\n✅ Red\nAnswered by Bob'))
    await eventually(() => expect(repliesIn(FORUM, 11)).toEqual(['Let me ask.', 'Noted: {"answers":[{"header":"Color","selected":["Red"]}]}']))
  })

  it('a reply in a group without topics stays in the group’s conversation (Telegram gives it a thread id of its own)', async () => {
    const chat = group()
    await kit.say(ADA, chat, 'first', { mention: BOT.username })
    await eventually(() => expect(repliesIn(chat)).toEqual(['You said: first']))
    const before = (await threads()).length
    const [first] = replyMessages(telegram).filter((sent) => sent.chatId === chat.id)
    const reply = message({ chat, from: BOB, text: 'second', replyTo: { message_id: first.messageId, from: BOT, text: first.text } })
    await kit.deliver(delivery({ message: { ...reply, message_thread_id: first.messageId } }))
    await eventually(() => expect(repliesIn(chat)).toEqual(['You said: first', 'You said: second']))
    expect((await threads()).length).toBe(before)
  })

  it('an edited message is not a new message', async () => {
    const chat = group()
    const written = message({ chat, from: ADA, text: 'hello', mention: BOT.username })
    await kit.deliver(delivery({ message: written }))
    await eventually(() => expect(repliesIn(chat)).toHaveLength(1))
    const answer = await kit.deliver(delivery({ edited_message: { ...written, text: `@${BOT.username} changed`, edit_date: Math.floor(Date.now() / 1000) } }))
    expect(answer.status).toBe(200)
    expect(repliesIn(chat)).toEqual(['You said: hello'])
  })

  it('a long reply goes on in more messages, none over Telegram’s length, nothing lost', async () => {
    const chat = group()
    await kit.say(ADA, chat, 'long 300', { mention: BOT.username })
    await eventually(() => expect(repliesIn(chat).join('\n')).toContain('Line 300 of a long reply.'))
    const parts = repliesIn(chat)
    expect(parts.length).toBeGreaterThan(2)
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(4096)
    const lines = parts.join('\n').split('\n').filter(Boolean)
    expect(lines).toEqual(Array.from({ length: 300 }, (_, index) => `Line ${index + 1} of a long reply.`))
  })
})

describe('the bot\'s username', () => {
  it('is what getMe says when botUsername is not set: a group message mentioning it starts a conversation, the mention taken out', async () => {
    const own = await standIn()
    const unnamed = await telegramKit({ model: promptedModel(), telegram: own, options: { botUsername: undefined } })
    try {
      const chat = group()
      await unnamed.say(BOB, chat, 'paint it', { mention: BOT.username })
      await eventually(() => expect(replyMessages(own).filter((sent) => sent.chatId === chat.id).map((sent) => sent.text)).toEqual(['You said: paint it']))
    } finally {
      await unnamed.close()
      await own.close()
    }
  })
})

describe('a participant the agent does not talk with', () => {
  it('starts nothing, and is told in a group once in half an hour (everyone sees it), in a private chat every time', async () => {
    const chat = group()
    for (const text of ['let me in', 'please']) await kit.say(EVE, chat, text, { mention: BOT.username })
    const told = () => mentionMessages(telegram).filter(({ message, to }) => message.chatId === chat.id && to === EVE.id).map(({ text }) => text)
    await eventually(() => expect(told()).toEqual(['You may not talk to this agent here: it does not accept you.']))
    kit.takeLogs(/refused Eve \(1003\)/)
    const dm = { id: EVE.id, type: 'private' as const, first_name: 'Eve' }
    for (const text of ['hello', 'hello?']) await kit.say(EVE, dm, text)
    await eventually(() => expect(replyMessages(telegram).filter((sent) => sent.chatId === EVE.id).map((sent) => sent.text)).toEqual(['You may not talk to this agent here: it does not accept you.', 'You may not talk to this agent here: it does not accept you.']))
    expect((await kit.chats()).some((read) => read.messages.some((stored) => JSON.stringify(stored.parts).includes('let me in')))).toBe(false)
  })
})

describe('allowedUserIds', () => {
  it('drops the updates of everyone else before the agent sees them', async () => {
    const own = await standIn()
    const filtered = await telegramKit({ model: promptedModel(), telegram: own, options: { allowedUserIds: [ADA.id] } })
    try {
      const chat = group()
      await filtered.say(EVE, chat, 'let me in', { mention: BOT.username })
      await filtered.say(ADA, chat, 'hello', { mention: BOT.username })
      await eventually(() => expect(replyMessages(own).map((sent) => sent.text)).toEqual(['You said: hello']))
      expect(filtered.seen.map((seen) => seen.userId)).not.toContain(String(EVE.id))
    } finally {
      await filtered.close()
      await own.close()
    }
  })
})

describe('the stand-in', () => {
  it('reads MarkdownV2 as Telegram does: escapes undone, reserved characters refused', () => {
    expect(markdownV2Text('Let me ask\\.')).toEqual({ text: 'Let me ask.' })
    expect(markdownV2Text('*bold* and `a.b`')).toEqual({ text: 'bold and a.b' })
    expect(markdownV2Text('1. item')).toMatchObject({ error: expect.stringContaining("'.' is reserved") })
  })
})
