import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { contextsPerTest, dock, screenshot } from './browser-kit.ts'

const newContext = contextsPerTest()

// Coming back to a chat with the package README's sample (examples/react-chat, served at
// /example/): the open chat is kept in the address, the list of chats finds it again with its
// badge, and a half-answered card comes back as it was left: after a reload, in another tab, on
// another device (a browser context of its own).

/** The README sample, signed in, on a new chat. */
async function openExample(context: BrowserContext, path = '/example/') {
  const page = await context.newPage()
  await page.goto(path)
  await page.locator('.fb-chat-bottom').waitFor()
  return page
}

/** A new chat of the sample asking the three trip questions: the page, the docked card at "1 of 3", and the chat id the address took. */
async function startTrip(context: BrowserContext) {
  const page = await openExample(context)
  const composer = page.getByRole('textbox', { name: 'Message' })
  await composer.fill('Plan the team trip')
  await composer.press('Enter')
  const card = dock(page).getByRole('region', { name: 'Questions' })
  await card.getByText('1 of 3').waitFor()
  await page.waitForURL((url) => url.searchParams.has('chat'))
  return { page, card, chatId: new URL(page.url()).searchParams.get('chat')! }
}

/** Waits until the card's draft is saved on the server (a moment after the last change). */
const draftSaved = (page: Page) => page.waitForResponse((response) => response.url().includes('/draft') && response.request().method() === 'PUT' && response.ok())

describe("the UI README's sample, coming back", () => {
  test('a reload in the middle of a three-question card finds the chat, the question and the picks as they were; the list shows it waiting', async () => {
    const context = await newContext()
    const { page, card, chatId } = await startTrip(context)

    await card.getByText('Coast', { exact: true }).click()
    await card.getByRole('button', { name: 'Next' }).click()
    await card.getByText('2 of 3').waitFor()
    const saved = draftSaved(page)
    await card.getByText('A week', { exact: true }).click()
    await saved

    await page.reload()
    const again = dock(page).getByRole('region', { name: 'Questions' })
    await again.getByText('2 of 3').waitFor()
    expect(await again.getByRole('radio', { name: 'A week' }).isChecked()).toBe(true)
    expect(await again.getByRole('button', { name: 'Place (answered)' }).count()).toBe(1)
    await again.getByRole('button', { name: 'Back' }).click()
    expect(await again.getByRole('radio', { name: 'Coast' }).isChecked()).toBe(true)

    // The list of chats shows it, waiting, and opens it.
    const list = page.getByRole('navigation', { name: 'Chats' })
    const entry = list.getByRole('button', { name: /Waiting for an answer/ })
    await entry.first().waitFor()
    expect(await list.locator('[aria-current="page"]').textContent()).toContain('Waiting for an answer')
    await screenshot(page, 'readme-sample-back-after-reload')
    expect(new URL(page.url()).searchParams.get('chat')).toBe(chatId)

    // A new chat, then the list brings the waiting one back.
    await page.getByRole('button', { name: 'New chat' }).click()
    await page.waitForURL((url) => !url.searchParams.has('chat'))
    expect(await dock(page).count()).toBe(0)
    await list.locator('.fb-chat-list-item').filter({ hasText: 'Waiting for an answer' }).first().click()
    await dock(page).getByRole('region', { name: 'Questions' }).getByText('1 of 3').waitFor()
    expect(new URL(page.url()).searchParams.get('chat')).toBe(chatId)
  })

  test('another device opens the same chat and finds the picks and the typed answer; the answer settles once and the draft is gone', async () => {
    const laptop = await newContext()
    const { page, card, chatId } = await startTrip(laptop)
    const saved = draftSaved(page)
    await card.getByRole('textbox', { name: 'Other answer for Place' }).fill('By a lake')
    await saved

    const phone = await newContext({ viewport: { width: 390, height: 844 } })
    const other = await openExample(phone, `/example/?chat=${encodeURIComponent(chatId)}`)
    const there = dock(other).getByRole('region', { name: 'Questions' })
    await there.getByText('1 of 3').waitFor()
    expect(await there.getByRole('textbox', { name: 'Other answer for Place' }).inputValue()).toBe('By a lake')
    await screenshot(other, 'readme-sample-other-device')
    await there.getByRole('button', { name: 'Next' }).click()
    await there.getByText('Weekend', { exact: true }).click()
    await there.getByRole('button', { name: 'Next' }).click()
    await there.getByText('Spa', { exact: true }).click()
    await there.getByRole('button', { name: 'Next' }).click()
    await there.getByRole('button', { name: 'Submit' }).click()
    await other.getByText('Got it: Place → By a lake; Length → Weekend; Extras → Spa. Planning with that.').waitFor()

    const stored = (await (await other.request.get(`/api/agents/planner/chats/${chatId}`)).json()) as { drafts: unknown[]; messages: { settlements: unknown[] }[] }
    expect(stored.drafts).toEqual([])
    expect(stored.messages.flatMap((message) => message.settlements)).toHaveLength(1)
    // The first device learns it was answered within a couple of seconds.
    await page.getByRole('region', { name: 'Answered' }).waitFor({ timeout: 5000 })
  })
})
