import { chromium, type Page } from 'playwright-core'
import { expect } from 'vitest'
import { requireChromium } from '../../scripts/find-chromium.ts'

const send = async (page: Page, text: string) => {
  const composer = page.getByRole('textbox', { name: 'Message' })
  await composer.fill(text)
  await composer.press('Enter')
}

/**
 * The "done when", in Debian's Chromium, against a Vite app at `appURL` that installed the
 * packed `@frogbotai/ui` alone and proxies `/api` to `frogbot serve`: the package's sign-in (shown
 * by `<Chat>` when nobody is signed in) signs in through the proxy, the planner asks, one click
 * answers, the same reply continues in Markdown; a reply with bold text, a fenced code block, a
 * table and a link renders them; the `deep` agent's question nested 5,000 levels deep is refused
 * and the tab stays alive.
 */
export async function chatThroughProxy(appURL: string, user: { email: string; password: string }) {
  const browser = await chromium.launch({ executablePath: await requireChromium('packed @frogbotai/ui'), headless: true, chromiumSandbox: false, args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update'] })
  try {
    const page = await (await browser.newContext({ viewport: { width: 1040, height: 780 } })).newPage()
    page.setDefaultTimeout(20_000)
    await page.goto(appURL)
    await page.getByRole('heading', { name: 'Sign in to chat' }).waitFor()
    await page.getByRole('textbox', { name: 'Email' }).fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign in' }).click()

    await send(page, 'Plan a team offsite: should it be in the city or in the mountains?')
    const dock = page.getByRole('region', { name: 'Waiting for your answer' })
    await dock.getByRole('radio', { name: 'Mountains' }).waitFor()
    await dock.getByText('Mountains', { exact: true }).click()
    const plan = page.locator('.fb-message-assistant').last()
    await plan.getByText(/^You chose Mountains for Place\. Here is a plan built around that/).waitFor()
    expect(await plan.locator('strong').first().textContent()).toBe('Mountains')
    await plan.getByRole('table').waitFor()

    await send(page, 'Show me some Markdown')
    const sample = page.locator('.fb-message-assistant').last()
    await sample.getByRole('heading', { name: 'A heading' }).waitFor()
    expect(await sample.locator('strong').first().textContent()).toBe('bold')
    await sample.getByRole('group', { name: 'Code (ts)' }).waitFor()
    await sample.getByRole('table').waitFor()
    const link = sample.getByRole('link', { name: 'link to the AI SDK' })
    expect([await link.getAttribute('href'), await link.getAttribute('rel'), await link.getAttribute('target')]).toEqual(['https://ai-sdk.dev', 'noopener noreferrer', '_blank'])
    await expect.poll(() => sample.locator('.hljs-keyword').count()).toBeGreaterThan(0)

    const deep = await (await browser.newContext({ viewport: { width: 1040, height: 780 }, storageState: await page.context().storageState() })).newPage()
    deep.setDefaultTimeout(20_000)
    await deep.goto(`${appURL}?agent=deep`)
    await send(deep, 'Ask me anything')
    await deep.getByText('That question did not go through.').waitFor()
    await deep.getByRole('region', { name: 'Not answered' }).getByText(/nested more than 64 levels deep/).waitFor()
    expect(await deep.evaluate(() => document.querySelectorAll('*').length)).toBeLessThan(2000)
  } finally {
    await browser.close()
  }
}
