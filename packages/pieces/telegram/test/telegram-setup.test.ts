import { configProblems } from 'frogbot/testing'
import { describe, expect, it } from 'vitest'
import { createTelegramBot } from '../src/index.ts'
import { pressed, said } from './telegram-deliveries.ts'
import { eventually, telegramKit, type TelegramKit } from './telegram-kit.ts'
import { promptedModel } from './telegram-model.ts'
import { ADA, ADA_DM, BOT, questionMessages, replyMessages, SECRET, standIn, TOKEN } from './telegram-people.ts'
import type { TelegramStandIn } from './telegram-stand-in.ts'

// Setting the piece up (docs/pieces/telegram.md): what it reads, what it refuses to start without,
// registering the webhook, long polling, and what the log says when Telegram refuses the token.

describe('createTelegramBot', () => {
  it('reads TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET_TOKEN, TELEGRAM_BOT_USERNAME and TELEGRAM_API_BASE_URL, and names the piece for people', () => {
    const telegram = createTelegramBot({ env: { TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_WEBHOOK_SECRET_TOKEN: SECRET, TELEGRAM_BOT_USERNAME: '@frogbot_test_bot', TELEGRAM_API_BASE_URL: 'http://127.0.0.1:8081/' } })
    expect(telegram).toMatchObject({ piece: 'telegram', instance: 'telegram', label: 'Telegram', identity: { by: 'platform-id' } })
    expect(telegram.supportsKind('question')).toBe(true)
    expect(telegram.supportsKind('pick-file')).toBe(false)
    expect(telegram.describe?.({ agentSlug: 'planner', webhookPath: '/api/webhooks/telegram' })).toEqual([
      'channel telegram: Telegram for agent planner as @frogbot_test_bot, webhook /api/webhooks/telegram (register it with setWebhook, secret_token TELEGRAM_WEBHOOK_SECRET_TOKEN)'
    ])
    const polling = createTelegramBot({ instance: 'tg-ops', label: 'Telegram (ops)', botToken: TOKEN, mode: 'polling', env: {} })
    expect(polling.describe?.({ agentSlug: 'a', webhookPath: '/api/webhooks/tg-ops' })).toEqual(['channel tg-ops: Telegram (ops) for agent a, by long polling (getUpdates; the webhook is deleted)'])
    expect(typeof polling.listen).toBe('function')
  })

  it('refuses to start without the bot token or, for a webhook, its secret token, naming each problem', () => {
    expect(configProblems(() => createTelegramBot({ instance: 'Tele/gram', env: {} }))).toEqual([
      'createTelegramBot.instance: "Tele/gram" must be 1–64 lowercase letters, digits, "-" or "_" (the last segment of /api/webhooks/<instance>)',
      "createTelegramBot.botToken: set TELEGRAM_BOT_TOKEN to the bot's token from @BotFather (/newbot, or /token for an existing bot), or pass { botToken }",
      'createTelegramBot.secretToken: set TELEGRAM_WEBHOOK_SECRET_TOKEN to a secret of 1–256 letters, digits, "_" or "-" (Telegram sends it with every update; `setWebhook` registers it), or pass { secretToken }'
    ])
    expect(
      configProblems(() =>
        createTelegramBot({ allowedUserIds: ['@ada', 12], webhookUrl: 'not a url', env: { TELEGRAM_BOT_TOKEN: 'not-a-token', TELEGRAM_WEBHOOK_SECRET_TOKEN: 'has spaces!', TELEGRAM_BOT_USERNAME: 'x', TELEGRAM_API_BASE_URL: 'ftp://host' } })
      )
    ).toEqual([
      'createTelegramBot.botToken: TELEGRAM_BOT_TOKEN is not a bot token: it must be <digits>:<key>, the bot\'s id (1–20 digits), a colon, then 20 or more letters, digits, "_" or "-", nothing else (@BotFather\'s tokens have 35 after the colon)',
      'createTelegramBot.secretToken: TELEGRAM_WEBHOOK_SECRET_TOKEN must be 1–256 letters, digits, "_" or "-" (what setWebhook accepts)',
      'createTelegramBot.botUsername: "x" is not a Telegram username (5–32 letters, digits and "_", starting with a letter)',
      'createTelegramBot.apiUrl: "ftp://host" is not an http(s) address (TELEGRAM_API_BASE_URL, such as http://127.0.0.1:8081 for a self-hosted Bot API server)',
      'createTelegramBot.allowedUserIds: "@ada" is not a Telegram user id (a whole number, as the bot sees it in from.id)',
      'createTelegramBot.webhookUrl: "not a url" is not an http(s) address (Telegram\'s own servers deliver to https only; a self-hosted Bot API server also to http)'
    ])
    expect(configProblems(() => createTelegramBot({ botToken: TOKEN, mode: 'polling', webhookUrl: 'https://bot.example/api/webhooks/telegram', env: {} }))).toEqual([
      'createTelegramBot.webhookUrl: a polling bot has no webhook; leave webhookUrl out, or use mode "webhook"'
    ])
    expect(configProblems(() => createTelegramBot({ botToken: TOKEN, mode: 'sometimes' as never, env: {} }))).toEqual(['createTelegramBot.mode: "sometimes" must be "webhook" or "polling"'])
  })

  it('takes a token or secret token of nothing but whitespace for a missing one, naming its variable; a blank username is no username', () => {
    expect(configProblems(() => createTelegramBot({ env: { TELEGRAM_BOT_TOKEN: ' \t ', TELEGRAM_WEBHOOK_SECRET_TOKEN: '   ', TELEGRAM_BOT_USERNAME: '  ' } }))).toEqual(configProblems(() => createTelegramBot({ env: {} })))
    // Whitespace around a value (a paste that caught some) is trimmed by the kit; a space inside is not BotFather's shape.
    expect(configProblems(() => createTelegramBot({ env: { TELEGRAM_BOT_TOKEN: `${TOKEN} `, TELEGRAM_WEBHOOK_SECRET_TOKEN: SECRET } }))).toEqual([])
    expect(configProblems(() => createTelegramBot({ env: { TELEGRAM_BOT_TOKEN: TOKEN.replace(':', ': '), TELEGRAM_WEBHOOK_SECRET_TOKEN: SECRET } }))).toEqual([expect.stringContaining('TELEGRAM_BOT_TOKEN is not a bot token: it must be <digits>:<key>')])
  })
})

describe('the webhook registered at start-up', () => {
  it('is set with setWebhook, with the secret token and the updates the bot reads', async () => {
    const telegram = await standIn()
    const kit = await telegramKit({ model: promptedModel(), telegram, options: { webhookUrl: 'https://bot.example/api/webhooks/telegram' } })
    try {
      await eventually(() => expect(telegram.webhook()).toEqual({ url: 'https://bot.example/api/webhooks/telegram', secret_token: SECRET, allowed_updates: ['message', 'callback_query'] }))
      expect(kit.takeLogs(/registered the webhook https:\/\/bot\.example\/api\/webhooks\/telegram with Telegram/)).toHaveLength(1)
    } finally {
      await kit.close()
      await telegram.close()
    }
  })
})

describe('the bot token, checked at start-up', () => {
  it('a token Telegram accepts is asked once with getMe before any update, and logs nothing', async () => {
    const telegram = await standIn()
    const kit = await telegramKit({ model: promptedModel(), telegram })
    try {
      expect(telegram.calls.map((call) => call.method)).toEqual(['getMe'])
      expect(kit.logs).toEqual([])
    } finally {
      await kit.close()
      await telegram.close()
    }
  })

  it('a token Telegram does not accept is logged at start, naming TELEGRAM_BOT_TOKEN; updates are then answered 503 (Telegram delivers them again)', async () => {
    const telegram = await standIn()
    const kit = await telegramKit({ model: promptedModel(), telegram, options: { botToken: '7000000001:AAnot-the-token-of-this-bot-00000' } })
    try {
      expect(kit.takeLogs(/Telegram did not accept the bot token \(getMe answered 401 Unauthorized\): set TELEGRAM_BOT_TOKEN/)).toHaveLength(1)
      const answer = await kit.deliver(said({ chat: ADA_DM, from: ADA, text: 'hello' }))
      expect(answer.status).toBe(503)
      expect(kit.takeLogs(/getMe: .*Unauthorized/)).toHaveLength(1)
      kit.takeLogs(/Telegram webhook update could not resolve bot identity/)
    } finally {
      await kit.close()
      await telegram.close()
    }
  })

  it('with Telegram out of reach, the piece starts all the same and the log says the token could not be checked', async () => {
    const telegram = await standIn()
    const kit = await telegramKit({ model: promptedModel(), telegram, options: { apiUrl: 'http://127.0.0.1:9' } })
    try {
      expect(kit.takeLogs(/could not check TELEGRAM_BOT_TOKEN with Telegram \(getMe: Network error calling Telegram getMe\); it is asked again with the first update/)).toHaveLength(1)
      expect(telegram.calls).toEqual([])
      const answer = await kit.deliver(said({ chat: ADA_DM, from: ADA, text: 'hello' }))
      expect(answer.status).toBe(503)
      kit.takeLogs(/getMe|bot identity/)
    } finally {
      await kit.close()
      await telegram.close()
    }
  })
})

describe('long polling', () => {
  /** A polling piece on its own stand-in (`prepare`d before the piece starts), listening while `body` runs. */
  const polling = async (body: (kit: TelegramKit, telegram: TelegramStandIn) => Promise<void>, prepare = (_telegram: TelegramStandIn) => {}) => {
    const telegram = await standIn()
    prepare(telegram)
    const kit = await telegramKit({ model: promptedModel(), telegram, options: { mode: 'polling' } })
    const controller = new AbortController()
    const ended = kit.piece.listen!({ signal: controller.signal })
    try {
      await body(kit, telegram)
    } finally {
      controller.abort()
      await ended
      await kit.piece.idle()
      await kit.close()
      await telegram.close()
    }
  }

  it('an update read while Telegram does not say who the bot is (503) is read again, not skipped', () =>
    polling(
      async (kit, telegram) => {
        telegram.queue(JSON.parse(said({ chat: ADA_DM, from: ADA, text: 'ask color' }).body))
        await eventually(() => expect(questionMessages(telegram)).toHaveLength(1))
        expect(kit.takeLogs(/could not ask Telegram who the bot is \(getMe: Internal Server Error\); asked again with the next update/)).toHaveLength(1)
        kit.takeLogs(/could not check TELEGRAM_BOT_TOKEN/)
      },
      (telegram) => {
        // The start-up getMe and the one of the first update both fail.
        telegram.failNext((call) => call.method === 'getMe', 500)
        telegram.failNext((call) => call.method === 'getMe', 500)
      }
    ))

  it('deletes the webhook, then reads messages and presses with getUpdates as the webhook would, until the listener stops', () =>
    polling(async (_kit, telegram) => {
      telegram.queue(JSON.parse(said({ chat: ADA_DM, from: ADA, text: 'ask color' }).body))
      await eventually(() => expect(questionMessages(telegram)).toHaveLength(1))
      expect(telegram.calls.findIndex((call) => call.method === 'deleteWebhook')).toBeLessThan(telegram.calls.findIndex((call) => call.method === 'getUpdates'))
      telegram.queue(JSON.parse(pressed(telegram, { chat: ADA_DM, from: ADA, messageId: questionMessages(telegram)[0].messageId, button: /Blue/ }).body))
      await eventually(() => expect(questionMessages(telegram)[0].text).toMatch(/Answered by Ada Lovelace/))
      await eventually(() => expect(telegram.unanswered()).toEqual([]))
    }))
})
