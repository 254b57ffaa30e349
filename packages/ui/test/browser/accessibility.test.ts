import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { contextsPerTest, dock, openChat, screenshot, sendMessage, seriousViolations } from './browser-kit.ts'

const newContext = contextsPerTest()

/** Scans the page in each color scheme (default both): no serious or critical axe-core violation. */
async function expectAccessible(page: Page, schemes: ('light' | 'dark')[] = ['light', 'dark']) {
  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme })
    expect({ colorScheme, violations: await seriousViolations(page) }).toEqual({ colorScheme, violations: [] })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

describe('accessibility (axe-core) and phone width', () => {
  test('the empty chat, a docked card with several questions, its review, and the answered card', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await expectAccessible(page, ['dark'])

    await sendMessage(page, 'Plan the team trip')
    const card = dock(page).getByRole('region', { name: 'Questions' })
    await card.getByText('1 of 3').waitFor()
    await expectAccessible(page)
    await card.getByText('City', { exact: true }).click()
    await card.getByRole('button', { name: 'Next' }).click()
    await card.getByText('Weekend', { exact: true }).click()
    await card.getByRole('button', { name: 'Next' }).click()
    await card.getByRole('checkbox', { name: 'Spa' }).check()
    await card.getByRole('button', { name: 'Next' }).click()
    await card.getByRole('button', { name: 'Dismiss' }).click()
    await expectAccessible(page, ['light'])
    await card.getByRole('button', { name: 'Cancel' }).click()
    await card.getByRole('button', { name: 'Submit' }).click()
    await page.getByRole('region', { name: 'Answered' }).waitFor()
    await expectAccessible(page, ['dark'])
  }, 90_000)

  test('at phone width the docked card and the conversation fit the screen', async () => {
    const context = await newContext({ viewport: { width: 390, height: 844 } })
    const page = await openChat(context)
    await sendMessage(page, 'Plan the team trip on my phone')
    const card = dock(page).getByRole('region', { name: 'Questions' })
    await card.getByText('1 of 3').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    const box = await card.boundingBox()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(390)
    // Every step, Review too, is whole inside the card (they wrap instead of scrolling away).
    for (const step of await card.locator('.fb-step').all()) {
      const chip = (await step.boundingBox())!
      expect(chip.x).toBeGreaterThanOrEqual(box!.x)
      expect(chip.x + chip.width).toBeLessThanOrEqual(box!.x + box!.width)
    }
    // The person's bubble keeps a margin from the screen's edge.
    const bubble = (await page.locator('.fb-message-user .fb-message-body').first().boundingBox())!
    expect(390 - (bubble.x + bubble.width)).toBeGreaterThanOrEqual(12)
    await screenshot(page, 'phone-waiting')
    await expectAccessible(page)

    await card.getByText('Coast', { exact: true }).click()
    await card.getByRole('button', { name: 'Next' }).click()
    await card.getByText('A week', { exact: true }).click()
    await card.getByRole('button', { name: 'Next' }).click()
    await card.getByRole('checkbox', { name: 'Guided tour' }).check()
    await card.getByRole('button', { name: 'Next' }).click()
    await screenshot(page, 'phone-review')
    await card.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('Got it: Place → Coast; Length → A week; Extras → Guided tour. Planning with that.').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await screenshot(page, 'phone-answered')
  }, 60_000)

  test('Copy, Edit and Branch show on a message pointed at, tapped or reached with the keyboard, not under every message', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Hello there')
    await page.getByText('Hello! You said: Hello there').waitFor()
    await sendMessage(page, 'And again')
    await page.getByText('Hello! You said: And again').waitFor()
    const opacity = (index: number) => page.locator('.fb-message-actions').nth(index).evaluate((element) => getComputedStyle(element).opacity)
    await page.mouse.move(0, 0)
    await expect.poll(async () => [await opacity(0), await opacity(1), await opacity(2), await opacity(3)]).toEqual(['0', '0', '0', '0'])
    await page.locator('.fb-message').nth(1).hover()
    await expect.poll(() => opacity(1)).toBe('1')
    expect(await opacity(0)).toBe('0')
    await page.mouse.move(0, 0)
    await page.locator('.fb-message').nth(2).getByRole('button', { name: 'Copy' }).focus()
    await expect.poll(() => opacity(2)).toBe('1')
    await screenshot(page, 'message-actions-on-focus')
    await page.getByRole('textbox', { name: 'Message' }).focus()
    await page.locator('.fb-message').nth(3).locator('.fb-message-body').click()
    await expect.poll(() => opacity(3)).toBe('1')
  })

  test("at phone width a question's unbroken words wrap inside its card", async () => {
    const context = await newContext({ viewport: { width: 390, height: 844 } })
    const page = await openChat(context)
    await sendMessage(page, 'Check an unbroken link on my phone')
    const card = dock(page).getByRole('region', { name: 'Link' })
    await card.getByText('No', { exact: true }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await card.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    const box = await card.boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(390)
    await screenshot(page, 'phone-unbroken')
  }, 60_000)
})
