import { join } from 'node:path'
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core'
import { afterAll, afterEach, inject } from 'vitest'

const fixture = inject('admin')
let browser: Promise<Browser> | undefined

afterAll(async () => {
  const connected = await browser
  await connected?.close()
})

/** The id of Ada's chat stored as a Slack thread, with a question waiting there. */
export const channelChatId = fixture.channelChatId

type ContextOptions = { signedIn?: boolean; viewport?: { width: number; height: number } }

/**
 * A function that opens browser contexts for the tests of a file, each recording a Playwright
 * trace: kept under `test-output/browser/admin/` when its test fails, and each closed after its test.
 */
export function contextsPerTest(): (options?: ContextOptions) => Promise<BrowserContext> {
  let open: BrowserContext[] = []
  afterEach(async ({ task }) => {
    const failed = task.result?.state === 'fail' || (task.result?.errors?.length ?? 0) > 0
    const name = task.name.replace(/[^\w]+/g, '-').slice(0, 60)
    await Promise.all(open.map((context, index) => context.tracing.stop(failed ? { path: join(fixture.outputDir, `trace-${name}-${index}.zip`) } : {}).then(() => context.close())))
    open = []
  })
  return async ({ signedIn = true, viewport = { width: 1180, height: 760 } } = {}) => {
    browser ??= chromium.connect(fixture.wsEndpoint)
    const context = await (await browser).newContext({ baseURL: fixture.baseURL, viewport, colorScheme: 'light' })
    context.setDefaultTimeout(10_000)
    await context.tracing.start({ screenshots: true, snapshots: true })
    if (signedIn) await context.addCookies([{ ...fixture.sessionCookie, url: fixture.baseURL }])
    open.push(context)
    return context
  }
}

/** Opens the admin chat at `path` (default: a new chat with the planner) and waits until it is ready. */
export async function openAdmin(context: BrowserContext, path = '/admin/new?agent=planner'): Promise<Page> {
  const page = await context.newPage()
  await page.goto(path)
  await page.getByRole('navigation', { name: 'Chats' }).or(page.getByRole('button', { name: /^Chats/ })).first().waitFor()
  if (path.includes('agent=') || path.includes('/chats/')) await page.locator('.fb-chat-bottom').waitFor()
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

/** The agent and chat id of the chat the admin shows (`/admin/chats/:agent/:chatId`). */
export function chatOf(page: Page): { agent: string; chatId: string } {
  const match = /\/admin\/chats\/([^/]+)\/([^/?#]+)/.exec(new URL(page.url()).pathname)
  if (!match) throw new Error(`no chat in ${page.url()}`)
  return { agent: decodeURIComponent(match[1]), chatId: decodeURIComponent(match[2]) }
}

/** Waits until the address names a stored chat, and returns its id. */
export async function waitForChat(page: Page, other?: string): Promise<string> {
  await page.waitForURL((url) => /\/admin\/chats\/[^/]+\/[^/]+/.test(url.pathname) && (!other || !url.pathname.endsWith(`/${other}`)))
  return chatOf(page).chatId
}

type StoredPart = { type: string; state?: string; text?: string; output?: unknown; errorText?: string }

/** The stored chat as the API returns it, once its turn has ended. */
export async function storedChat(page: Page) {
  const { agent, chatId } = chatOf(page)
  for (let attempt = 0; ; attempt++) {
    const response = await page.request.get(`/api/agents/${agent}/chats/${chatId}`)
    if (!response.ok()) throw new Error(`reading the chat: ${response.status()} ${await response.text()}`)
    const chat = (await response.json()) as {
      chat: { state: string; channel: unknown; title: string | null }
      messages: { id: string; role: string; parts: StoredPart[]; settlements: { outcome: string }[] }[]
      queued: unknown[]
    }
    if (chat.chat.state !== 'running') return chat
    if (attempt === 50) throw new Error('the chat is still running a turn')
    await page.waitForTimeout(100)
  }
}

/** Saves the page in light and in dark under `test-output/browser/admin/`. */
export async function screenshot(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await page.screenshot({ path: join(fixture.outputDir, `${name}-${colorScheme}.png`), animations: 'disabled' })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** Lets the held replies of the journeys' model go on (see `held-model.ts`). */
export async function releaseHeld(page: Page) {
  const response = await page.request.post('/__journeys/release')
  if (response.status() !== 204) throw new Error(`releasing held replies: ${response.status()}`)
}
