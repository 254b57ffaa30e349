import { describe, expect, test } from 'vitest'
import { contextsPerTest, dock, openChat, screenshot, sendMessage, storedChat } from './browser-kit.ts'

const newContext = contextsPerTest()

/** The `tool-question` part of the newest assistant message, as stored. */
async function storedQuestion(page: Parameters<typeof storedChat>[0]) {
  const { messages } = await storedChat(page)
  const assistant = messages.findLast((message) => message.role === 'assistant')!
  return { assistant, part: assistant.parts.find((part) => part.type === 'tool-question')! }
}

describe('the question card', () => {
  test('one click on an option of a single single-choice question submits it', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Which color for the invitations?')

    const card = dock(page).getByRole('region', { name: 'Color' })
    await card.getByRole('radio', { name: 'Blue' }).waitFor()
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0)
    expect(await card.getByRole('radio', { name: 'Blue' }).getAttribute('aria-describedby')).toBeTruthy()
    expect(await card.getByText('Calm and classic').isVisible()).toBe(true)
    await screenshot(page, 'one-click-waiting')

    await card.getByText('Blue', { exact: true }).click()
    await page.getByText('Got it: Color → Blue. Planning with that.').waitFor()
    const answered = page.getByRole('region', { name: 'Answered' })
    expect(await answered.textContent()).toContain('Blue')
    await page.getByRole('textbox', { name: 'Message' }).waitFor()
    expect(await dock(page).count()).toBe(0)
    await screenshot(page, 'one-click-answered')

    const { assistant, part } = await storedQuestion(page)
    expect(part).toMatchObject({ state: 'output-available', output: { answers: [{ header: 'Color', selected: ['Blue'] }] } })
    expect(assistant.settlements).toMatchObject([{ outcome: 'answered' }])
    expect(assistant.parts.filter((p) => p.type === 'text').map((p) => p.text)).toEqual(['Let me ask first.', 'Got it: Color → Blue. Planning with that.'])
  })

  test('a message sent while the server is down comes back to the composer, with one error that clears by itself', async () => {
    const context = await newContext()
    const page = await openChat(context)
    const offline = (route: import('playwright-core').Route) => route.abort('connectionrefused')
    await page.route('**/api/**', offline)
    await sendMessage(page, 'Hello while offline')
    const alert = page.getByRole('alert')
    await alert.filter({ hasText: "Can't reach the server" }).waitFor()
    await expect.poll(() => page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('Hello while offline')
    expect(await alert.count()).toBe(1)
    await page.unroute('**/api/**', offline)
    await page.getByRole('button', { name: 'Retry now' }).click()
    await alert.waitFor({ state: 'detached' })
    await page.getByRole('textbox', { name: 'Message' }).press('Enter')
    await page.getByText('Hello! You said: Hello while offline').waitFor()
  })

  test('three questions step one at a time, with a custom answer, Back, and a review before Submit', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Plan the team trip')

    const card = dock(page).getByRole('region', { name: 'Questions' })
    await card.getByText('1 of 3').waitFor()
    expect(await card.getByRole('button', { name: 'Place' }).getAttribute('aria-current')).toBe('step')
    await card.getByRole('textbox', { name: 'Other answer for Place' }).fill('By a lake')
    await screenshot(page, 'three-questions-custom')
    await card.getByRole('button', { name: 'Next' }).click()

    await card.getByText('2 of 3').waitFor()
    expect(await card.getByRole('button', { name: 'Place (answered)' }).count()).toBe(1)
    expect(await card.getByRole('textbox', { name: 'Other answer for Length' }).count()).toBe(0)
    await card.getByText('A week', { exact: true }).click()
    expect(await card.getByText('2 of 3').count()).toBe(1)
    await card.getByRole('button', { name: 'Next' }).click()

    await card.getByText('Select all that apply.').waitFor()
    await card.getByRole('checkbox', { name: 'Spa' }).check()
    await card.getByRole('checkbox', { name: 'Cooking class' }).check()
    await card.getByRole('button', { name: 'Next' }).click()

    await card.getByText('Check your answers before you submit.').waitFor()
    const review = card.locator('.fb-answers')
    expect(await review.textContent()).toContain('“By a lake”')
    expect(await review.textContent()).toContain('A week')
    expect(await review.textContent()).toContain('Spa, Cooking class')
    await screenshot(page, 'three-questions-review')

    await card.getByRole('button', { name: 'Back' }).click()
    await card.getByText('3 of 3').waitFor()
    expect(await card.getByRole('checkbox', { name: 'Spa' }).isChecked()).toBe(true)
    await card.getByRole('button', { name: 'Next' }).click()
    await card.getByRole('button', { name: 'Submit' }).click()

    await page.getByText('Got it: Place → By a lake; Length → A week; Extras → Spa, Cooking class. Planning with that.').waitFor()
    const { part } = await storedQuestion(page)
    expect(part.output).toEqual({
      answers: [
        { header: 'Place', selected: [], custom: 'By a lake' },
        { header: 'Length', selected: ['A week'] },
        { header: 'Extras', selected: ['Spa', 'Cooking class'] }
      ]
    })
    await screenshot(page, 'three-questions-answered')
  })

  test('a multi-select question uses checkboxes and submits every choice', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'What toppings?')

    const card = dock(page).getByRole('region', { name: 'Toppings' })
    await card.getByRole('checkbox', { name: 'Cheese' }).check()
    await card.getByRole('checkbox', { name: 'Olives' }).check()
    await card.getByRole('checkbox', { name: 'Mushrooms' }).check()
    await card.getByRole('checkbox', { name: 'Mushrooms' }).uncheck()
    expect(await card.getByRole('radio').count()).toBe(0)
    await screenshot(page, 'multi-select')
    await card.getByRole('button', { name: 'Submit' }).click()

    await page.getByText('Got it: Toppings → Cheese, Olives. Planning with that.').waitFor()
    const { part } = await storedQuestion(page)
    expect(part.output).toEqual({ answers: [{ header: 'Toppings', selected: ['Cheese', 'Olives'] }] })
  })

  test('Dismiss with a reason records it and shows the card as not answered', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Pick a color please')

    const card = dock(page).getByRole('region', { name: 'Color' })
    await card.getByRole('button', { name: 'Dismiss' }).click()
    await card.getByRole('textbox', { name: /Why dismiss/ }).fill('We have not decided the venue yet')
    await screenshot(page, 'dismiss-reason')
    await card.getByRole('button', { name: 'Dismiss' }).click()

    const closed = page.getByRole('region', { name: 'Not answered' })
    await closed.getByText('Dismissed by the user. Reason: We have not decided the venue yet').waitFor()
    await page.getByRole('textbox', { name: 'Message' }).waitFor()
    await screenshot(page, 'dismissed')
    const { assistant, part } = await storedQuestion(page)
    expect(part).toMatchObject({ state: 'output-error', errorText: 'Dismissed by the user. Reason: We have not decided the venue yet' })
    expect(assistant.settlements).toMatchObject([{ outcome: 'dismissed', reason: 'We have not decided the venue yet' }])
  })

  test('the whole card is answered with the keyboard alone', async () => {
    const context = await newContext()
    const page = await openChat(context)
    const composer = page.getByRole('textbox', { name: 'Message' })
    await composer.focus()
    await page.keyboard.type('Plan the trip by keyboard')
    await page.keyboard.press('Enter')

    const card = dock(page).getByRole('region', { name: 'Questions' })
    await card.getByText('1 of 3').waitFor()
    await page.waitForFunction(() => document.activeElement?.closest('.fb-question') !== null)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('radio')

    await page.keyboard.press('2')
    expect(await card.getByRole('radio', { name: 'Mountains' }).isChecked()).toBe(true)
    await page.keyboard.press('Enter')
    await card.getByText('2 of 3').waitFor()
    await page.keyboard.press('ArrowDown')
    expect(await card.getByRole('radio', { name: 'A week' }).isChecked()).toBe(true)
    await page.keyboard.press('Enter')
    await card.getByText('3 of 3').waitFor()
    await page.keyboard.press('1')
    await page.keyboard.press('3')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Other answer for Extras')
    await page.keyboard.type('Late checkout')
    await page.keyboard.press('Enter')
    await card.getByText('Check your answers before you submit.').waitFor()
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Submit')
    await screenshot(page, 'keyboard-review')
    await page.keyboard.press('Enter')

    await page.getByText('Got it: Place → Mountains; Length → A week; Extras → Spa, Cooking class, Late checkout. Planning with that.').waitFor()
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Message')
    const { part } = await storedQuestion(page)
    expect(part.output).toEqual({
      answers: [
        { header: 'Place', selected: ['Mountains'] },
        { header: 'Length', selected: ['A week'] },
        { header: 'Extras', selected: ['Spa', 'Cooking class'], custom: 'Late checkout' }
      ]
    })
  })

  test('a number key answers a one-click question at once', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Color again?')
    const card = dock(page).getByRole('region', { name: 'Color' })
    await card.getByRole('radio', { name: 'Red' }).waitFor()
    await page.waitForFunction(() => document.activeElement?.closest('.fb-question') !== null)
    await page.keyboard.press('1')
    await page.getByText('Got it: Color → Red. Planning with that.').waitFor()
  })
})
