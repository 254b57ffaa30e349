import { describe, expect, test } from 'vitest'
import {
  chatIdOf,
  contextsPerTest,
  dock,
  openChat,
  screenshot,
  sendMessage,
  storedChat
} from './browser-kit.ts'

const newContext = contextsPerTest()

describe('conversations', () => {
  test('a channel conversation is read-only: the notice replaces the composer, the question waits in Slack, Branch opens a web chat', async () => {
    const context = await newContext()
    const made = await context.request.post('/__fixture/channel-chat')
    const { chatId } = (await made.json()) as { chatId: string }
    const page = await openChat(context, { chatId })

    const notice = page.getByRole('note')
    await notice.getByText('This conversation happens in Slack.').waitFor()
    expect(await notice.textContent()).toContain('This conversation happens in Slack. Continue it there, or branch it into a new chat.')
    const waiting = page.getByRole('region', { name: 'Waiting for an answer in Slack' })
    await waiting.getByText('Which color should the invitations be?').waitFor()
    expect(await waiting.getByRole('radio').count()).toBe(0)
    expect(await waiting.getByRole('button').count()).toBe(0)
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0)
    await screenshot(page, 'channel-read-only')

    await notice.getByRole('button', { name: 'Branch' }).click()
    await page.waitForURL((url) => url.searchParams.get('chat') !== chatId)
    await page.getByRole('textbox', { name: 'Message' }).waitFor()
    await page.getByRole('region', { name: 'Not answered' }).getByText('Closed without an answer.').waitFor()
    expect(await page.getByRole('note').count()).toBe(0)
    expect(chatIdOf(page)).not.toBe(chatId)
  })

  test('a message sent while a reply streams waits in the Queued strip, can be edited there, and runs when the reply ends', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Write a slow plan')
    await page.getByText('Thinking it over').first().waitFor()
    await page.getByRole('button', { name: 'Stop' }).waitFor()
    // "Sends when the reply ends" shows for text that will be sent, never for invisible characters.
    const composer = page.getByRole('textbox', { name: 'Message' })
    await composer.fill('\u200b')
    expect(await page.getByText('Sends when the reply ends').count()).toBe(0)
    await composer.fill('And what')
    await page.getByText('Sends when the reply ends').waitFor()

    await sendMessage(page, 'And what about lunch?')
    const strip = page.getByRole('region', { name: 'Queued messages' })
    await strip.getByText('And what about lunch?').waitFor()
    await screenshot(page, 'queued-strip')
    await strip.getByRole('button', { name: 'Edit' }).click()
    // Only invisible characters are blank, as for the server (whose 400 the person never sees).
    await strip.getByRole('textbox', { name: 'Queued message' }).fill('\u2060\ufeff')
    expect(await strip.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true)
    await strip.getByRole('textbox', { name: 'Queued message' }).fill('And what about dinner?')
    await strip.getByRole('button', { name: 'Save' }).click()
    await strip.getByText('And what about dinner?').waitFor()

    await page.getByText('Hello! You said: And what about dinner?').waitFor({ timeout: 15_000 })
    expect(await strip.count()).toBe(0)
    const { messages, queued } = await storedChat(page)
    expect(queued).toEqual([])
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect(messages[1].parts.some((part) => part.type === 'text' && part.text?.endsWith('Done.'))).toBe(true)
  })

  test('Stop ends a streaming reply and keeps what was written', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'Another slow one')
    await page.getByText('Thinking it over').first().waitFor()
    await page.getByRole('button', { name: 'Stop' }).click()
    await page.getByRole('button', { name: 'Send' }).waitFor()
    expect(await page.getByRole('button', { name: 'Stop' }).count()).toBe(0)
    const { chat, messages } = await storedChat(page)
    expect(chat.state).toBe('idle')
    const reply = messages.at(-1)!
    expect(reply.role).toBe('assistant')
    expect(reply.parts.some((part) => part.type === 'text' && part.text?.startsWith('Thinking it over'))).toBe(true)
  })

  // Regression (a new-user run): a double Stop with a message queued cancelled the question the
  // queued message's turn asked as soon as it started. A Stop names the reply it is for.
  test('Stop names its reply: a double-click or a late retry leaves the next turn’s question', async () => {
    const context = await newContext()
    const page = await openChat(context)
    const stops: { url: string; body: unknown }[] = []
    page.on('request', (request) => {
      if (request.method() !== 'POST' || !request.url().endsWith('/stop')) return
      stops.push({ url: request.url(), body: request.postDataJSON() })
    })
    await sendMessage(page, 'A slow plan to stop twice')
    await page.getByText('Thinking it over').first().waitFor()
    await sendMessage(page, 'Which color?')
    await page.getByRole('region', { name: 'Queued messages' }).getByText('Which color?').waitFor()
    await page.getByRole('button', { name: 'Stop' }).dblclick()

    const card = dock(page).getByRole('region', { name: 'Color' })
    await card.getByRole('radio', { name: 'Red' }).waitFor({ timeout: 15_000 })
    const { chat, messages } = await storedChat(page)
    expect(chat.state).toBe('awaiting')
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect((messages[1] as { metadata?: { stopped?: boolean } }).metadata?.stopped).toBe(true)
    // Every Stop this tab sent names the reply it saw streaming (a second click is the same Stop).
    expect(stops.length).toBeGreaterThanOrEqual(1)
    for (const stop of stops) expect(stop.body).toEqual({ messageId: messages[1].id })

    // A client's retry of that Stop, read only now that the queued message's turn asks: it stops nothing.
    const origin = new URL(page.url()).origin
    const retried = await page.request.post(stops[0].url, { data: stops[0].body, headers: { origin } })
    expect(await retried.json()).toEqual({ chatId: chatIdOf(page), stopped: false })
    const after = await storedChat(page)
    expect(after.chat.state).toBe('awaiting')
    const asked = after.messages[3].parts.find((part) => part.type === 'tool-question')
    expect(asked).toMatchObject({ state: 'input-available' })
    expect(after.messages[3].settlements).toEqual([])
    await card.getByRole('radio', { name: 'Red' }).waitFor()
    await screenshot(page, 'double-stop-question-waits')
  })

  test('a reload during a reply joins its stream and sees it to the end', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'A slow plan to reload during')
    await page.getByText('Thinking it over').first().waitFor()
    await page.reload()
    await page.getByText(/Thinking it over/).first().waitFor()
    await page.getByText(/step by step, so there is time to send another message\. Done\./).waitFor({ timeout: 15_000 })
    const { messages } = await storedChat(page)
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant'])
    expect(await page.getByText(/Done\./).count()).toBe(1)
  })

  test('invisible characters alone are blank: Send and "Save and run again" stay off', async () => {
    const context = await newContext()
    const page = await openChat(context)
    const changes: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (request.method() !== 'GET' && pathname.startsWith('/api/agents/')) changes.push(request.url())
    })
    const composer = page.getByRole('textbox', { name: 'Message' })
    const send = page.getByRole('button', { name: 'Send' })
    await composer.fill('\u200b\u200b')
    expect(await send.isDisabled()).toBe(true)
    await composer.press('Enter')
    await page.waitForTimeout(300)
    expect(changes).toEqual([])
    expect(await page.locator('.fb-message').count()).toBe(0)
    expect(await composer.inputValue()).toBe('\u200b\u200b')
    await screenshot(page, 'invisible-text-blank')
    // The braille pattern blank, a Hangul filler and a lone combining accent show nothing either.
    for (const blank of ['\u2800', '\u3164\u2800', '\u0301']) {
      await composer.fill(blank)
      expect(await send.isDisabled(), JSON.stringify(blank)).toBe(true)
    }
    await composer.fill('\u200b\u200b')

    await composer.pressSequentially('hi')
    expect(await send.isEnabled()).toBe(true)
    await send.click()
    await page.getByText('Hello! You said: \u200b\u200bhi').waitFor()
    expect(await composer.inputValue()).toBe('')

    await page.getByRole('button', { name: 'Edit' }).click()
    const editor = page.getByRole('textbox', { name: 'Edit message' })
    await editor.fill('\u200d\u034f ')
    const save = page.getByRole('button', { name: 'Save and run again' })
    expect(await save.isDisabled()).toBe(true)
    await editor.fill('hi again')
    await save.click()
    await page.getByText('Hello! You said: hi again').waitFor()
    const { messages } = await storedChat(page)
    const texts = messages.map(({ role, parts }) => [role, parts.find((part) => part.type === 'text')?.text])
    expect(texts).toEqual([
      ['user', 'hi again'],
      ['assistant', 'Hello! You said: hi again']
    ])
  })

  test('Edit runs the turn again from a user message', async () => {
    const context = await newContext()
    const page = await openChat(context)
    await sendMessage(page, 'hello there')
    await page.getByText('Hello! You said: hello there').waitFor()
    await page.getByRole('button', { name: 'Edit' }).click()
    await page.getByRole('textbox', { name: 'Edit message' }).fill('hello again')
    await page.getByRole('button', { name: 'Save and run again' }).click()
    await page.getByText('Hello! You said: hello again').waitFor()
    expect(await page.getByText('Hello! You said: hello there').count()).toBe(0)
    const { messages } = await storedChat(page)
    expect(messages.map((message) => [message.role, message.parts.find((part) => part.type === 'text')?.text])).toEqual([
      ['user', 'hello again'],
      ['assistant', 'Hello! You said: hello again']
    ])
  })
})
