import { describe, expect, test } from 'vitest'
import { chatIdOf, contextsPerTest, dock, openChat, screenshot, sendMessage, storedChat } from './browser-kit.ts'

const newContext = contextsPerTest()

describe('client tools', () => {
  test("the seed's pick_file is answered with its own renderer, matched by its kind", async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Summarise a file for me')

    const card = dock(page).getByRole('region', { name: 'Pick a file' })
    await card.getByRole('button', { name: 'budget.xlsx' }).waitFor()
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0)
    await screenshot(page, 'pick-file-waiting')
    await card.getByRole('button', { name: 'budget.xlsx' }).click()

    await page.getByText('Got it: file → budget.xlsx. Planning with that.').waitFor()
    await page.getByRole('region', { name: 'Picked file' }).waitFor()
    const { messages } = await storedChat(page)
    expect(messages.at(-1)!.parts.find((part) => part.type === 'tool-pick_file')).toMatchObject({ state: 'output-available', output: { file: 'budget.xlsx' } })
  })

  test('a client tool without a renderer gets a form from its output schema; a refused answer shows on the card, which stays usable', async () => {
    const context = await newContext()
    const page = await openChat(context, { agent: 'ops' })
    await sendMessage(page, 'Approve the budget for the offsite')

    const card = dock(page).getByRole('region', { name: 'Confirm budget' })
    await card.getByRole('group', { name: 'Request' }).getByText('Team offsite').waitFor()
    const amount = card.getByRole('textbox', { name: 'Amount' })
    await card.getByRole('checkbox', { name: 'Approved' }).check()
    await amount.fill('4200')
    await card.getByRole('textbox', { name: /Note/ }).fill('For the whole team')
    await card.getByRole('button', { name: 'Submit' }).click()

    const refusal = dock(page).getByRole('alert')
    await refusal.getByText('Amounts over 1000 need a manager: approve at most 1000.').waitFor()
    expect(await dock(page).getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('4200')
    expect(await dock(page).getByRole('checkbox', { name: 'Approved' }).isChecked()).toBe(true)
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0)
    await screenshot(page, 'generic-form-refused')

    await dock(page).getByRole('textbox', { name: 'Amount' }).fill('900')
    await dock(page).getByRole('button', { name: 'Submit' }).click()
    await page.getByText('Got it: approved → true; amount → 900; note → For the whole team. Planning with that.').waitFor()
    expect(await page.getByRole('alert').count()).toBe(0)
    await screenshot(page, 'generic-form-answered')
    const { messages } = await storedChat(page, 'ops')
    const assistant = messages.at(-1)!
    expect(assistant.parts.find((part) => part.type === 'tool-confirm_budget')).toMatchObject({ output: { approved: true, amount: 900, note: 'For the whole team' } })
    expect(assistant.settlements).toMatchObject([{ outcome: 'answered' }])
  })

  test('with one call of the step answered elsewhere, a reloaded tab answers the last one and the turn continues', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Choose a file and a color together')
    await dock(page).getByRole('region', { name: 'Pick a file' }).getByRole('button', { name: 'budget.xlsx' }).waitFor()
    const { messages } = await storedChat(page)
    const question = messages.at(-1)!.parts.find((part) => part.type === 'tool-question') as unknown as { toolCallId: string }
    const red = { answers: [{ header: 'Color', selected: ['Red'] }] }
    const settled = await page.request.post(`/api/agents/planner/chats/${chatIdOf(page)}/settle`, { data: { toolCallId: question.toolCallId, output: red }, headers: { origin: new URL(page.url()).origin } })
    expect(settled.status()).toBe(200)
    expect(await settled.json()).toMatchObject({ status: 'awaiting-input', pending: [{ toolName: 'pick_file' }] })

    await page.reload()
    const card = dock(page).getByRole('region', { name: 'Pick a file' })
    await card.getByRole('button', { name: 'budget.xlsx' }).click()
    // useChat resubmits both outputs: pick_file's new one and the question's stored one, unchanged.
    await page.getByText('Got it: file → budget.xlsx; Color → Red. Planning with that.').waitFor()
    expect(await page.getByRole('alert').count()).toBe(0)
    const stored = await storedChat(page)
    const assistant = stored.messages.at(-1)!
    expect(stored.chat.state).toBe('idle')
    expect(assistant.settlements.map((entry) => entry.outcome)).toEqual(['answered', 'answered'])
    expect(assistant.parts.find((part) => part.type === 'tool-pick_file')).toMatchObject({ state: 'output-available', output: { file: 'budget.xlsx' } })
    expect(assistant.parts.find((part) => part.type === 'tool-question')).toMatchObject({ state: 'output-available', output: red })
  })
})
