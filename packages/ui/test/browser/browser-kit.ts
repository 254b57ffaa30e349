import AxeBuilder from '@axe-core/playwright'
import { join } from 'node:path'
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core'
import { afterAll, afterEach, inject } from 'vitest'

const fixture = inject('fixture')
let browser: Promise<Browser> | undefined

afterAll(async () => {
  const connected = await browser
  await connected?.close()
})

/** The shared Chromium of the suite (see global-setup.ts), connected once per test file. */
export function sharedBrowser(): Promise<Browser> {
  browser ??= chromium.connect(fixture.wsEndpoint)
  return browser
}

type ContextOptions = { signedIn?: boolean; viewport?: { width: number; height: number } }

/**
 * A function that opens browser contexts for the tests of a file (see {@link newContext}); each
 * is closed after its test.
 */
export function contextsPerTest(): (options?: ContextOptions) => Promise<BrowserContext> {
  let open: BrowserContext[] = []
  afterEach(async () => {
    await Promise.all(open.map((context) => context.close()))
    open = []
  })
  return async (options) => {
    const context = await newContext(options)
    open.push(context)
    return context
  }
}

/** A fresh browser context: signed in as the fixture user unless `signedIn: false`. */
export async function newContext({ signedIn = true, viewport = { width: 1040, height: 780 } }: ContextOptions = {}): Promise<BrowserContext> {
  const context = await (await sharedBrowser()).newContext({ baseURL: fixture.baseURL, viewport, colorScheme: 'light' })
  context.setDefaultTimeout(10_000)
  if (signedIn) await context.addCookies([{ ...fixture.sessionCookie, url: fixture.baseURL }])
  return context
}

/** Opens the fixture app on `agent` (and an existing chat), and waits until the chat is ready. */
export async function openChat(context: BrowserContext, { agent = 'planner', chatId }: { agent?: string; chatId?: string } = {}): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`/?agent=${agent}${chatId ? `&chat=${encodeURIComponent(chatId)}` : ''}`)
  await page.locator('.fb-chat-bottom').waitFor()
  return page
}

/** Types a message in the composer and sends it with Enter. */
export async function sendMessage(page: Page, text: string) {
  const composer = page.getByRole('textbox', { name: 'Message' })
  await composer.fill(text)
  await composer.press('Enter')
}

/** The docked area that holds cards waiting for an answer. */
export function dock(page: Page) {
  return page.getByRole('region', { name: 'Waiting for your answer' })
}

/** The chat id the fixture app keeps in its address. */
export function chatIdOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get('chat')
  if (!id) throw new Error(`no chat id in ${page.url()}`)
  return id
}

/**
 * The stored chat as the API returns it (messages with settlements, state, pending, queue), once
 * its turn has ended: the server stores a reply just after it streams it.
 */
export async function storedChat(page: Page, agent = 'planner') {
  for (let attempt = 0; ; attempt++) {
    const response = await page.request.get(`/api/agents/${agent}/chats/${chatIdOf(page)}`)
    if (!response.ok()) throw new Error(`reading the chat: ${response.status()} ${await response.text()}`)
    const chat = (await response.json()) as {
      chat: { state: string }
      messages: { id: string; role: string; parts: { type: string; state?: string; text?: string; output?: unknown; errorText?: string }[]; settlements: { outcome: string; reason?: string }[] }[]
      queued: unknown[]
    }
    if (chat.chat.state !== 'running') return chat
    if (attempt === 50) throw new Error('the chat is still running a turn')
    await page.waitForTimeout(100)
  }
}

/** Saves a screenshot of the page in light and in dark under `test-output/browser/`. */
export async function screenshot(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await page.screenshot({ path: join(fixture.outputDir, `${name}-${colorScheme}.png`), animations: 'disabled' })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** The axe-core violations of impact "serious" or "critical" on the page as it is now. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')) }))
}
