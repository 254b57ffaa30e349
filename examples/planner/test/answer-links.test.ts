import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { serve } from '@hono/node-server'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFrogbot, sqliteAdapter, type Frogbot } from 'frogbot'
import planner from '../frogbot.config.ts'
import { createApiToken } from '../../../packages/frogbot/src/auth/api-tokens.ts'
import { ensureUser } from '../../../packages/frogbot/src/auth/users.ts'
import { storeOf } from '../../../packages/frogbot/src/frogbot-internals.ts'
import { CHROMIUM_HOW_TO, findChromium, isStrictCI, playwrightChromiumPath } from '../../../scripts/find-chromium.ts'

// The planner as a newcomer runs it (SMTP_URL unset, the offline demo model): a waiting question's
// email is logged with its answer links, and a person opens one in Chromium: the confirm page, then
// the done page; the same link again, the refusal page; a link to the answer page of several
// questions. Screenshots: test-output/browser/planner/.

const chromiumPath = findChromium({ playwrightPath: await playwrightChromiumPath() }).path
const suite = chromiumPath || isStrictCI() ? describe : describe.skip
if (!chromiumPath && !isStrictCI()) console.warn(`notice: skipping the answer-link pages in Chromium: no Chromium found. To run them, ${CHROMIUM_HOW_TO}.`)

const OUTPUT = resolve(import.meta.dirname, '../../../test-output/browser/planner')
const dir = mkdtempSync(join(tmpdir(), 'frogbot-planner-links-'))
const lines: string[] = []
let app: Frogbot
let browser: Browser
let base: string
let token: string
let server: ReturnType<typeof serve>

suite('answer links of the planner in Chromium', () => {
  beforeAll(async () => {
    if (!chromiumPath) throw new Error(`The answer-link pages need Chromium. To run them, ${CHROMIUM_HOW_TO}.`)
    mkdirSync(OUTPUT, { recursive: true })
    let handler: Frogbot['fetch'] | undefined
    server = serve({ fetch: (request) => handler!(request), port: 0, hostname: '127.0.0.1' })
    await new Promise<void>((ready) => server.once('listening', () => ready()))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    app = await createFrogbot({ ...planner, db: sqliteAdapter({ filename: join(dir, 'frogbot.db') }) }, { env: { FROGBOT_PUBLIC_URL: base }, log: (line) => lines.push(line), maintenanceIntervalMs: 0 })
    handler = app.fetch
    const ada = await ensureUser(storeOf(app).db, { email: 'ada@example.com', name: 'Ada' })
    token = (await createApiToken(storeOf(app).db, { userId: ada.id, name: 'test' })).token
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, chromiumSandbox: false, args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update'] })
  })
  afterAll(async () => {
    await browser?.close()
    await new Promise((done) => server?.close(done))
    await app?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** Asks the planner as Ada; the links her logged email carries, `{ label: url }`. */
  async function ask(prompt: string) {
    lines.length = 0
    const response = await app.fetch(new Request(`${base}/api/agents/planner`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ prompt }) }))
    const body = (await response.json()) as { status: string; chatId: string }
    expect(body.status).toBe('awaiting-input')
    await expect.poll(() => lines.filter((line) => line.includes('/answer/')).length, { timeout: 10_000 }).toBeGreaterThan(0)
    expect(lines[0]).toMatch(/^frogbot: email to ada@example.com \(SMTP_URL is unset, so it is logged, not sent\): Planner asks: /)
    const links = Object.fromEntries(lines.flatMap((line) => /^frogbot:\s+(.+): (http\S+\/answer\/\S+)$/.exec(line)?.slice(1, 3) ?? []).reduce<[string, string][]>((pairs, value, index, all) => (index % 2 ? pairs : [...pairs, [value, all[index + 1]]]), []))
    return { chatId: body.chatId, links }
  }

  async function seriousViolations(page: Page) {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
    return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)
  }

  it('an option’s link: the confirm page, then done; the same link again: refused', async () => {
    const { chatId, links } = await ask('Plan a team offsite: should it be in the city or in the mountains?')
    const [label, url] = Object.entries(links)[0]
    const context = await browser.newContext({ viewport: { width: 720, height: 560 }, colorScheme: 'light' })
    const page = await context.newPage()
    await page.goto(url)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('?')
    const send = page.getByRole('button', { name: `Send “${label}”` })
    expect(await send.isVisible()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: join(OUTPUT, 'link-confirm-light.png') })
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: join(OUTPUT, 'link-confirm-dark.png') })
    // Opening the page answered nothing.
    expect(await storeOf(app).getPendingCalls(chatId)).toHaveLength(1)

    await send.click()
    await page.getByRole('heading', { name: 'Thank you, your answer was sent' }).waitFor()
    expect(await page.getByText(`You answered “${label}”.`).isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Open the chat' }).getAttribute('href')).toBe(`${base}/admin/chats/planner/${chatId}`)
    await page.screenshot({ path: join(OUTPUT, 'link-done-dark.png') })

    await page.goto(url)
    await page.getByRole('heading', { name: 'This question is closed' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: join(OUTPUT, 'link-refused-dark.png') })
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto(`${base}/answer/${'x'.repeat(43)}`)
    await page.getByRole('heading', { name: 'This link does not work' }).waitFor()
    await page.screenshot({ path: join(OUTPUT, 'link-unknown-light.png') })
    await context.close()
  })

  it('several questions: the answer page, filled in and sent', async () => {
    const { links } = await ask('Ask me a few questions about a team offsite')
    expect(Object.keys(links)).toEqual(['Answer'])
    const context = await browser.newContext({ viewport: { width: 720, height: 900 }, colorScheme: 'light' })
    const page = await context.newPage()
    await page.goto(links.Answer)
    const groups = page.getByRole('group')
    expect(await groups.count()).toBeGreaterThan(1)
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: join(OUTPUT, 'link-answer-page-light.png'), fullPage: true })
    for (let index = 0; index < (await groups.count()); index++) await groups.nth(index).locator('input[type=radio], input[type=checkbox]').first().check()
    await page.getByRole('button', { name: 'Send answer' }).click()
    await page.getByRole('heading', { name: 'Thank you, your answer was sent' }).waitFor()
    await page.screenshot({ path: join(OUTPUT, 'link-answer-page-done-light.png') })
    await context.close()
  })
})
