import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { chatIdOf, contextsPerTest, dock, openChat, screenshot, sendMessage, storedChat } from './browser-kit.ts'

const newContext = contextsPerTest()

/**
 * Watches the newest assistant message while it streams: at every change, the text a person sees
 * and each block's position and height in the message. Call the returned function to collect them.
 */
async function watchStreaming(page: Page) {
  await page.evaluate(() => {
    const frames: { text: string; blocks: [string, number, number][] }[] = []
    ;(window as unknown as { __frames: typeof frames }).__frames = frames
    const record = () => {
      const markdown = [...document.querySelectorAll('.fb-message-assistant .fb-markdown')].at(-1) as HTMLElement | undefined
      if (!markdown) return
      frames.push({ text: markdown.innerText, blocks: [...markdown.children].map((child) => [child.tagName, (child as HTMLElement).offsetTop, (child as HTMLElement).offsetHeight]) })
    }
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  return () => page.evaluate(() => (window as unknown as { __frames: { text: string; blocks: [string, number, number][] }[] }).__frames)
}

describe('replies', () => {
  test('Markdown streams without raw marks or jumps, and renders bold, lists, a task list, a table, highlighted code with Copy, safe links; raw HTML never runs', async () => {
    const context = await newContext()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const page = await openChat(context)
    const frames = await watchStreaming(page)
    await sendMessage(page, 'Show me the plan in markdown')
    const reply = page.locator('.fb-message-assistant').last()
    await reply.getByText('A quote to end with.').waitFor({ timeout: 15_000 })
    await page.locator('.fb-message-assistant[aria-busy="true"]').waitFor({ state: 'detached' })

    const seen = await frames()
    expect(seen.length).toBeGreaterThan(20)
    // While it streamed, no Markdown mark ever showed as text, and no finished block moved or changed size.
    for (const frame of seen) expect(frame.text).not.toMatch(/\*\*|```|~~|\]\(/)
    for (let index = 1; index < seen.length; index++) {
      const [before, after] = [seen[index - 1].blocks, seen[index].blocks]
      for (let block = 0; block < before.length - 1; block++) expect(after[block], `block ${block} at frame ${index}`).toEqual(before[block])
    }

    await expect.poll(() => reply.locator('.fb-code .hljs-keyword').count()).toBeGreaterThan(0)
    expect(await reply.locator('strong').first().textContent()).toBe('in bold')
    expect(await reply.locator('del').textContent()).toBe('a struck idea')
    expect(await reply.getByRole('heading', { name: 'Steps' }).count()).toBe(1)
    expect(await reply.locator('ol > li').count()).toBe(3)
    expect(await reply.getByRole('checkbox').count()).toBe(2)
    expect(await reply.getByRole('table').locator('tbody tr').count()).toBe(2)
    expect(await reply.getByRole('cell', { name: '950 €' }).evaluate((cell) => getComputedStyle(cell).textAlign)).toBe('right')
    expect(await reply.getByRole('group', { name: 'Code (ts)' }).textContent()).toContain("import { question } from 'frogbot/tools'")

    const docs = reply.getByRole('link', { name: 'the AI SDK docs' })
    expect([await docs.getAttribute('href'), await docs.getAttribute('target'), await docs.getAttribute('rel')]).toEqual(['https://ai-sdk.dev/docs', '_blank', 'noopener noreferrer'])
    expect(await reply.getByRole('link', { name: 'this' }).count()).toBe(0)
    expect(await reply.getByRole('link', { name: 'that' }).count()).toBe(0)
    expect(await reply.getByText('this', { exact: true }).count()).toBe(1)
    expect(await reply.getByRole('link', { name: 'a tracking pixel' }).getAttribute('href')).toBe('https://tracker.example/pixel.png')
    expect(await reply.locator('img, script').count()).toBe(0)
    expect(await reply.textContent()).toContain('<script>window.__pwned = 2</script>')
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()

    await reply.getByRole('button', { name: 'Copy code' }).click()
    await reply.getByRole('button', { name: 'Copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("import { question } from 'frogbot/tools'\n\n// Offer the question tool to the planner.\nexport const tools = [question]")
    await page.mouse.move(0, 0)
    await reply.locator('.fb-code').scrollIntoViewIfNeeded()
    await screenshot(page, 'markdown-reply')
  })

  test('a tool input 5,000 levels deep is refused by the server, naming the limit, and the tab stays alive; one stored 1,500 levels deep is drawn with "…"', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Ask me something deep')
    await page.getByText('That did not go through; I will ask more simply.').waitFor({ timeout: 15_000 })
    const refused = page.getByRole('region', { name: 'Not answered' })
    await refused.getByText(/nested more than 64 levels deep/).first().waitFor()
    expect(await page.evaluate(() => document.querySelectorAll('*').length)).toBeLessThan(2000)
    await screenshot(page, 'deep-input-refused')
    const { messages } = await storedChat(page)
    expect(messages.at(-1)!.parts.find((part) => part.type === 'tool-question')).toMatchObject({ state: 'output-error' })

    const made = await context.request.post('/__fixture/deep-chat')
    const { chatId } = (await made.json()) as { chatId: string }
    const deep = await openChat(context, { chatId })
    await deep.getByText('The tree is very deep.').waitFor()
    const tree = deep.getByRole('region', { name: 'Inspect tree' })
    await tree.getByText('Inspect tree').click()
    await tree.getByRole('group', { name: 'Result' }).getByTitle('Nested deeper than shown').waitFor()
    expect(await tree.getByRole('group', { name: 'Request' }).getByTitle('Nested deeper than shown').count()).toBe(1)
    expect(await deep.evaluate(() => document.querySelectorAll('*').length)).toBeLessThan(2000)
    expect(await deep.evaluate(() => 1 + 1)).toBe(2)
    await screenshot(deep, 'deep-input-stored')
  })

  test('a slow link: the card says "Sending your answer…" until the server has it, then "Replying…" until the first text', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Which color, patiently?')
    const card = dock(page).getByRole('region', { name: 'Color' })
    await card.getByRole('radio', { name: 'Red' }).waitFor()
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/agents/planner', async (route) => {
      if (route.request().method() === 'POST') await held
      await route.continue()
    })
    await card.getByText('Red', { exact: true }).click()
    const sending = dock(page).getByRole('region', { name: 'Sending your answer…' })
    await sending.getByText('Red').waitFor()
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0)
    await screenshot(page, 'answer-sending')
    release()
    const replying = page.locator('.fb-message-assistant').last().getByRole('status').filter({ hasText: 'Replying…' })
    await replying.waitFor()
    expect(await page.getByRole('region', { name: 'Answered' }).count()).toBe(1)
    await screenshot(page, 'answer-replying')
    await page.getByText('Got it: Color → Red. Planning with that.').waitFor({ timeout: 10_000 })
    expect(await replying.count()).toBe(0)
  })

  test('a stopped reply is marked "Stopped", also after a reload', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'A slow plan to stop')
    await page.getByText('Thinking it over').first().waitFor()
    await page.getByRole('button', { name: 'Stop' }).click()
    const marker = page.locator('.fb-message-assistant').last().getByRole('note').filter({ hasText: 'Stopped' })
    await marker.waitFor()
    await screenshot(page, 'stopped-reply')
    await page.reload()
    await marker.waitFor()
    expect(await page.getByRole('note').filter({ hasText: 'Stopped' }).count()).toBe(1)
    expect(chatIdOf(page)).toBeTruthy()
  })

  test('the view follows a streaming reply at the bottom, lets go when the reader scrolls up, and "Jump to latest" brings it back', async () => {
    const context = await newContext({ viewport: { width: 1040, height: 520 } })
    const page = await openChat(context)
    await sendMessage(page, 'Show me the plan in markdown, please')
    const scroller = page.locator('.fb-chat-scroll')
    const distanceToBottom = () => scroller.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight)
    await page.getByRole('heading', { name: 'Steps' }).waitFor()
    // The view follows on the frame after the reply grew (its resize observer), not in the same one.
    await expect.poll(distanceToBottom, { timeout: 2000 }).toBeLessThanOrEqual(48)
    await scroller.hover()
    await page.mouse.wheel(0, -5000)
    const jump = page.getByRole('button', { name: 'Jump to latest' })
    await jump.waitFor()
    await page.getByText('A quote to end with.').waitFor({ timeout: 15_000 })
    expect(await distanceToBottom()).toBeGreaterThan(200)
    await screenshot(page, 'scrolled-up')
    await jump.click()
    await expect.poll(distanceToBottom).toBeLessThanOrEqual(48)
    await jump.waitFor({ state: 'detached' })
  })

  test('a short scroll up while a reply streams lets go at once; the growing reply does not pull the view back down', async () => {
    const context = await newContext({ viewport: { width: 1040, height: 520 } })
    const page = await openChat(context)
    await sendMessage(page, 'Show me the plan in markdown, please')
    const scroller = page.locator('.fb-chat-scroll')
    const distanceToBottom = () => scroller.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight)
    // The reply already overflows the view and is still streaming.
    await expect.poll(() => scroller.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeGreaterThan(60)
    expect(await page.getByText('A quote to end with.').count()).toBe(0)
    // A wheel turned up and the first frame of its scroll, still within the 48 px that count as "at
    // the bottom", in the frame where the view was just put at the bottom for the growing reply (one
    // scroll event for both). That frame used to pin the view again, and the next streamed line
    // pulled the reader back down. Our observer runs right after the view's own (created first).
    await scroller.evaluate(
      (element) =>
        new Promise<void>((resolve) => {
          let seen = 0
          const observer = new ResizeObserver(() => {
            if (++seen < 2) return // the first call reports the size at observe(), not a growth
            observer.disconnect()
            element.dispatchEvent(new WheelEvent('wheel', { deltaY: -40 }))
            element.scrollTop -= 10
            resolve()
          })
          observer.observe(element.querySelector('.fb-chat-column')!)
        })
    )
    const jump = page.getByRole('button', { name: 'Jump to latest' })
    await jump.waitFor()
    await page.getByText('A quote to end with.').waitFor({ timeout: 15_000 })
    expect(await distanceToBottom()).toBeGreaterThan(48)
    expect(await jump.count()).toBe(1)
    await jump.click()
    await expect.poll(distanceToBottom).toBeLessThanOrEqual(48)
  })
})
