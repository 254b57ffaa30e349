import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually, telegramKit, type TelegramKit } from './telegram-kit.ts'
import { promptedModel } from './telegram-model.ts'
import { ADA, BOB, BOT, EVE, mentionMessages, questionMessages, replyMessages, standIn } from './telegram-people.ts'
import type { BotMessage, TelegramChatInfo, TelegramStandIn } from './telegram-stand-in.ts'

// Questions answered the Telegram way, end to end through FrogBot's HTTP layer: inline keyboard
// presses, toggles with Done, one question at a time, pages, a typed answer, Dismiss, a numbered
// reply to the card; the card edited to the answer and who gave it, and the continuation posted.

let telegram: TelegramStandIn
let kit: TelegramKit
let groups = 0
const group = (): TelegramChatInfo => ({ id: -1002000000000 - ++groups, type: 'supergroup', title: `Group ${groups}` })

beforeAll(async () => {
  telegram = await standIn()
  kit = await telegramKit({ model: promptedModel(), telegram })
})
afterAll(async () => {
  await kit?.close()
  await telegram?.close()
})

const buttons = (message: BotMessage) => message.keyboard?.flat().map((button) => button.text) ?? []
const cardIn = (chat: TelegramChatInfo) => questionMessages(telegram).filter((message) => message.chatId === chat.id)
const ask = async (chat: TelegramChatInfo, name: string) => {
  await kit.say(ADA, chat, `ask ${name}`, { mention: BOT.username })
  return eventually(() => {
    const [card] = cardIn(chat)
    expect(card).toBeDefined()
    return card
  })
}
const repliesIn = (chat: TelegramChatInfo) => replyMessages(telegram).filter((message) => message.chatId === chat.id).map((message) => message.text)
const noticesTo = (who: { id: number }) => telegram.notices.filter((notice) => notice.to === who.id).map((notice) => notice.text)

describe('a single-choice question', () => {
  it('is a button per option; a refused participant is told privately and changes nothing; one tap answers, the keyboard goes, Answered by, the continuation', async () => {
    const chat = group()
    const card = await ask(chat, 'color')
    expect(card.posted).toBe(['Color', 'Which color should the shed be?', '', '1. Red — warm', '2. Blue', '3. Green'].join('\n'))
    expect(buttons(card)).toEqual(['1. Red', '2. Blue', '3. Green', 'Type your answer', 'Dismiss'])
    expect(repliesIn(chat)).toEqual(['Let me ask.'])

    await kit.press(EVE, chat, card, '1. Red')
    expect(noticesTo(EVE)).toEqual(['You may not answer this question: this agent does not accept you.'])
    expect(kit.takeLogs(/refused Eve \(1003\)/)).toHaveLength(1)
    expect(card.edits).toEqual([])

    await kit.press(ADA, chat, card, '2. Blue')
    await eventually(() => expect(card.edits).toHaveLength(1))
    expect(card.text).toBe('Color: Which color should the shed be?\n✅ Blue\nAnswered by Ada Lovelace')
    expect(card.keyboard).toBeNull()
    await eventually(() => expect(repliesIn(chat)).toEqual(['Let me ask.', 'Noted: {"answers":[{"header":"Color","selected":["Blue"]}]}']))

    await kit.press(BOB, chat, card, '3. Green')
    expect(noticesTo(BOB)).toContain('This question was already answered by Ada Lovelace.')
    expect(card.edits).toHaveLength(1)
    expect(telegram.unanswered()).toEqual([])
  })

  it('is answered by a numbered reply to the card, and Dismiss dismisses another', async () => {
    const chat = group()
    const card = await ask(chat, 'color')
    await kit.reply(BOB, chat, card, '3')
    await eventually(() => expect(card.text).toBe('Color: Which color should the shed be?\n✅ Green\nAnswered by Bob'))

    const other = group()
    const second = await ask(other, 'color')
    await kit.press(ADA, other, second, 'Dismiss')
    await eventually(() => expect(second.text).toBe('Color: Which color should the shed be?\n✖️ Dismissed by Ada Lovelace'))
    expect(second.keyboard).toBeNull()
  })
})

describe('a question that takes several options', () => {
  it('toggles ☐/☑ on each tap, shared by whoever taps, kept in the database; a press on an older keyboard is told it changed; Done answers', async () => {
    const chat = group()
    const card = await ask(chat, 'extras')
    expect(buttons(card)).toEqual(['☐ 1. Window', '☐ 2. Shelves', '☐ 3. Lock', 'Done', 'Dismiss'])
    expect(card.posted).toContain('Choose any, then tap Done.')

    await kit.press(ADA, chat, card, '☐ 1. Window')
    expect(buttons(card)).toEqual(['☑ 1. Window', '☐ 2. Shelves', '☐ 3. Lock', 'Done', 'Dismiss'])
    await kit.press(BOB, chat, card, '☐ 3. Lock')
    expect(buttons(card)).toEqual(['☑ 1. Window', '☐ 2. Shelves', '☑ 3. Lock', 'Done', 'Dismiss'])
    expect(card.text).toContain('Chosen so far: 2. Tap Done when finished.')

    // Eve may not toggle, and an older keyboard's button changes nothing.
    await kit.press(EVE, chat, card, '☐ 2. Shelves')
    expect(noticesTo(EVE).at(-1)).toBe('You may not answer this question: this agent does not accept you.')
    const edits = card.edits.length
    await kit.deliver((await import('./telegram-deliveries.ts')).pressed(telegram, { chat, from: ADA, messageId: card.messageId, data: card.keyboards[0][1][0].callback_data }))
    expect(noticesTo(ADA).at(-1)).toBe('This question changed since you saw it; look at it again and choose once more.')
    expect(card.edits).toHaveLength(edits)

    await kit.press(ADA, chat, card, 'Done')
    await eventually(() => expect(card.text).toBe('Extras: What should the shed have?\n✅ Window, Lock\nAnswered by Ada Lovelace'))
    await eventually(() => expect(repliesIn(chat).at(-1)).toBe('Noted: {"answers":[{"header":"Extras","selected":["Window","Lock"]}]}'))
  })

  it('tells whoever taps Done with nothing chosen to choose first', async () => {
    const chat = group()
    const card = await ask(chat, 'extras')
    await kit.press(BOB, chat, card, 'Done')
    expect(noticesTo(BOB).at(-1)).toBe('Choose at least one option for “Extras”.')
    expect(card.edits).toEqual([])
  })
})

describe('several questions in one call', () => {
  it('are asked one at a time in one edited message, “2 of 3”, and answered together', async () => {
    const chat = group()
    const card = await ask(chat, 'plan')
    expect(card.posted.split('\n')[0]).toBe('Question 1 of 3')
    expect(buttons(card)).toEqual(['1. Red', '2. Blue', 'Dismiss'])
    await kit.press(ADA, chat, card, '2. Blue')
    expect(card.text.split('\n').slice(0, 2)).toEqual(['Question 2 of 3', 'Extras'])
    await kit.press(BOB, chat, card, '☐ 2. Shelves')
    await kit.press(BOB, chat, card, 'Done')
    expect(card.text.split('\n')[0]).toBe('Question 3 of 3')
    await kit.press(BOB, chat, card, '2. Next year')
    await eventually(() => expect(card.keyboard).toBeNull())
    expect(card.text).toBe(['Color: Which color?', '✅ Blue', 'Extras: What should it have?', '✅ Shelves', 'When: When should it be built?', '✅ Next year', 'Answered by Bob'].join('\n'))
    expect(cardIn(chat)).toHaveLength(1)
  })
})

describe('more options than fit', () => {
  it('are paged with ‹ Prev / Next ›, none dropped, and any of them answers', async () => {
    const chat = group()
    const card = await ask(chat, 'many')
    expect(buttons(card)).toEqual([...Array.from({ length: 8 }, (_, index) => `${index + 1}. Option ${index + 1}`), 'Next ›', 'Dismiss'])
    expect(card.posted).toContain('Options 1–8 of 20 (page 1 of 3)')
    await kit.press(ADA, chat, card, 'Next ›')
    await kit.press(ADA, chat, card, 'Next ›')
    expect(buttons(card)).toEqual([...Array.from({ length: 4 }, (_, index) => `${index + 17}. Option ${index + 17}`), '‹ Prev', 'Dismiss'])
    await kit.press(ADA, chat, card, '‹ Prev')
    expect(card.text).toContain('Options 9–16 of 20 (page 2 of 3)')
    for (const button of card.keyboards.flat(2)) expect(Buffer.byteLength(button.callback_data)).toBeLessThanOrEqual(64)
    expect(card.keyboards.flat(2).some((button) => button.callback_data.includes('Option'))).toBe(false)
    await kit.press(BOB, chat, card, '12. Option 12')
    await eventually(() => expect(card.text).toBe('Number: Pick a number.\n✅ Option 12\nAnswered by Bob'))
  })
})

describe('a typed answer', () => {
  it('starts with Type your answer: a force_reply prompt names the presser, ‹ Back returns to the buttons, and the presser’s reply is the answer; other messages stay ordinary', async () => {
    const chat = group()
    const card = await ask(chat, 'color')
    await kit.press(ADA, chat, card, 'Type your answer')
    expect(buttons(card)).toEqual(['‹ Back', 'Dismiss'])
    expect(card.text).toContain('✍️ Ada Lovelace is typing an answer: reply to this message with it.')
    const [prompt] = mentionMessages(telegram).filter(({ message }) => message.chatId === chat.id)
    expect(prompt).toMatchObject({ to: ADA.id, text: 'type your answer to “Color” as a reply to this message.' })
    expect(prompt.message.replyMarkup).toEqual({ force_reply: true, selective: true, input_field_placeholder: 'Color' })

    await kit.press(BOB, chat, card, '‹ Back')
    expect(buttons(card)).toEqual(['1. Red', '2. Blue', '3. Green', 'Type your answer', 'Dismiss'])
    await kit.press(ADA, chat, card, 'Type your answer')

    // A reply to the bot's other message (its reply) is an ordinary message, for the agent: it waits behind the question.
    const [letMeAsk] = replyMessages(telegram).filter((message) => message.chatId === chat.id)
    await kit.reply(ADA, chat, letMeAsk, 'just chatting')
    await eventually(() => expect(mentionMessages(telegram).at(-1)).toMatchObject({ to: ADA.id, text: 'Your message waits until the question above is answered or dismissed; then it is read.' }))
    expect(card.keyboard).not.toBeNull()

    const again = mentionMessages(telegram).filter(({ message }) => message.chatId === chat.id && message.replyMarkup?.force_reply).at(-1)!
    expect(again.message).not.toBe(prompt.message)
    await kit.reply(ADA, chat, again.message, 'Teal, like the door')
    await eventually(() => expect(card.text).toBe('Color: Which color should the shed be?\n✅ “Teal, like the door”\nAnswered by Ada Lovelace'))
    await eventually(() => expect(repliesIn(chat).slice(-2)).toEqual(['Noted: {"answers":[{"header":"Color","selected":[],"custom":"Teal, like the door"}]}', 'You said: just chatting']))
  })
})

describe('a typed answer to one question of several', () => {
  it('is the presser’s reply to the card itself: the toggles are kept with it, and the card goes on to the next question', async () => {
    const chat = group()
    const card = await ask(chat, 'plan')
    await kit.press(ADA, chat, card, '1. Red')
    await kit.press(ADA, chat, card, '☐ 1. Window')
    await kit.press(ADA, chat, card, 'Type your answer')
    await kit.reply(ADA, chat, card, 'and a bench')
    await eventually(() => expect(card.text.split('\n')[0]).toBe('Question 3 of 3'))
    expect(buttons(card)).toEqual(['1. This month', '2. Next year', 'Type your answer', 'Dismiss'])
    await kit.press(ADA, chat, card, '1. This month')
    await eventually(() => expect(card.keyboard).toBeNull())
    expect(card.text).toBe(['Color: Which color?', '✅ Red', 'Extras: What should it have?', '✅ Window, “and a bench”', 'When: When should it be built?', '✅ This month', 'Answered by Ada Lovelace'].join('\n'))
  })
})

describe('who answers', () => {
  it('reaches the agent’s access as { piece, instance, userId, name, username }', async () => {
    const chat = group()
    kit.seen.length = 0
    await kit.say(BOB, chat, 'hello', { mention: BOT.username })
    await eventually(() => expect(repliesIn(chat)).toEqual(['You said: hello']))
    expect(kit.seen[0]).toMatchObject({ piece: 'telegram', instance: 'telegram', userId: String(BOB.id), name: 'Bob', username: 'bobby' })
  })
  it('a refused participant changes no partial answer, whatever they press, and is told so; whoever is accepted does, their access asked once a press', async () => {
    const chat = group()
    const card = await ask(chat, 'plan')
    const denied = 'You may not answer this question: this agent does not accept you.'
    const pressed = async (who: typeof ADA, label: string) => {
      kit.seen.length = 0
      await kit.press(who, chat, card, label)
      return kit.seen.map((seen) => seen.userId)
    }
    expect(await pressed(EVE, '1. Red')).toEqual([String(EVE.id)])
    expect(noticesTo(EVE).at(-1)).toBe(denied)
    expect(card.edits).toEqual([])
    expect(await pressed(BOB, '1. Red')).toEqual([String(BOB.id)])
    expect(card.text.split('\n')[0]).toBe('Question 2 of 3')
    const edits = card.edits.length
    for (const label of ['☐ 1. Window', 'Done', 'Type your answer']) {
      expect(await pressed(EVE, label)).toEqual([String(EVE.id)])
      expect(noticesTo(EVE).at(-1)).toBe(denied)
    }
    expect(card.edits).toHaveLength(edits)
    expect(mentionMessages(telegram).filter(({ message }) => message.chatId === chat.id && message.replyMarkup?.force_reply)).toEqual([])
    expect(await pressed(ADA, '☐ 1. Window')).toEqual([String(ADA.id)])
    expect(buttons(card)).toContain('☑ 1. Window')
    kit.takeLogs(/refused Eve \(1003\)/)
  })
})
