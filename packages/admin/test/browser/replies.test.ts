import { describe, expect, test } from 'vitest'
import { contextsPerTest, dock, openAdmin, screenshot, sendMessage, storedChat, waitForChat } from './admin-kit.ts'

const newContext = contextsPerTest()

describe('the admin chat: replies', () => {
  test('a reply in Markdown: bold, a list, a table, highlighted code with Copy, a safe link; raw HTML stays text', async () => {
    const context = await newContext()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const page = await openAdmin(context)
    await sendMessage(page, 'The plan in markdown, please')
    const reply = page.locator('.fb-message-assistant').last()
    await reply.getByText('A quote to end with.').waitFor({ timeout: 15_000 })
    await expect.poll(() => reply.locator('.fb-code .hljs-keyword').count()).toBeGreaterThan(0)
    expect(await reply.locator('strong').first().textContent()).toBe('in bold')
    expect(await reply.getByRole('table').locator('tbody tr').count()).toBe(2)
    expect(await reply.getByRole('link', { name: 'the AI SDK docs' }).getAttribute('rel')).toBe('noopener noreferrer')
    expect(await reply.locator('img, script').count()).toBe(0)
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    await reply.getByRole('button', { name: 'Copy code' }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("import { question } from 'frogbot/tools'")
    await reply.getByRole('heading', { name: 'Steps' }).scrollIntoViewIfNeeded()
    await screenshot(page, 'markdown-reply')
  })

  test('a question 5,000 levels deep is refused by the server, naming the limit; a stored one 1,500 levels deep is drawn with "…"; the tab stays alive', async () => {
    const context = await newContext()
    const page = await openAdmin(context)
    await sendMessage(page, 'Ask me something deep')
    await page.getByText('That did not go through; I will ask more simply.').waitFor({ timeout: 15_000 })
    await page.getByRole('region', { name: 'Not answered' }).getByText(/nested more than 64 levels deep/).waitFor()
    await waitForChat(page)
    expect((await storedChat(page)).chat.state).toBe('idle')
    await screenshot(page, 'deep-input-refused')

    const { chatId } = (await (await page.request.post('/__journeys/deep-chat')).json()) as { chatId: string }
    const deep = await openAdmin(context, `/admin/chats/planner/${chatId}`)
    await deep.getByText('The tree is very deep.').waitFor()
    const tree = deep.getByRole('region', { name: 'Inspect tree' })
    await tree.getByText('Inspect tree').click()
    await tree.getByRole('group', { name: 'Result' }).getByTitle('Nested deeper than shown').waitFor()
    expect(await deep.evaluate(() => document.querySelectorAll('*').length)).toBeLessThan(2500)
    await screenshot(deep, 'deep-input-stored')
  })

  test('a slow link: "Sending your answer…" on the card until the server has it, then "Replying…" until the first text', async () => {
    const page = await openAdmin(await newContext())
    await sendMessage(page, 'Which color, patiently?')
    const card = dock(page).getByRole('region', { name: 'Color' })
    await card.getByRole('radio', { name: 'Blue' }).waitFor()
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/agents/planner', async (route) => {
      if (route.request().method() === 'POST') await held
      await route.continue()
    })
    await card.getByText('Blue', { exact: true }).click()
    await dock(page).getByRole('region', { name: 'Sending your answer…' }).waitFor()
    await screenshot(page, 'answer-sending')
    release()
    await page.locator('.fb-message-assistant').last().getByRole('status').filter({ hasText: 'Replying…' }).waitFor()
    await screenshot(page, 'answer-replying')
    await page.getByText('Got it: Color → Blue. Planning with that.').waitFor({ timeout: 10_000 })
  })

  test('the server out of reach: one error, the answer stays on its card as not sent, and goes by itself once the server is back', async () => {
    const page = await openAdmin(await newContext())
    await sendMessage(page, 'Which color while offline?')
    const card = dock(page).getByRole('region', { name: 'Color' })
    await card.getByRole('radio', { name: 'Red' }).waitFor()
    const offline = (route: import('playwright-core').Route) => route.abort('connectionrefused')
    await page.route('**/api/**', offline)
    await card.getByText('Red', { exact: true }).click()
    const unreachable = page.getByRole('alert').filter({ hasText: "Can't reach the server" })
    await unreachable.waitFor()
    const notSent = dock(page).getByRole('region', { name: 'Not sent' })
    await notSent.getByText('Red').waitFor()
    await page.waitForTimeout(1500)
    expect(await page.getByRole('alert').count()).toBe(1)
    await screenshot(page, 'server-unreachable')
    await page.unroute('**/api/**', offline)
    await unreachable.waitFor({ state: 'detached', timeout: 10_000 })
    await page.getByText('Got it: Color → Red. Planning with that.').waitFor()
    const { messages } = await storedChat(page)
    expect(messages.flatMap((message) => message.settlements)).toMatchObject([{ outcome: 'answered' }])
  })

  test('a reply the model provider refused: one sentence saying what to check, with Retry that runs it again', async () => {
    const page = await openAdmin(await newContext())
    await sendMessage(page, 'Plan with the refused key')
    const alert = page.getByRole('alert').filter({ hasText: 'The model provider refused the API key (401): check OPENAI_API_KEY, then retry.' })
    await alert.waitFor()
    expect(await alert.innerText()).not.toMatch(/AI_APICallError|Failed after|sk-proj/)
    await screenshot(page, 'model-error')
    await alert.getByRole('button', { name: 'Retry' }).click()
    await page.getByText('Hello! You said: Plan with the refused key').waitFor()
    expect(await page.getByRole('alert').count()).toBe(0)
  })
})
