import { describe, expect, test } from 'vitest'
import { contextsPerTest, dock, openChat, screenshot, sendMessage, storedChat } from './browser-kit.ts'

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
})
