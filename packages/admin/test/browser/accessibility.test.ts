import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { channelChatId, contextsPerTest, dock, openAdmin, screenshot, sendMessage } from './admin-kit.ts'

const newContext = contextsPerTest()

/** The axe-core violations of impact "serious" or "critical", in the given color schemes. */
async function seriousViolations(page: Page, schemes: readonly ('light' | 'dark')[] = ['light', 'dark']) {
  const found: { scheme: string; id: string; targets: string[] }[] = []
  for (const colorScheme of schemes) {
    await page.emulateMedia({ colorScheme })
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
    for (const violation of results.violations) {
      if (violation.impact === 'serious' || violation.impact === 'critical') found.push({ scheme: colorScheme, id: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')) })
    }
  }
  return found
}

describe('the admin chat: accessibility (axe-core, light and dark)', () => {
  // axe-core takes seconds a page on a busy machine: both schemes where the most is drawn, dark elsewhere.
  test('the sign-in page, a chat with a docked question (and the list beside it) and the channel view have no serious violations', { timeout: 120_000 }, async () => {
    const signedOut = await (await newContext({ signedIn: false })).newPage()
    await signedOut.goto('/admin/')
    await signedOut.getByRole('heading', { name: 'Sign in to FrogBot' }).waitFor()
    expect(await seriousViolations(signedOut, ['dark'])).toEqual([])

    const context = await newContext()
    const page = await openAdmin(context)
    await sendMessage(page, 'Which color, for axe?')
    await dock(page).getByRole('radio', { name: 'Red' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, 'accessibility-docked-question')

    const channel = await openAdmin(context, `/admin/chats/planner/${channelChatId}`)
    await channel.getByRole('note').waitFor()
    expect(await seriousViolations(channel, ['dark'])).toEqual([])
  })
})
