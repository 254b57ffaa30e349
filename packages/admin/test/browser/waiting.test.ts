import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { contextsPerTest, dock, openAdmin, screenshot } from './admin-kit.ts'

const newContext = contextsPerTest()

// "Waiting for you" (docs/chat/reach-people.md): the calls that name Ada in chats of Bob's she may
// not otherwise read, counted in the sidebar, listed newest first, each opening its chat at its
// card, which says who is asked and when the call expires; a new call while the tab is hidden is
// a browser notification.

type Assigned = { chatId: string; toolCallId: string }

/** A chat of Bob's waiting at a call that asks `assignees` (see `start-planner.ts`). */
async function assigned(page: Page, body: { prompt: string; title: string; assignees: string[]; expiresInMs?: number; escalatedTo?: string[] }): Promise<Assigned> {
  const response = await page.request.post('/__journeys/assigned', { data: body })
  if (!response.ok()) throw new Error(`assigned chat: ${response.status()} ${await response.text()}`)
  return (await response.json()) as Assigned
}

/** The row of the waiting view for the chat titled `title`. */
const row = (page: Page, title: string) => page.locator('.admin-waiting-row', { hasText: title })

describe('the admin chat: waiting for you', () => {
  test('the sidebar counts the calls that ask Ada; the view lists them with who is asked and the expiry; a row opens the chat at its card, and Ada answers a chat she does not own', async () => {
    const page = await openAdmin(await newContext())
    const fence = await assigned(page, { prompt: 'Which color for the fence?', title: 'Paint the fence', assignees: ['ada@example.com', 'dana@example.com'], expiresInMs: 2 * 60 * 60 * 1000 + 60_000 })
    await assigned(page, { prompt: 'Send the invoice to ACME', title: 'Invoice for ACME', assignees: ['ada@example.com'], escalatedTo: ['lead@example.com'] })
    await page.reload()
    const link = page.getByRole('link', { name: /^Waiting for you/ })
    await link.locator('.admin-count').waitFor()
    expect(Number(await link.locator('.admin-count').innerText())).toBeGreaterThanOrEqual(2)

    await link.click()
    await page.waitForURL('**/admin/waiting')
    await page.getByRole('heading', { name: 'Waiting for you', level: 1 }).waitFor()
    const fenceRow = row(page, 'Paint the fence')
    await fenceRow.waitFor()
    expect(await fenceRow.innerText()).toMatch(/Paint the fence\s+Question\s+Which color should the invitations be\?\s+Planner · just now\s+Waiting for you and Dana\s+Expires in 2 h/)
    const invoiceRow = row(page, 'Invoice for ACME')
    expect(await invoiceRow.innerText()).toMatch(/Invoice for ACME\s+Approval\s+Approve send_invoice[\s\S]*Waiting for you\s+Escalated to lead@example.com after 4 h/)
    // Newest first.
    expect(await page.locator('.admin-waiting-title').allInnerTexts()).toEqual(expect.arrayContaining(['Invoice for ACME', 'Paint the fence']))
    const titles = await page.locator('.admin-waiting-title').allInnerTexts()
    expect(titles.indexOf('Invoice for ACME')).toBeLessThan(titles.indexOf('Paint the fence'))
    await screenshot(page, 'waiting-for-you')

    await fenceRow.click()
    await page.waitForURL(`**/admin/chats/planner/${fence.chatId}?call=${fence.toolCallId}`)
    const card = dock(page).getByRole('region', { name: 'Color' })
    await card.getByRole('radio', { name: 'Blue' }).waitFor()
    expect(await card.locator('.fb-call-assignees').innerText()).toBe('Waiting for you and Dana')
    expect(await card.locator('.fb-approval-expires').innerText()).toBe('Expires in 2 h')
    // Someone else's chat: its title from the inbox, and no Rename, Delete or Branch.
    await page.getByRole('heading', { name: 'Paint the fence', level: 1 }).waitFor()
    expect(await page.getByRole('button', { name: 'Branch chat' }).count()).toBe(0)
    await screenshot(page, 'waiting-card')
    await card.getByText('Blue', { exact: true }).click()
    await page.getByText('Got it: Color → Blue. Planning with that.').waitFor()
    // Answered: no composer in a chat she does not own, and still nothing but reading.
    await page.getByRole('note').getByText('You were asked in this chat.').waitFor()
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0)
    expect(await page.getByRole('heading', { name: 'Paint the fence', level: 1 }).count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Branch chat' }).count()).toBe(0)
    await screenshot(page, 'waiting-answered')

    await page.getByRole('link', { name: /^Waiting for you/ }).click()
    await row(page, 'Invoice for ACME').waitFor()
    expect(await row(page, 'Paint the fence').count()).toBe(0)
  })

  test('the approval card says who is asked, and its expiry redraws as expired when it passes', async () => {
    const page = await openAdmin(await newContext())
    const soon = await assigned(page, { prompt: 'Send the invoice to ACME', title: 'Invoice due soon', assignees: ['ada@example.com', 'carl.jones@example.com'], expiresInMs: 4000 })
    await page.goto(`/admin/chats/planner/${soon.chatId}?call=${soon.toolCallId}`)
    const card = dock(page).getByRole('region', { name: 'Send invoice' })
    await card.getByRole('button', { name: 'Approve', exact: true }).waitFor()
    expect(await card.locator('.fb-call-assignees').innerText()).toBe('Waiting for you and Carl Jones')
    expect(await card.locator('.fb-approval-expires').innerText()).toBe('Expires in less than a minute')
    await card.getByText('Expired', { exact: true }).waitFor({ timeout: 8000 })
    await screenshot(page, 'waiting-approval-expired')
  })

  test('a call that starts waiting while the tab is hidden is a browser notification, asked for on first use', async () => {
    const context = await newContext()
    // Record what the page asks of the Notification API, and let the test hide the tab.
    await context.addInitScript(() => {
      const shown: { title: string; body?: string }[] = []
      let permission: NotificationPermission = 'default'
      class RecordedNotification {
        static get permission() {
          return permission
        }
        static async requestPermission() {
          permission = 'granted'
          ;(window as unknown as { asked: number }).asked = ((window as unknown as { asked?: number }).asked ?? 0) + 1
          return permission
        }
        onclick: (() => void) | null = null
        constructor(title: string, options?: { body?: string }) {
          shown.push({ title, body: options?.body })
        }
        close() {}
      }
      Object.assign(window, { Notification: RecordedNotification, shown, hidden: false })
      Object.defineProperty(document, 'hidden', { get: () => (window as unknown as { hidden: boolean }).hidden })
    })
    const page = await openAdmin(context, '/admin/waiting')
    await page.getByRole('heading', { name: 'Waiting for you', level: 1 }).waitFor()
    await page.waitForFunction(() => (window as unknown as { asked?: number }).asked === 1)
    await page.evaluate(() => Object.assign(window, { hidden: true }))
    await assigned(page, { prompt: 'Which color for the shed?', title: 'Paint the shed', assignees: ['ada@example.com'] })
    // The view reads the calls again within its poll (15 s).
    await page.waitForFunction(() => (window as unknown as { shown: unknown[] }).shown.length > 0, undefined, { timeout: 20_000 })
    expect(await page.evaluate(() => (window as unknown as { shown: unknown[] }).shown)).toEqual([{ title: 'Waiting for you: Paint the shed', body: 'Which color should the invitations be?' }])
  })
})
