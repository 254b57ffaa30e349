import { describeEachDatabase } from 'frogbot/testing'
import { expect, it } from 'vitest'
import { eventually, telegramKit } from './telegram-kit.ts'
import { promptedModel } from './telegram-model.ts'
import { ADA, BOB, BOT, MAIN, questionMessages, standIn } from './telegram-people.ts'

// What a card is partway through lives in FrogBot's database (docs/pieces/telegram.md, security and
// durability): a restart between presses loses no pick, and a card whose edit Telegram refused is
// edited by the next press on it.

describeEachDatabase('Telegram cards across a restart', (fresh) => {
  it('keep the answers and toggles pressed before it; a settled card whose edit failed is edited by a later press, once', async () => {
    const database = await fresh()
    const telegram = await standIn()
    try {
      const before = await telegramKit({ model: promptedModel(), telegram, db: database.adapter() })
      await before.say(ADA, MAIN, 'ask plan', { mention: BOT.username })
      const card = await eventually(() => {
        const [drawn] = questionMessages(telegram)
        expect(drawn).toBeDefined()
        return drawn
      })
      await before.press(ADA, MAIN, card, '1. Red')
      await before.press(ADA, MAIN, card, '☐ 1. Window')
      await before.close()

      const after = await telegramKit({ model: promptedModel(), telegram, db: database.adapter() })
      try {
        expect(card.keyboard!.flat().map((button) => button.text).slice(0, 3)).toEqual(['☑ 1. Window', '☐ 2. Shelves', '☐ 3. Lock'])
        await after.press(BOB, MAIN, card, '☐ 3. Lock')
        await after.press(BOB, MAIN, card, 'Done')
        expect(card.text.split('\n')[0]).toBe('Question 3 of 3')
        telegram.failNext((call) => call.method === 'editMessageText' && !call.payload.reply_markup, 502)
        await after.press(BOB, MAIN, card, '1. This month')
        await eventually(() => expect(after.takeLogs(/could not replace the card of call/)).toHaveLength(1))
        expect(card.keyboard).not.toBeNull()
        await after.press(ADA, MAIN, card, '2. Next year')
        await eventually(() => expect(card.keyboard).toBeNull())
        expect(telegram.notices.at(-1)).toMatchObject({ to: ADA.id, text: 'This question was already answered by Bob.' })
        expect(card.text).toBe(['Color: Which color?', '✅ Red', 'Extras: What should it have?', '✅ Window, Lock', 'When: When should it be built?', '✅ This month', 'Answered by Bob'].join('\n'))
        const [read] = await after.chats()
        expect(read.messages.flatMap((message) => message.settlements)).toHaveLength(1)
      } finally {
        await after.close()
      }
    } finally {
      await telegram.close()
      await database.drop()
    }
  })
})
