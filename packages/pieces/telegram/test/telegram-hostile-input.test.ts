import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pressed } from './telegram-deliveries.ts'
import { eventually, telegramKit, type TelegramKit } from './telegram-kit.ts'
import { promptedModel } from './telegram-model.ts'
import { ADA, BOB, BOT, questionMessages, replyMessages, standIn } from './telegram-people.ts'
import type { TelegramChatInfo, TelegramStandIn } from './telegram-stand-in.ts'

// What the model writes and what people send never breaks a card: the model's text is sent as
// plain text (nothing in it is formatting or a link), cut to Telegram's limits with every option
// still reachable; presses FrogBot never drew, or drew for something else, change nothing.

let telegram: TelegramStandIn
let kit: TelegramKit
let groups = 0
const group = (): TelegramChatInfo => ({ id: -1004000000000 - ++groups, type: 'supergroup', title: `Group ${groups}` })
const asked: Record<string, unknown> = {}

beforeAll(async () => {
  telegram = await standIn()
  kit = await telegramKit({ model: promptedModel({ asked }), telegram })
})
afterAll(async () => {
  await kit?.close()
  await telegram?.close()
})

const ask = async (chat: TelegramChatInfo, input: unknown) => {
  asked[`call${groups}`] = input
  await kit.say(ADA, chat, `ask call${groups}`, { mention: BOT.username })
  return eventually(() => {
    const [card] = questionMessages(telegram).filter((message) => message.chatId === chat.id)
    expect(card).toBeDefined()
    return card
  })
}

describe('the model’s words in a question', () => {
  it('are sent as written, as plain text: Markdown, HTML and mentions take no effect', async () => {
    const chat = group()
    const card = await ask(chat, { questions: [{ header: '*Bold* @ada', question: '<b>hi</b> [click](https://evil.example) _x_ `code`', options: [{ label: '@bob **now**', description: 'see #1' }, { label: 'Plain' }] }] })
    expect(card.posted.split('\n')).toEqual(['*Bold* @ada', '<b>hi</b> [click](https://evil.example) _x_ `code`', '', '1. @bob **now** — see #1', '2. Plain'])
    const sent = telegram.calls.find((call) => call.method === 'sendMessage' && call.payload.reply_markup?.inline_keyboard)!
    expect(sent.payload.parse_mode).toBeUndefined()
    expect(sent.payload.entities).toBeUndefined()
  })

  it('are cut to fit a message and a button, every option kept on its page, every callback_data within 64 bytes and without a label', async () => {
    const chat = group()
    const options = Array.from({ length: 100 }, (_, index) => ({ label: `Option ${index + 1} ${'é'.repeat(300)}`, description: 'd'.repeat(2000) }))
    const card = await ask(chat, { questions: [{ header: 'H'.repeat(30), question: `Why ${'? '.repeat(5000)}`, options, custom: false }] })
    expect(card.posted.length).toBeLessThanOrEqual(4096)
    const seen = new Set<string>()
    for (let page = 0; page < 13; page += 1) {
      for (const button of card.keyboard!.flat()) {
        expect(Buffer.byteLength(button.callback_data)).toBeLessThanOrEqual(64)
        expect(button.callback_data).not.toContain('Option')
        expect(button.text.length).toBeLessThanOrEqual(64)
        const number = /^(\d+)\. /.exec(button.text)?.[1]
        if (number) seen.add(number)
      }
      if (!card.keyboard!.flat().some((button) => button.text === 'Next ›')) break
      await kit.press(BOB, chat, card, 'Next ›')
    }
    expect(seen.size).toBe(100)
    await kit.press(BOB, chat, card, /^100\. /)
    await eventually(() => expect(card.text).toContain('Answered by Bob'))
    expect(card.text.length).toBeLessThanOrEqual(4096)
  })
})

describe('presses FrogBot did not draw', () => {
  it('are told the question is not open and change nothing: a made-up callback_data, another card’s, an option that does not exist, a message that is no card', async () => {
    const chat = group()
    const card = await ask(chat, { questions: [{ header: 'Color', question: 'Which?', options: [{ label: 'Red' }, { label: 'Blue' }] }] })
    const other = group()
    const second = await ask(other, { questions: [{ header: 'Size', question: 'How big?', options: [{ label: 'Small' }, { label: 'Large' }] }] })
    const [reply] = replyMessages(telegram).filter((message) => message.chatId === chat.id)
    const foreign = second.keyboard![0][0].callback_data
    const tag = card.keyboard![0][0].callback_data.split(':')[0]
    for (const [messageId, data] of [
      [card.messageId, 'chat:{"a":"x","v":"y"}'],
      [card.messageId, foreign],
      [card.messageId, `${tag}:0:o99`],
      [card.messageId, `${tag}:0:o1:extra`],
      [reply.messageId, card.keyboard![0][0].callback_data]
    ] as const) {
      expect((await kit.deliver(pressed(telegram, { chat, from: ADA, messageId, data }))).status).toBe(200)
      expect(telegram.notices.at(-1)).toMatchObject({ to: ADA.id, text: 'This question is no longer open.' })
    }
    expect(card.edits).toEqual([])
    expect(second.edits).toEqual([])
    expect(telegram.unanswered()).toEqual([])
    for (const read of (await kit.chats()).slice(-2)) expect(read.pending).toHaveLength(1)
  })
})
