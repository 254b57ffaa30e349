import type { Page, Route } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { chatIdOf, contextsPerTest, dock, openChat, screenshot, sendMessage, storedChat } from './browser-kit.ts'

const newContext = contextsPerTest()

/** Counts the answers' resubmissions (`POST /api/agents/planner` with the assistant message) that reached the server. */
function countResubmissions(page: Page) {
  let reached = 0
  page.on('requestfinished', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/agents/planner' && /"role":"assistant"/.test(request.postData() ?? '')) reached++
  })
  return () => reached
}

const offline = (route: Route) => route.abort('connectionrefused')

describe('an answer that could not be sent, a reply that failed, a card that comes while typing', () => {
  test('the server is down when the answer goes: it stays on the card, "Not sent — Retry", and is sent once the server answers', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Which color for the invitations?')
    const card = dock(page).getByRole('region', { name: 'Color' })
    await card.getByRole('radio', { name: 'Blue' }).waitFor()

    await page.route('**/api/**', offline)
    await card.getByText('Blue', { exact: true }).click()
    const notSent = dock(page).getByRole('region', { name: 'Not sent' })
    await notSent.waitFor()
    expect(await notSent.innerText()).toMatch(/Not sent\s*—\s*Retry[\s\S]*Color\s*Blue/)
    await page.getByRole('alert').filter({ hasText: "Can't reach the server. Trying again…" }).waitFor()
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0)
    await screenshot(page, 'answer-not-sent')

    const resubmissions = countResubmissions(page)
    await page.unroute('**/api/**', offline)
    await notSent.getByRole('button', { name: 'Retry' }).click()
    await page.getByText('Got it: Color → Blue. Planning with that.').waitFor()
    await page.getByRole('alert').waitFor({ state: 'detached' })
    expect(resubmissions()).toBe(1)
    const { messages } = await storedChat(page)
    const assistant = messages.findLast((message) => message.role === 'assistant')!
    expect(assistant.settlements).toMatchObject([{ outcome: 'answered' }])
    expect(assistant.parts.filter((part) => part.type === 'text').map((part) => part.text)).toEqual(['Let me ask first.', 'Got it: Color → Blue. Planning with that.'])
  })

  test('the answer reached the server but its reply was lost: once the server answers, the card shows it answered, and nothing is sent twice', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Which color for the invitations?')
    const card = dock(page).getByRole('region', { name: 'Color' })
    await card.getByRole('radio', { name: 'Red' }).waitFor()

    const resubmissions = countResubmissions(page)
    let cut = 0
    // The server takes the answer and continues; the connection drops before the browser hears back.
    await page.route('**/api/agents/planner', async (route) => {
      if (route.request().method() !== 'POST' || cut++ > 0) return route.fallback()
      await route.fetch()
      await route.abort('connectionreset')
    })
    await card.getByText('Red', { exact: true }).click()
    await page.getByText('Got it: Color → Red. Planning with that.').waitFor({ timeout: 15_000 })
    await page.getByRole('region', { name: 'Answered' }).waitFor()
    expect(await page.getByRole('region', { name: 'Not sent' }).count()).toBe(0)
    expect(cut).toBe(1)
    expect(resubmissions()).toBe(0)
    const { messages } = await storedChat(page)
    expect(messages.flatMap((message) => message.settlements)).toMatchObject([{ outcome: 'answered' }])
    expect(messages.filter((message) => message.role === 'assistant')).toHaveLength(1)
  })

  test('a card that appears while the person types in the composer leaves the focus alone: a key meant for the message answers nothing, and the text comes back', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Ask me the color later')
    const composer = page.getByRole('textbox', { name: 'Message' })
    await composer.pressSequentially('2 days', { delay: 30 })
    const card = dock(page).getByRole('region', { name: 'Color' })
    await card.getByRole('radio', { name: 'Blue' }).waitFor()
    expect(await page.evaluate(() => document.activeElement?.closest('.fb-question') ?? null)).toBeNull()
    await page.keyboard.press('2')
    await page.keyboard.press('Enter')
    await page.waitForTimeout(400)
    expect(await card.getByRole('radio', { name: 'Blue' }).isChecked()).toBe(false)
    expect((await storedChat(page)).chat.state).toBe('awaiting')
    await screenshot(page, 'card-while-typing')

    await card.getByText('Red', { exact: true }).click()
    await page.getByText('Got it: Color → Red. Planning with that.').waitFor()
    await expect.poll(() => page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('2 days')
  })

  test('a reply the model provider refused says so in one sentence, with Retry, which runs it again', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Hello with the refused key')
    const alert = page.getByRole('alert').filter({ hasText: 'The model provider refused the API key (401): check OPENAI_API_KEY, then retry.' })
    await alert.waitFor()
    expect(await alert.innerText()).not.toMatch(/AI_APICallError|Failed after|sk-proj/)
    await screenshot(page, 'model-error')
    await alert.getByRole('button', { name: 'Retry' }).click()
    await page.getByText('Hello! You said: Hello with the refused key').waitFor()
    expect(await page.getByRole('alert').count()).toBe(0)
    const { messages } = await storedChat(page)
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant'])
    expect(chatIdOf(page)).toBeTruthy()
  })

  test('a typed answer stops at 4,000 characters, and a long answered card is folded until "Show all"', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Which color for the long note?')
    const card = dock(page).getByRole('region', { name: 'Color' })
    const field = card.getByRole('textbox', { name: 'Other answer for Color' })
    await field.fill('a long note '.repeat(400))
    expect((await field.inputValue()).length).toBe(4000)
    await card.getByText('4,000 of 4,000 characters').waitFor()
    await card.getByRole('button', { name: 'Submit' }).click()
    await page.getByText(/^Got it: Color → (a long note ){3}/).waitFor()

    const answered = page.getByRole('region', { name: 'Answered' })
    const folded = (await answered.boundingBox())!.height
    expect(folded).toBeLessThan(260)
    await answered.scrollIntoViewIfNeeded()
    await screenshot(page, 'long-answer-folded')
    await answered.getByRole('button', { name: 'Show all' }).click()
    expect((await answered.boundingBox())!.height).toBeGreaterThan(folded + 200)
    await answered.getByRole('button', { name: 'Show less' }).waitFor()
  })
})
