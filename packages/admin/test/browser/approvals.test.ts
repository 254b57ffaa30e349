import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { contextsPerTest, dock, openAdmin, screenshot, sendMessage, storedChat, waitForChat } from './admin-kit.ts'

const newContext = contextsPerTest()

// The planner example's send_invoice needs approval (docs/agents/approvals.md): the admin chat,
// built from @frogbotai/ui, docks the same approval card as any app.

/** The reply after `send_invoice` ran with `customer` and `amount`. */
const ranWith = (customer: string, amount: number) => new RegExp(`^Got it: sent → true; invoice → INV-\\w+; customer → ${customer}; amount → ${amount}; memo → Team offsite planning\\. Planning with that\\.$`)

/** Sends "Send the invoice to ACME" and waits for the docked approval card. */
async function askInvoice(page: Page) {
  await sendMessage(page, 'Send the invoice to ACME')
  const card = dock(page).getByRole('region', { name: 'Send invoice' })
  await card.getByRole('button', { name: 'Approve', exact: true }).waitFor()
  return card
}

/** The stored `tool-send_invoice` part of the newest assistant message and its settlements. */
async function storedInvoice(page: Page) {
  const { messages } = await storedChat(page)
  const assistant = messages.findLast((message) => message.role === 'assistant')!
  return { part: assistant.parts.find((part) => part.type === 'tool-send_invoice')!, settlements: assistant.settlements as { outcome: string; input?: unknown; reason?: string }[] }
}

describe('the admin chat: approvals', () => {
  test("the planner's send_invoice is docked with Approve, Deny and Edit over a hidden composer; a yes runs it and the reply goes on", async () => {
    const page = await openAdmin(await newContext())
    const card = await askInvoice(page)
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0)
    expect(await card.getByText('Send an invoice to a customer. A person approves (or edits, or denies) it first.').isVisible()).toBe(true)
    expect(await card.getByRole('group', { name: 'Input' }).innerText()).toMatch(/Customer\s+ACME\s+Amount\s+1200/)
    for (const name of ['Deny', 'Edit']) expect(await card.getByRole('button', { name, exact: true }).isVisible()).toBe(true)
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
    expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([])
    await screenshot(page, 'approval-waiting')

    await card.getByRole('button', { name: 'Approve', exact: true }).click()
    await page.getByText(ranWith('ACME', 1200)).waitFor()
    await page.getByRole('region', { name: 'Approved by you' }).waitFor()
    await page.getByRole('textbox', { name: 'Message' }).waitFor()
    await screenshot(page, 'approval-approved')
    const { part, settlements } = await storedInvoice(page)
    expect(part).toMatchObject({ state: 'output-available', output: { sent: true, customer: 'ACME', amount: 1200 } })
    expect(settlements).toMatchObject([{ outcome: 'approved' }])
  })

  test('Edit: an amount the tool refuses shows under its field and settles nothing; a valid one runs and the card shows the change; a reload in between keeps the draft', async () => {
    const page = await openAdmin(await newContext())
    const card = await askInvoice(page)
    await waitForChat(page)
    await card.getByRole('button', { name: 'Edit' }).click()
    const amount = card.getByRole('textbox', { name: 'Amount' })
    await amount.fill('-5')
    await amount.press('Enter')
    await card.getByText('Too small: expected number to be >0').waitFor()
    expect(await amount.getAttribute('aria-invalid')).toBe('true')
    await screenshot(page, 'approval-edit-refused')
    expect((await storedInvoice(page)).settlements).toEqual([])

    // The draft that holds 900: the save of the refused -5 may still be on its way when this starts waiting.
    const saved = page.waitForResponse((response) => response.url().includes('/draft') && response.request().method() === 'PUT' && response.ok() && (response.request().postData() ?? '').includes('900'))
    await amount.fill('900')
    await saved
    await page.reload()
    const again = dock(page).getByRole('region', { name: 'Send invoice' })
    expect(await again.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('900')
    await again.getByRole('button', { name: 'Approve with changes' }).click()
    await page.getByText(ranWith('ACME', 900)).waitFor({ timeout: 15_000 })
    const changes = page.getByRole('region', { name: 'Approved by you' }).getByRole('group', { name: 'Changed before it ran' })
    await changes.waitFor()
    expect(await changes.innerText()).toMatch(/Amount\s*1200\s*→\s*changed to\s*900/)
    await screenshot(page, 'approval-edited')
    expect((await storedInvoice(page)).settlements).toMatchObject([{ outcome: 'approved', input: { customer: 'ACME', amount: 900 } }])
  })

  test('Deny with a reason at phone width: the card fits, the model reads why, and the settled card says who denied and why', async () => {
    const page = await openAdmin(await newContext({ viewport: { width: 390, height: 844 } }))
    const card = await askInvoice(page)
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth && [...document.querySelectorAll('.fb-approval')].every((element) => element.scrollWidth <= element.clientWidth + 1))
    expect(await fits()).toBe(true)
    await screenshot(page, 'approval-phone-waiting')
    await card.getByRole('button', { name: 'Deny' }).click()
    await card.getByRole('textbox', { name: 'Why deny? (optional)' }).fill('Not this month')
    await screenshot(page, 'approval-phone-deny')
    await card.getByRole('textbox', { name: 'Why deny? (optional)' }).press('Enter')
    await page.getByRole('region', { name: 'Denied by you: Not this month' }).waitFor()
    await page.getByText('Understood, I did not do it. (Denied by the user. Reason: Not this month)').waitFor()
    expect(await fits()).toBe(true)
    await screenshot(page, 'approval-phone-denied')
    const { part, settlements } = await storedInvoice(page)
    expect(part).toMatchObject({ state: 'output-denied' })
    expect(settlements).toMatchObject([{ outcome: 'denied', reason: 'Not this month' }])
  })
})
