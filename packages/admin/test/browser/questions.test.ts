import { describe, expect, test } from 'vitest'
import { chatOf, contextsPerTest, dock, openAdmin, screenshot, sendMessage, storedChat, waitForChat } from './admin-kit.ts'

const newContext = contextsPerTest()

/** The `tool-<name>` part of the newest assistant message, as stored. */
async function storedCall(page: Parameters<typeof storedChat>[0], type = 'tool-question') {
  const { messages } = await storedChat(page)
  const assistant = messages.findLast((message) => message.role === 'assistant')!
  return { messages, assistant, part: assistant.parts.find((part) => part.type === type)! }
}

describe('the admin chat: questions', () => {
  test('a single question is docked above a hidden composer and answered by one click; the same reply continues and the answered card shows in the conversation', async () => {
    const page = await openAdmin(await newContext())
    await sendMessage(page, 'Which color for the invitations?')
    const card = dock(page).getByRole('region', { name: 'Color' })
    await card.getByRole('radio', { name: 'Blue' }).waitFor()
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0)
    await screenshot(page, 'question-waiting')

    await card.getByText('Blue', { exact: true }).click()
    await page.getByText('Got it: Color → Blue. Planning with that.').waitFor()
    expect(await page.getByRole('region', { name: 'Answered' }).textContent()).toContain('Blue')
    await page.getByRole('textbox', { name: 'Message' }).waitFor()
    expect(await dock(page).count()).toBe(0)
    await screenshot(page, 'question-answered')

    const { messages, assistant, part } = await storedCall(page)
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant'])
    expect(part).toMatchObject({ state: 'output-available', output: { answers: [{ header: 'Color', selected: ['Blue'] }] } })
    expect(assistant.parts.filter((p) => p.type === 'text').map((p) => p.text)).toEqual(['Let me ask first.', 'Got it: Color → Blue. Planning with that.'])
  })

  test('three questions step one at a time, with a custom answer, to Submit', async () => {
    const page = await openAdmin(await newContext())
    await sendMessage(page, 'Plan the team trip')
    const card = dock(page).getByRole('region', { name: 'Questions' })
    await card.getByText('1 of 3').waitFor()
    await card.getByRole('textbox', { name: 'Other answer for Place' }).fill('By a lake')
    await screenshot(page, 'three-questions')
    await card.getByRole('button', { name: 'Next' }).click()
    await card.getByText('2 of 3').waitFor()
    await card.getByText('Weekend', { exact: true }).click()
    await card.getByRole('button', { name: 'Next' }).click()
    await card.getByRole('checkbox', { name: 'Spa' }).check()
    await card.getByRole('checkbox', { name: 'Guided tour' }).check()
    await card.getByRole('button', { name: 'Next' }).click()
    await card.getByText('Check your answers before you submit.').waitFor()
    await card.getByRole('button', { name: 'Submit' }).click()

    await page.getByText('Got it: Place → By a lake; Length → Weekend; Extras → Spa, Guided tour. Planning with that.').waitFor()
    const { part } = await storedCall(page)
    expect(part.output).toEqual({
      answers: [
        { header: 'Place', selected: [], custom: 'By a lake' },
        { header: 'Length', selected: ['Weekend'] },
        { header: 'Extras', selected: ['Spa', 'Guided tour'] }
      ]
    })
  })

  test('Dismiss closes the question without calling the model, and the composer is back', async () => {
    const page = await openAdmin(await newContext())
    await sendMessage(page, 'Which color, or none?')
    const card = dock(page).getByRole('region', { name: 'Color' })
    await card.getByRole('button', { name: 'Dismiss' }).click()
    await card.getByRole('button', { name: 'Dismiss' }).click()
    await page.getByRole('region', { name: 'Not answered' }).getByText(/Dismissed by the user\./).waitFor()
    await page.getByRole('textbox', { name: 'Message' }).waitFor()
    await screenshot(page, 'question-dismissed')
    const { part, assistant } = await storedCall(page)
    expect(part).toMatchObject({ state: 'output-error' })
    expect(part.errorText).toMatch(/^Dismissed by the user\./)
    expect(assistant.parts.some((p) => p.type === 'text' && p.text?.startsWith('Got it'))).toBe(false)
  })

  test('after a reload a waiting question is still docked and the composer still hidden', async () => {
    const page = await openAdmin(await newContext())
    await sendMessage(page, 'Which color after a reload?')
    await dock(page).getByRole('radio', { name: 'Red' }).waitFor()
    await waitForChat(page)
    await page.reload()
    await dock(page).getByRole('region', { name: 'Color' }).getByRole('radio', { name: 'Red' }).waitFor()
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0)
    expect(await page.getByText('Let me ask first.').isVisible()).toBe(true)
    await screenshot(page, 'reload-still-docked')
    await dock(page).getByText('Red', { exact: true }).click()
    await page.getByText('Got it: Color → Red. Planning with that.').waitFor()
  })

  test('two tabs racing settle once; both show the winning answer', async () => {
    const context = await newContext()
    const first = await openAdmin(context)
    await sendMessage(first, 'Color race')
    await dock(first).getByRole('radio', { name: 'Red' }).waitFor()
    const { chatId } = { chatId: await waitForChat(first) }
    const second = await openAdmin(context, `/admin/chats/planner/${chatId}`)
    await dock(second).getByRole('radio', { name: 'Blue' }).waitFor()

    await Promise.all([dock(first).getByText('Red', { exact: true }).click(), dock(second).getByText('Blue', { exact: true }).click()])
    const { assistant, part } = await storedCall(first)
    expect(assistant.settlements).toHaveLength(1)
    const winner = (part.output as { answers: { selected: string[] }[] }).answers[0].selected[0]
    expect(assistant.parts.filter((p) => p.type === 'text' && p.text?.startsWith('Got it'))).toHaveLength(1)
    for (const page of [first, second]) {
      await page.getByText(`Got it: Color → ${winner}. Planning with that.`).waitFor()
      expect(await page.getByRole('region', { name: 'Answered' }).textContent()).toContain(winner)
    }
    expect(chatOf(second).chatId).toBe(chatId)
    // The tab whose answer lost is told that what it shows was answered elsewhere first.
    const loser = winner === 'Red' ? second : first
    await loser.getByRole('status').filter({ hasText: 'Answered first in another tab or window.' }).waitFor()
    expect(await (loser === first ? second : first).getByText('Answered first in another tab or window.').count()).toBe(0)
    await screenshot(loser, 'two-tabs-settled-once')
  })

  test("the planner's pick_file renders the app's own PickFileCard (component path, bundled on the fly)", async () => {
    const page = await openAdmin(await newContext())
    await sendMessage(page, 'Summarise a file for me')
    const card = dock(page).getByRole('region', { name: 'Pick a file' })
    await card.getByRole('button', { name: 'budget.xlsx' }).waitFor()
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0)
    await screenshot(page, 'pick-file-card')
    await card.getByRole('button', { name: 'budget.xlsx' }).click()
    await page.getByText('Got it: file → budget.xlsx. Planning with that.').waitFor()
    await page.getByRole('region', { name: 'Picked file' }).waitFor()
    const { part } = await storedCall(page, 'tool-pick_file')
    expect(part).toMatchObject({ state: 'output-available', output: { file: 'budget.xlsx' } })
  })
})
