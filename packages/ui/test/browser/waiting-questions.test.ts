import { describe, expect, test } from 'vitest'
import { chatIdOf, contextsPerTest, dock, openChat, screenshot, sendMessage, storedChat } from './browser-kit.ts'

const context = contextsPerTest()

describe('a question that waits', () => {
  test('after a reload it is still docked above a hidden composer, and can be answered', async () => {
    const page = await openChat(await context())
    await sendMessage(page, 'Which color?')
    await dock(page).getByRole('radio', { name: 'Red' }).waitFor()

    await page.reload()
    await dock(page).getByRole('region', { name: 'Color' }).getByRole('radio', { name: 'Red' }).waitFor()
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0)
    expect(await page.getByText('Let me ask first.').isVisible()).toBe(true)
    await screenshot(page, 'reload-still-docked')

    await dock(page).getByText('Red', { exact: true }).click()
    await page.getByText('Got it: Color → Red. Planning with that.').waitFor()
  })

  test('when another tab answers first, this card turns into the answered card within 2 seconds, without a reload', async () => {
    const shared = await context()
    const first = await openChat(shared)
    await sendMessage(first, 'Which color do we pick?')
    await dock(first).getByRole('radio', { name: 'Blue' }).waitFor()
    const second = await openChat(shared, { chatId: chatIdOf(first) })
    await dock(second).getByRole('radio', { name: 'Blue' }).waitFor()
    const loads = await second.evaluate(() => performance.getEntriesByType('navigation').length)

    await dock(first).getByText('Blue', { exact: true }).click()
    await first.getByText('Got it: Color → Blue. Planning with that.').waitFor()
    const answeredAt = Date.now()
    await second.getByRole('region', { name: 'Answered' }).getByText('Blue', { exact: true }).waitFor({ timeout: 2000 })
    expect(Date.now() - answeredAt).toBeLessThan(2000)
    await second.getByText('Got it: Color → Blue. Planning with that.').waitFor()
    expect(await dock(second).count()).toBe(0)
    await second.getByRole('status').filter({ hasText: 'Answered first in another tab or window.' }).waitFor()
    expect(await first.getByText('Answered first in another tab or window.').count()).toBe(0)
    expect(await second.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads)
    await screenshot(second, 'other-tab-answered')
  })

  test('two tabs answering at once settle once; the losing card shows the winning answer', async () => {
    const shared = await context()
    const first = await openChat(shared)
    await sendMessage(first, 'Color race')
    await dock(first).getByRole('radio', { name: 'Red' }).waitFor()
    const second = await openChat(shared, { chatId: chatIdOf(first) })
    await dock(second).getByRole('radio', { name: 'Blue' }).waitFor()

    // Both presses land at once, without waiting for the option to be actionable: on a busy
    // machine one card may already be answered by the other tab before its press (then only one
    // tab pressed, and every check below still holds).
    const press = (page: typeof first, option: string) =>
      dock(page).getByText(option, { exact: true }).click({ force: true, timeout: 5000 }).catch(() => {})
    await Promise.all([press(first, 'Red'), press(second, 'Blue')])
    await first.getByText(/^Got it: Color → (Red|Blue)\. Planning with that\.$/).waitFor()

    const { messages } = await storedChat(first)
    const assistant = messages.findLast((message) => message.role === 'assistant')!
    expect(assistant.settlements).toHaveLength(1)
    const winner = (assistant.parts.find((part) => part.type === 'tool-question')!.output as { answers: { selected: string[] }[] }).answers[0].selected[0]
    expect(['Red', 'Blue']).toContain(winner)
    expect(assistant.parts.filter((part) => part.type === 'text' && part.text?.startsWith('Got it'))).toHaveLength(1)
    for (const page of [first, second]) {
      await page.getByText(`Got it: Color → ${winner}. Planning with that.`).waitFor()
      expect(await page.getByRole('region', { name: 'Answered' }).textContent()).toContain(winner)
      expect(await page.getByRole('alert').allTextContents()).toEqual([])
    }
    // The tab that lost is told that the answer it sees is not its own.
    const loser = winner === 'Red' ? second : first
    await loser.getByRole('status').filter({ hasText: 'Answered first in another tab or window.' }).waitFor()
    expect(await (loser === first ? second : first).getByText('Answered first in another tab or window.').count()).toBe(0)
    await screenshot(loser, 'race-settled-once')
  })
})
