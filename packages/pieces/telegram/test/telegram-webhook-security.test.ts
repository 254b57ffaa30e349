import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { delivery, forged, pressed, renumbered, said } from './telegram-deliveries.ts'
import { eventually, telegramKit, type TelegramKit } from './telegram-kit.ts'
import { promptedModel } from './telegram-model.ts'
import { ADA, BOT, MAIN, questionMessages, replyMessages, SECRET, standIn } from './telegram-people.ts'
import type { TelegramStandIn } from './telegram-stand-in.ts'

// Telegram signs nothing: the webhook's secret token, the same in every update, is all there is.
// So the header is compared in constant time, and what it lets in is admitted once (by update_id,
// and by the message or press it is about) and only while its message is fresh.

let telegram: TelegramStandIn
let kit: TelegramKit

beforeAll(async () => {
  telegram = await standIn()
  kit = await telegramKit({ model: promptedModel(), telegram })
})
afterAll(async () => {
  await kit?.close()
  await telegram?.close()
})

const hello = (text = 'hello') => said({ chat: MAIN, from: ADA, text, mention: BOT.username })
const chats = async () => (await kit.chats()).length

describe('the secret token', () => {
  it('is required: a missing, wrong, longer or shorter header is 401, changes nothing, and each reason is logged once a minute with what to do', async () => {
    const calls = telegram.calls.length
    for (const request of [delivery({ message: {} }, { secret: null }), forged(hello()), forged(hello(), `${SECRET}x`), forged(hello(), SECRET.slice(0, -1)), forged(hello(), SECRET.toUpperCase())]) {
      const answer = await kit.deliver(request)
      expect(answer.status).toBe(401)
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'unauthorized' })
    }
    expect(telegram.calls.length).toBe(calls)
    expect(await chats()).toBe(0)
    // Each reason once a minute at most: the missing header's, then the wrong secret's (four requests).
    expect(kit.takeLogs(/refused a request to \/api\/webhooks\/telegram/)).toEqual([
      expect.stringContaining('the update has no X-Telegram-Bot-Api-Secret-Token header; Telegram sends it only when the webhook was registered with a secret_token: register it again with setWebhook'),
      expect.stringContaining('the X-Telegram-Bot-Api-Secret-Token header is not TELEGRAM_WEBHOOK_SECRET_TOKEN; if Telegram sent it, the webhook was registered with another secret_token: register it again with setWebhook')
    ])
  })
})

describe('an admitted update', () => {
  it('is taken once: the same update again, or re-sent under a new update_id, is 401 and changes nothing', async () => {
    const sent = hello('once')
    expect((await kit.deliver(sent)).status).toBe(200)
    await eventually(() => expect(replyMessages(telegram).map((message) => message.text)).toContain('You said: once'))
    const calls = telegram.calls.length
    for (const replay of [sent, renumbered(sent)]) expect((await kit.deliver(replay)).status).toBe(401)
    expect(telegram.calls.length).toBe(calls)
    const [chat] = await kit.chats()
    expect(chat.messages.filter((message) => message.role === 'user')).toHaveLength(1)
  })

  it('is refused when its message was written more than 5 minutes ago, or ahead of this server', async () => {
    for (const at of [Date.now() - 6 * 60_000, Date.now() + 6 * 60_000]) {
      const answer = await kit.deliver(said({ chat: MAIN, from: ADA, text: 'stale', at, mention: BOT.username }))
      expect(answer.status).toBe(401)
      expect(JSON.parse(answer.text).error).toMatch(/more than 5 minutes/)
    }
  })

  it('of a press is taken once: the same press re-sent under a new update_id changes nothing', async () => {
    await kit.deliver(said({ chat: MAIN, from: ADA, text: 'ask extras', mention: BOT.username }))
    const card = await eventually(() => {
      const [found] = questionMessages(telegram)
      expect(found).toBeDefined()
      return found
    })
    const press = pressed(telegram, { chat: MAIN, from: ADA, messageId: card.messageId, button: '☐ 1. Window' })
    expect((await kit.deliver(press)).status).toBe(200)
    expect(card.edits).toHaveLength(1)
    expect((await kit.deliver(renumbered(press))).status).toBe(401)
    expect(card.edits).toHaveLength(1)
  })
})

describe('what is not an update', () => {
  it('is 400 bad-request naming what is wrong, never a 500', async () => {
    const cases: [string, string][] = [
      ['not json', 'the body is not JSON'],
      ['[1, 2]', 'not a JSON object'],
      ['{"message": {}}', 'update_id'],
      ['{"update_id": -1}', 'update_id'],
      ['{"update_id": 1.5}', 'update_id'],
      ['{"update_id": 5, "message": {"message_id": 1, "date": 1, "chat": {"id": "x", "type": "group"}}}', 'message.chat'],
      ['{"update_id": 6, "message": {"message_id": 1, "date": 1, "chat": {"id": 1, "type": "private"}, "text": 42}}', 'text'],
      ['{"update_id": 7, "message": {"message_id": 1, "date": 1, "chat": {"id": 1, "type": "private"}, "from": {"id": "1"}}}', 'message.from.id'],
      ['{"update_id": 8, "message": {"message_id": 1, "date": 1, "chat": {"id": 1, "type": "private"}, "entities": [{"type": "mention"}]}}', 'entities'],
      ['{"update_id": 9, "callback_query": {"id": 3, "from": {"id": 1}}}', 'callback_query.id'],
      ['{"update_id": 10, "callback_query": {"id": "3", "from": {"id": 1}, "data": {"a": 1}}}', 'callback_query.data'],
      ['{"update_id": 11, "message": {"message_id": 1, "date": 1, "chat": {"id": 1, "type": "private"}, "reply_to_message": {"message_id": "no"}}}', 'reply_to_message']
    ]
    for (const [body, problem] of cases) {
      const answer = await kit.deliver({ body, headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET } })
      expect(answer.status, body).toBe(400)
      expect(JSON.parse(answer.text), body).toMatchObject({ code: 'bad-request', error: expect.stringContaining(problem) })
    }
  })

  it('an update of another kind (a reaction, a member change) is answered 200 and changes nothing', async () => {
    const calls = telegram.writes().length
    const answer = await kit.deliver(delivery({ my_chat_member: { chat: MAIN, from: ADA, date: Math.floor(Date.now() / 1000), old_chat_member: {}, new_chat_member: {} } }))
    expect(answer.status).toBe(200)
    expect(telegram.writes().length).toBe(calls)
  })
})
