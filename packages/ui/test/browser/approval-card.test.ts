import type { BrowserContext, Page, Route } from 'playwright-core'
import { describe, expect, inject, test } from 'vitest'
import { SECOND_USER } from './server/start-fixture.ts'
import { chatIdOf, contextsPerTest, dock, openChat, screenshot, sendMessage, seriousViolations, storedChat } from './browser-kit.ts'

const newContext = contextsPerTest()
const { baseURL } = inject('fixture')

// The approval card (docs/agents/approvals.md, "In the chat UI"): a server tool with needsApproval
// waits for a yes, a no or an edited input, docked above the composer like a question.

type StoredPart = { type: string; state?: string; input?: unknown; output?: unknown; approval?: { id: string; approved?: boolean; reason?: string } }
type StoredSettlement = { outcome: string; reason?: string; input?: unknown; votes?: { approved: boolean }[] }

/** The stored chat's newest assistant message, its approval part (`tool-<name>`) and settlements. */
async function storedApproval(page: Page, { agent = 'planner', tool = 'send_invoice' } = {}) {
  const { messages, chat } = await storedChat(page, agent)
  const assistant = messages.findLast((message) => message.role === 'assistant')!
  return {
    chat,
    assistant,
    texts: assistant.parts.filter((part) => part.type === 'text').map((part) => part.text),
    part: assistant.parts.find((part) => part.type === `tool-${tool}`) as StoredPart,
    settlements: assistant.settlements as StoredSettlement[]
  }
}

/** Sends "Send the invoice to ACME" and waits for the docked approval card. */
async function askInvoice(page: Page) {
  await sendMessage(page, 'Send the invoice to ACME')
  const card = dock(page).getByRole('region', { name: 'Send invoice' })
  await card.getByRole('button', { name: 'Approve', exact: true }).waitFor()
  return card
}

/** Presses Tab until the focused element is the button `name` (at most 12 times); fails otherwise. */
async function tabTo(page: Page, name: string) {
  for (let presses = 0; presses < 12; presses++) {
    await page.keyboard.press('Tab')
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === name) return
  }
  throw new Error(`Tab never reached "${name}"`)
}

/** Waits until the card's draft is saved on the server (a moment after the last change). */
const draftSaved = (page: Page) => page.waitForResponse((response) => response.url().includes('/draft') && response.request().method() === 'PUT' && response.ok())

const offline = (route: Route) => route.abort('connectionrefused')

/** The reply after `send_invoice` ran with `customer` and `amount` (its result names a new invoice). */
const ranWith = (customer: string, amount: number) => new RegExp(`^Got it: sent → true; invoice → INV-\\w+; customer → ${customer}; amount → ${amount}; memo → Team offsite planning\\. Planning with that\\.$`)
const APPROVED_REPLY = ranWith('ACME', 1200)

describe('the approval card', () => {
  test('a call waiting for approval is docked with the tool, its description, its input and Approve; a yes runs it and the reply goes on in the same message', async () => {
    const context = await newContext()
    const page = await openChat(context)
    const card = await askInvoice(page)
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0)
    expect(await card.getByText('send_invoice', { exact: true }).isVisible()).toBe(true)
    expect(await card.getByText('Send an invoice to a customer. A person approves (or edits, or denies) it first.').isVisible()).toBe(true)
    expect(await card.getByText('Needs your approval', { exact: true }).isVisible()).toBe(true)
    expect(await card.getByRole('group', { name: 'Input' }).innerText()).toMatch(/Customer\s+ACME\s+Amount\s+1200\s+Memo\s+Team offsite planning/)
    await screenshot(page, 'approval-waiting')

    await card.getByRole('button', { name: 'Approve', exact: true }).click()
    await page.getByText(APPROVED_REPLY).waitFor()
    const settled = page.getByRole('region', { name: 'Approved by you' })
    await settled.waitFor()
    expect(await dock(page).count()).toBe(0)
    await page.getByRole('textbox', { name: 'Message' }).waitFor()
    await settled.getByText('Input and result').click()
    expect(await settled.getByRole('group', { name: 'Result' }).innerText()).toMatch(/Invoice\s+INV-/)
    await screenshot(page, 'approval-approved')

    const { part, settlements, texts } = await storedApproval(page)
    expect(part).toMatchObject({ state: 'output-available', output: { sent: true, customer: 'ACME', amount: 1200 }, approval: { approved: true } })
    expect(settlements).toMatchObject([{ outcome: 'approved' }])
    expect(texts[0]).toBe('I will send it once you approve.')
    expect(texts[1]).toMatch(APPROVED_REPLY)
  })

  test('the input is drawn for people: keys as labels, nested objects and lists, a long text folded until "Show all"', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Publish the release notes')
    const card = dock(page).getByRole('region', { name: 'Publish notes' })
    const input = card.getByRole('group', { name: 'Input' })
    await input.waitFor()
    expect(await input.innerText()).toMatch(/Title\s+Release 2\.4\s+Audience\s+Channel\s+#announcements\s+Notify\s+true\s+Sections\s+Heading\s+New\s+Items\s+Approvals in the chat\s+Quorums of approvers/)
    expect(await input.textContent()).not.toContain('recorded with who made it and when')
    await screenshot(page, 'approval-nested-input')
    await input.getByRole('button', { name: /^Show all \(\d+ characters\)$/ }).click()
    expect(await input.textContent()).toContain('recorded with who made it and when')
    expect(await seriousViolations(page)).toEqual([])
    // Edit offers the fields the schema can: the nested ones as JSON.
    await card.getByRole('button', { name: 'Edit' }).click()
    expect(JSON.parse(await card.getByRole('textbox', { name: 'Audience' }).inputValue())).toEqual({ channel: '#announcements', notify: true })
    expect(await seriousViolations(page)).toEqual([])
    await card.getByRole('button', { name: 'Cancel' }).click()
    await card.getByRole('button', { name: 'Approve', exact: true }).click()
    await page.getByText('Got it: published → true; title → Release 2.4. Planning with that.').waitFor()
  })

  test('by keyboard alone: the card takes the focus, Tab reaches Deny, the reason is typed and Enter denies; the model reads why', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await askInvoice(page)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby') !== null && document.activeElement?.classList.contains('fb-approval'))).toBe(true)

    await tabTo(page, 'Deny')
    await page.keyboard.press('Enter')
    const reason = dock(page).getByRole('textbox', { name: 'Why deny? (optional)' })
    await reason.waitFor()
    expect(await reason.evaluate((field) => field === document.activeElement)).toBe(true)
    await page.keyboard.type('The amount is wrong')
    await screenshot(page, 'approval-deny-reason')
    await page.keyboard.press('Enter')

    await page.getByText('Understood, I did not do it. (Denied by the user. Reason: The amount is wrong)').waitFor()
    const denied = page.getByRole('region', { name: 'Denied by you: The amount is wrong' })
    await denied.waitFor()
    await page.getByRole('textbox', { name: 'Message' }).waitFor()
    await screenshot(page, 'approval-denied')
    const { part, settlements } = await storedApproval(page)
    expect(part).toMatchObject({ state: 'output-denied', approval: { approved: false, reason: 'The amount is wrong' } })
    expect(settlements).toMatchObject([{ outcome: 'denied', reason: 'The amount is wrong' }])
  })

  test('Edit: a value the form cannot read and one the tool refuses show under their field and settle nothing; a valid edit runs, and the card shows what changed', async () => {
    const context = await newContext()
    const page = await openChat(context)
    const card = await askInvoice(page)
    await card.getByRole('button', { name: 'Edit' }).click()
    const form = card.getByRole('form', { name: 'Edit the input of send_invoice' })
    const amount = form.getByRole('textbox', { name: 'Amount' })
    expect(await amount.inputValue()).toBe('1200')
    expect(await form.getByRole('textbox', { name: 'Memo' }).inputValue()).toBe('Team offsite planning')
    expect(await amount.evaluate((field) => field === document.activeElement)).toBe(false)
    expect(await form.getByRole('textbox', { name: 'Customer' }).evaluate((field) => field === document.activeElement)).toBe(true)

    let settles = 0
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/settle')) settles++
    })
    await amount.fill('lots')
    await form.getByRole('button', { name: 'Approve with changes' }).click()
    await form.getByText('enter a number.').waitFor()
    expect(await amount.getAttribute('aria-invalid')).toBe('true')
    expect(settles).toBe(0)

    await amount.fill('-5')
    await amount.press('Enter')
    const refusal = form.getByText('Too small: expected number to be >0')
    await refusal.waitFor()
    expect(await amount.getAttribute('aria-invalid')).toBe('true')
    expect(await amount.evaluate((field) => field === document.activeElement)).toBe(true)
    expect(settles).toBe(1)
    await screenshot(page, 'approval-edit-refused')
    const waiting = await storedApproval(page)
    expect(waiting.chat.state).toBe('awaiting')
    expect(waiting.settlements).toEqual([])

    await form.getByRole('textbox', { name: 'Customer' }).fill('ACME Corp')
    await amount.fill('900')
    await form.getByRole('button', { name: 'Approve with changes' }).click()
    await page.getByText(ranWith('ACME Corp', 900)).waitFor({ timeout: 15_000 })
    const settled = page.getByRole('region', { name: 'Approved by you' })
    const changes = settled.getByRole('group', { name: 'Changed before it ran' })
    await changes.waitFor()
    expect(await changes.innerText()).toMatch(/Customer\s*ACME\s*→\s*changed to\s*ACME Corp\s*Amount\s*1200\s*→\s*changed to\s*900/)
    await page.getByRole('textbox', { name: 'Message' }).waitFor()
    await screenshot(page, 'approval-edited')

    const { part, settlements } = await storedApproval(page)
    expect(part).toMatchObject({ state: 'output-available', input: { customer: 'ACME', amount: 1200 }, output: { customer: 'ACME Corp', amount: 900 } })
    expect(settlements).toMatchObject([{ outcome: 'approved', input: { customer: 'ACME Corp', amount: 900, memo: 'Team offsite planning' } }])
    expect(settles).toBe(2)
  })

  test('a reload while the card waits brings it back as it was left: the Edit form with its values, then the reason of a denial', async () => {
    const context = await newContext()
    const page = await openChat(context)
    const card = await askInvoice(page)
    await card.getByRole('button', { name: 'Edit' }).click()
    const saved = draftSaved(page)
    await card.getByRole('textbox', { name: 'Amount' }).fill('450')
    await saved

    await page.reload()
    const again = dock(page).getByRole('region', { name: 'Send invoice' })
    const amount = again.getByRole('textbox', { name: 'Amount' })
    await amount.waitFor()
    expect(await amount.inputValue()).toBe('450')

    await again.getByRole('button', { name: 'Cancel' }).click()
    await again.getByRole('button', { name: 'Deny' }).click()
    const savedReason = draftSaved(page)
    await again.getByRole('textbox', { name: 'Why deny? (optional)' }).fill('Wait for the signed order')
    await savedReason
    await page.reload()
    const reason = dock(page).getByRole('textbox', { name: 'Why deny? (optional)' })
    await reason.waitFor()
    expect(await reason.inputValue()).toBe('Wait for the signed order')
    // The edited values are still there behind Edit.
    await dock(page).getByRole('button', { name: 'Cancel' }).click()
    await dock(page).getByRole('button', { name: 'Edit' }).click()
    expect(await dock(page).getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('450')
    const { chat, settlements } = await storedApproval(page)
    expect(chat.state).toBe('awaiting')
    expect(settlements).toEqual([])
  })

  test('the server is down when Approve is pressed: "Not sent — Retry" on the card, then sent once; an edited approval the same', async () => {
    const context = await newContext()
    const page = await openChat(context)
    const card = await askInvoice(page)
    await page.route('**/api/**', offline)
    await card.getByRole('button', { name: 'Approve', exact: true }).click()
    const notSent = dock(page).getByRole('region', { name: 'Not sent' })
    await notSent.waitFor()
    await page.getByRole('alert').filter({ hasText: "Can't reach the server. Trying again…" }).waitFor()
    await screenshot(page, 'approval-not-sent')
    await page.unroute('**/api/**', offline)
    await notSent.getByRole('button', { name: 'Retry' }).click()
    await page.getByText(APPROVED_REPLY).waitFor()
    const { settlements } = await storedApproval(page)
    expect(settlements).toMatchObject([{ outcome: 'approved' }])

    // The edit path: the settle request fails, the form stays as sent with "Not sent — Retry".
    const second = await askInvoice(page)
    await second.getByRole('button', { name: 'Edit' }).click()
    await second.getByRole('textbox', { name: 'Amount' }).fill('300')
    await page.route('**/api/**', offline)
    await second.getByRole('button', { name: 'Approve with changes' }).click()
    await second.getByText('Not sent').waitFor()
    expect(await second.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('300')
    await page.unroute('**/api/**', offline)
    await second.getByRole('button', { name: 'Retry' }).click()
    await page.getByText(ranWith('ACME', 300)).waitFor({ timeout: 15_000 })
    const edited = await storedApproval(page)
    expect(edited.settlements).toMatchObject([{ outcome: 'approved', input: { amount: 300 } }])
  })

  test('a question and an approval in one step: Approve waits for the question, and its answer sends both, once', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Pick a color and send the invoice')
    const invoice = dock(page).getByRole('region', { name: 'Send invoice' })
    const question = dock(page).getByRole('region', { name: 'Color' })
    let resubmissions = 0
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/agents/planner' && /"role":"assistant"/.test(request.postData() ?? '')) resubmissions++
    })
    await invoice.getByRole('button', { name: 'Approve', exact: true }).click()
    await page.getByRole('region', { name: 'Approved' }).getByText('Sent together with the other answers this reply still waits for.').waitFor()
    expect(resubmissions).toBe(0)
    await screenshot(page, 'approval-beside-question')

    await question.getByText('Blue', { exact: true }).click()
    await page.getByText(/^Got it: Color → Blue; sent → true; invoice → INV-\w+; customer → ACME; amount → 1200; memo → Team offsite planning\. Planning with that\.$/).waitFor()
    await page.getByRole('region', { name: 'Approved by you' }).waitFor()
    expect(resubmissions).toBe(1)
    const { part, settlements } = await storedApproval(page)
    expect(part).toMatchObject({ state: 'output-available', output: { customer: 'ACME' } })
    expect(settlements.map((settlement) => settlement.outcome).sort()).toEqual(['answered', 'approved'])
  })

  test('a decision the server refuses (approval.access: 403 forbidden) shows on the card, which stays usable; nothing is settled', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Archive the project')
    const card = dock(page).getByRole('region', { name: 'Archive project' })
    await card.getByRole('button', { name: 'Approve', exact: true }).click()
    await card.getByRole('alert').getByText('You may not approve or deny calls of "archive_project".').waitFor()
    await card.getByRole('button', { name: 'Deny' }).click()
    await card.getByRole('button', { name: 'Deny', exact: true }).click()
    await card.getByRole('alert').getByText('You may not approve or deny calls of "archive_project".').waitFor()
    await screenshot(page, 'approval-forbidden')
    await card.getByRole('button', { name: 'Cancel' }).click()
    await card.getByRole('button', { name: 'Approve', exact: true }).waitFor()
    const { chat, settlements } = await storedApproval(page, { tool: 'archive_project' })
    expect(chat.state).toBe('awaiting')
    expect(settlements).toEqual([])
  })

  test('approved first in another tab: the late Approve gets 409 and the chat reloads quietly, saying so', async () => {
    const context = await newContext()
    const first = await openChat(context)
    const card = await askInvoice(first)
    const second = await openChat(context, { chatId: chatIdOf(first) })
    // The second tab does not hear about the first tab's answer before it answers itself.
    await second.route('**/pending', (route) => route.abort('connectionreset'))
    const late = dock(second).getByRole('region', { name: 'Send invoice' })
    await late.getByRole('button', { name: 'Approve', exact: true }).waitFor()
    await card.getByRole('button', { name: 'Approve', exact: true }).click()
    await first.getByText(APPROVED_REPLY).waitFor()

    await late.getByRole('button', { name: 'Approve', exact: true }).click()
    await second.getByText('Approved first in another tab or window.').waitFor()
    await second.getByText(APPROVED_REPLY).waitFor()
    expect(await second.getByRole('alert').count()).toBe(0)
    const { settlements } = await storedApproval(first)
    expect(settlements).toHaveLength(1)
  })

  test('a card that appears while the person types leaves the focus alone, and a key meant for the message decides nothing', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Prepare the invoice later')
    const composer = page.getByRole('textbox', { name: 'Message' })
    await composer.pressSequentially('and the receipt', { delay: 30 })
    const card = dock(page).getByRole('region', { name: 'Send invoice' })
    await card.getByRole('button', { name: 'Approve', exact: true }).waitFor()
    expect(await card.evaluate((root) => root.contains(document.activeElement))).toBe(false)
    await page.keyboard.press('Enter')
    await page.keyboard.press('Space')
    await page.waitForTimeout(300)
    const { chat, settlements } = await storedApproval(page)
    expect(chat.state).toBe('awaiting')
    expect(settlements).toEqual([])
  })

  test('in a channel conversation: "Waiting for an approval in Slack", the tool and its input, no controls', async () => {
    const context = await newContext()
    const made = await context.request.post('/__fixture/channel-chat', { data: { prompt: 'Send the invoice to ACME' } })
    const { chatId } = (await made.json()) as { chatId: string }
    const page = await openChat(context, { chatId })
    const waiting = page.getByRole('region', { name: 'Send invoice' })
    await waiting.getByText('Waiting for an approval in Slack').waitFor()
    expect(await waiting.getByRole('group', { name: 'Input' }).innerText()).toMatch(/Customer\s+ACME/)
    for (const name of ['Approve', 'Deny', 'Edit']) expect(await waiting.getByRole('button', { name, exact: true }).count()).toBe(0)
    expect(await dock(page).count()).toBe(0)
    await screenshot(page, 'approval-channel')
  })

  test('at phone width the card, its Edit form and the settled card fit the screen', async () => {
    const context = await newContext({ viewport: { width: 390, height: 844 } })
    const page = await openChat(context)
    await sendMessage(page, 'Publish the release notes')
    await dock(page).getByRole('region', { name: 'Publish notes' }).getByRole('button', { name: 'Approve', exact: true }).waitFor()
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth && [...document.querySelectorAll('.fb-approval')].every((card) => card.scrollWidth <= card.clientWidth + 1))
    expect(await fits()).toBe(true)
    await screenshot(page, 'approval-phone-nested-input')
    await dock(page).getByRole('button', { name: 'Deny' }).click()
    await dock(page).getByRole('textbox', { name: 'Why deny? (optional)' }).fill('Not before the release')
    await dock(page).getByRole('button', { name: 'Deny', exact: true }).click()
    await page.getByRole('region', { name: 'Denied by you: Not before the release' }).waitFor()
    expect(await fits()).toBe(true)

    const card = await askInvoice(page)
    expect(await fits()).toBe(true)
    await screenshot(page, 'approval-phone-waiting')
    await card.getByRole('button', { name: 'Edit' }).click()
    await card.getByRole('textbox', { name: 'Amount' }).fill('450')
    expect(await fits()).toBe(true)
    await screenshot(page, 'approval-phone-edit')
    await card.getByRole('button', { name: 'Approve with changes' }).click()
    await page.getByRole('region', { name: 'Approved by you' }).getByRole('group', { name: 'Changed before it ran' }).waitFor({ timeout: 15_000 })
    expect(await fits()).toBe(true)
    await screenshot(page, 'approval-phone-settled')
  })
})

describe('an app of its own', () => {
  test('a renderer of kind "approval" replaces the built-in card and decides with addToolApprovalResponse', async () => {
    const context = await newContext()
    const page = await context.newPage()
    await page.goto('/?agent=planner&approval=custom')
    await sendMessage(page, 'Send the invoice to ACME')
    const custom = dock(page).getByRole('region', { name: 'Custom approval of send_invoice' })
    await custom.getByText('approval-requested').waitFor()
    expect(await page.locator('.fb-approval').count()).toBe(0)
    await custom.getByRole('button', { name: 'Yes, go' }).click()
    await page.getByText(APPROVED_REPLY).waitFor()
    await page.getByRole('region', { name: 'Custom approval of send_invoice' }).getByText('output-available').waitFor()
  })
})

describe('an approval that needs two people', () => {
  /** A context signed in as Grace. */
  async function asGrace(): Promise<BrowserContext> {
    const context = await newContext({ signedIn: false })
    const login = await context.request.post('/api/auth/login', { data: SECOND_USER, headers: { origin: baseURL } })
    expect(login.status()).toBe(200)
    return context
  }

  test('Ada approves ("1 of 2 approvals", then "Waiting for 1 more approval"), Grace approves in her own browser, and both see it approved by both', async () => {
    // A chat started without signing in has no owner: anyone with its id may approve in it.
    const anonymous = await newContext({ signedIn: false })
    const started = await anonymous.request.post('/api/agents/team', { data: { prompt: 'Pay the supplier' }, headers: { origin: baseURL } })
    expect(started.status()).toBe(200)
    const { chatId } = (await started.json()) as { chatId: string }

    const ada = await openChat(await newContext(), { agent: 'team', chatId })
    const adaCard = dock(ada).getByRole('region', { name: 'Pay supplier' })
    await adaCard.getByText('0 of 2 approvals').waitFor()
    expect(await adaCard.getByText('Expires in 2 h').isVisible()).toBe(true)
    // Every vote of a quorum approves the model's input: the card offers no Edit.
    expect(await adaCard.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0)
    await screenshot(ada, 'approval-quorum-waiting')
    await adaCard.getByRole('button', { name: 'Approve', exact: true }).click()

    const adaWaiting = ada.getByRole('region', { name: 'Pay supplier' })
    await adaWaiting.getByText('You approved. Waiting for 1 more approval.').waitFor()
    expect(await adaWaiting.getByText('1 of 2 approvals').isVisible()).toBe(true)
    expect(await adaWaiting.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0)
    expect(await dock(ada).count()).toBe(0)
    await ada.getByRole('textbox', { name: 'Message' }).waitFor()
    await screenshot(ada, 'approval-quorum-voted')

    const grace = await openChat(await asGrace(), { agent: 'team', chatId })
    const graceCard = dock(grace).getByRole('region', { name: 'Pay supplier' })
    await graceCard.getByText('1 of 2 approvals').waitFor()
    await graceCard.getByRole('button', { name: 'Approve', exact: true }).click()
    await grace.getByText('Got it: paid → true; supplier → Paper & Co; amount → 1200. Planning with that.').waitFor()
    await grace.getByRole('region', { name: 'Approved by you and someone else' }).waitFor()

    // Ada's tab learns it within about a second, without a reload.
    await ada.getByText('Got it: paid → true; supplier → Paper & Co; amount → 1200. Planning with that.').waitFor()
    await ada.getByRole('region', { name: 'Approved by you and someone else' }).waitFor()
    await screenshot(ada, 'approval-quorum-approved')
    const { settlements } = await storedApproval(ada, { agent: 'team', tool: 'pay_supplier' })
    expect(settlements).toMatchObject([{ outcome: 'approved', votes: [{ approved: true }, { approved: true }] }])
  })
})
