import { describe, expect, test } from 'vitest'
import { channelChatId, contextsPerTest, dock, openAdmin, releaseHeld, screenshot, sendMessage, storedChat, waitForChat } from './admin-kit.ts'
import { HELD_END, HELD_START } from './held-model.ts'

const newContext = contextsPerTest()

describe('the admin chat: turns, Edit, Branch and channel conversations', () => {
  test('a message sent while a reply streams is queued, then runs when the reply ends', async () => {
    const page = await openAdmin(await newContext())
    await sendMessage(page, 'Write a held plan')
    await page.getByText(HELD_START.trim()).waitFor()
    await page.getByRole('button', { name: 'Stop' }).waitFor()
    await sendMessage(page, 'And what about lunch?')
    const strip = page.getByRole('region', { name: 'Queued messages' })
    await strip.getByText('And what about lunch?').waitFor()
    await screenshot(page, 'queued-message')
    await releaseHeld(page)
    await page.getByText('Hello! You said: And what about lunch?').waitFor({ timeout: 15_000 })
    expect(await strip.count()).toBe(0)
    const { messages, queued } = await storedChat(page)
    expect(queued).toEqual([])
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect(messages[1].parts.find((part) => part.type === 'text')?.text).toBe(`${HELD_START}${HELD_END}`)
  })

  test('Stop ends a streaming reply and keeps what was written', async () => {
    const page = await openAdmin(await newContext())
    await sendMessage(page, 'Another held one')
    await page.getByText(HELD_START.trim()).waitFor()
    await page.getByRole('button', { name: 'Stop' }).click()
    await page.getByRole('button', { name: 'Send' }).waitFor()
    await page.locator('.fb-message-assistant').last().getByRole('note').filter({ hasText: 'Stopped' }).waitFor()
    await screenshot(page, 'stopped')
    const { chat, messages } = await storedChat(page)
    expect(chat.state).toBe('idle')
    const kept = messages.at(-1)!.parts.find((part) => part.type === 'text')?.text
    expect(kept?.trim()).toBe(HELD_START.trim()) // what was written, and nothing after Stop
  })

  test('Edit of a user message runs the turn again from there; Copy copies a reply', async () => {
    const context = await newContext()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const page = await openAdmin(context)
    await sendMessage(page, 'hello there')
    await page.getByText('Hello! You said: hello there').waitFor()
    await page.getByRole('button', { name: 'Copy' }).last().click()
    await page.getByRole('button', { name: 'Copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Hello! You said: hello there')

    await page.getByRole('button', { name: 'Edit' }).click()
    await page.getByRole('textbox', { name: 'Edit message' }).fill('hello again')
    await screenshot(page, 'edit-message')
    await page.getByRole('button', { name: 'Save and run again' }).click()
    await page.getByText('Hello! You said: hello again').waitFor()
    expect(await page.getByText('Hello! You said: hello there').count()).toBe(0)
    const { messages } = await storedChat(page)
    expect(messages.map((message) => [message.role, message.parts.find((part) => part.type === 'text')?.text])).toEqual([
      ['user', 'hello again'],
      ['assistant', 'Hello! You said: hello again']
    ])
  })

  test('Branch on an assistant message copies the chat up to it; Branch chat copies the whole chat', async () => {
    const page = await openAdmin(await newContext())
    await sendMessage(page, 'first words')
    await page.getByText('Hello! You said: first words').waitFor()
    await sendMessage(page, 'second words')
    await page.getByText('Hello! You said: second words').waitFor()
    const original = await waitForChat(page)

    await page.getByRole('button', { name: 'Branch', exact: true }).first().click()
    const branch = await waitForChat(page, original)
    await page.getByText('Hello! You said: first words').waitFor()
    await page.getByRole('heading', { level: 1, name: 'Branch · first words' }).waitFor()
    const list = page.getByRole('navigation', { name: 'Chats' })
    await list.getByRole('link', { name: /Branch · first words/ }).first().waitFor()
    expect(await page.getByText('Hello! You said: second words').count()).toBe(0)
    await page.getByRole('textbox', { name: 'Message' }).waitFor()
    await screenshot(page, 'branched-message')
    expect((await storedChat(page)).messages.map((message) => message.role)).toEqual(['user', 'assistant'])

    await page.goBack()
    await page.getByText('Hello! You said: second words').waitFor()
    await page.getByRole('button', { name: 'Branch chat' }).click()
    const whole = await waitForChat(page, original)
    expect(whole).not.toBe(branch)
    await page.getByText('Hello! You said: second words').waitFor()
    expect((await storedChat(page)).messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
  })

  test('a channel conversation: the notice names Slack instead of the composer, the question waits there with no controls, no Edit, and Branch gives an ordinary chat with the question closed', async () => {
    const page = await openAdmin(await newContext(), `/admin/chats/planner/${channelChatId}`)
    const notice = page.getByRole('note')
    await notice.getByText('This conversation happens in Slack.').waitFor()
    expect(await notice.textContent()).toContain('This conversation happens in Slack. Continue it there, or branch it into a new chat.')
    const waiting = page.getByRole('region', { name: 'Waiting for an answer in Slack' })
    await waiting.getByText('Which color should the invitations be?').waitFor()
    expect(await waiting.getByRole('radio').count()).toBe(0)
    expect(await waiting.getByRole('button').count()).toBe(0)
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0)
    expect(await dock(page).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Branch', exact: true }).count()).toBeGreaterThanOrEqual(2) // on the notice and on the assistant message
    await page.getByRole('navigation', { name: 'Chats' }).getByText('Planner · Slack').first().waitFor()
    await screenshot(page, 'channel-conversation')

    await notice.getByRole('button', { name: 'Branch' }).click()
    await waitForChat(page, channelChatId)
    await page.getByRole('textbox', { name: 'Message' }).waitFor()
    await page.getByRole('region', { name: 'Not answered' }).getByText('Closed without an answer.').waitFor()
    expect(await page.getByRole('note').count()).toBe(0)
    await screenshot(page, 'channel-branched')
    const { chat } = await storedChat(page)
    expect(chat.channel).toBeNull()
    expect(chat.state).toBe('idle')
  })
})
