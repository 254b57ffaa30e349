import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { cliEnv, frogbotLines, startServe, stopAllServes, tempFolders } from '../../../packages/frogbot/test/helpers/spawn-serve.ts'
import { pressed, said } from '../../../packages/pieces/telegram/test/telegram-deliveries.ts'
import { ADA, BOT, EVE, MAIN, questionMessages, SECRET, standIn, TOKEN } from '../../../packages/pieces/telegram/test/telegram-people.ts'

// `npm start` of the planner example with the Telegram bot's token set: `frogbot serve` in its own
// process serves the Telegram webhook, the offline demo model's question is answered with a
// button, and a participant not in TELEGRAM_ALLOWED_USER_IDS is told privately they may not.

const folders = tempFolders()
afterEach(stopAllServes)
afterAll(folders.removeAll)

describe('frogbot serve with the Telegram piece', () => {
  it('serves /api/webhooks/telegram: a mention gets the demo question as a keyboard, a press answers it, the reply continues, and a participant not allowed is told so', async () => {
    const telegram = await standIn()
    try {
      const env = { FROGBOT_TOKEN: 'serve-telegram-token-0123456789', TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_WEBHOOK_SECRET_TOKEN: SECRET, TELEGRAM_BOT_USERNAME: BOT.username!, TELEGRAM_API_BASE_URL: telegram.url, TELEGRAM_ALLOWED_USER_IDS: `${ADA.id}, 7` }
      const serve = await startServe({ cwd: folders.folder(), env: cliEnv(env) })
      expect(frogbotLines(serve.stdout())).toContain(
        'frogbot: channel telegram: Telegram for agent planner as @frogbot_test_bot, webhook /api/webhooks/telegram (register it with setWebhook, secret_token TELEGRAM_WEBHOOK_SECRET_TOKEN)'
      )
      const post = (request: { body: string; headers: Record<string, string> }) => fetch(`${serve.base}/api/webhooks/telegram`, { method: 'POST', ...request })

      expect((await post(said({ chat: MAIN, from: ADA, text: 'Plan a team offsite: should it be in the city or in the mountains?', mention: BOT.username }))).status).toBe(200)
      const card = await vi.waitFor(() => {
        const [posted] = questionMessages(telegram)
        expect(posted).toBeDefined()
        return posted
      }, { timeout: 10_000 })
      expect(card.posted).toMatch(/^Place\nShould it be in the city or in the mountains\?\n\n1\. City/)

      expect((await post(pressed(telegram, { chat: MAIN, from: EVE, messageId: card.messageId, button: /^1\. / }))).status).toBe(200)
      await vi.waitFor(() => expect(telegram.notices.at(-1)).toMatchObject({ to: EVE.id, text: 'You may not answer this question: this agent does not accept you.' }), { timeout: 10_000 })
      expect((await post(pressed(telegram, { chat: MAIN, from: ADA, messageId: card.messageId, button: /^2\. / }))).status).toBe(200)
      await vi.waitFor(() => expect(card.text).toMatch(/✅ Mountains\nAnswered by Ada Lovelace$/), { timeout: 10_000 })
      await vi.waitFor(() => expect(telegram.messages().at(-1)?.text).toContain('Mountains'), { timeout: 10_000 })
      expect((await serve.stop()).code).toBe(0)
      expect(serve.stderr().trim().split('\n')).toEqual([expect.stringMatching(/^frogbot: telegram telegram: refused Eve \(1003\): the agent's access does not accept them; /)])
    } finally {
      await telegram.close()
    }
  })

  it('with TELEGRAM_MODE=polling and no webhook secret, reads its updates by long polling: a mention gets the demo question', async () => {
    const telegram = await standIn()
    try {
      const env = { FROGBOT_TOKEN: 'serve-telegram-token-0123456789', TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_MODE: 'polling', TELEGRAM_BOT_USERNAME: BOT.username!, TELEGRAM_API_BASE_URL: telegram.url, TELEGRAM_ALLOWED_USER_IDS: String(ADA.id) }
      const serve = await startServe({ cwd: folders.folder(), env: cliEnv(env) })
      expect(frogbotLines(serve.stdout())).toContain('frogbot: channel telegram: Telegram for agent planner as @frogbot_test_bot, by long polling (getUpdates; the webhook is deleted)')
      telegram.queue(JSON.parse(said({ chat: MAIN, from: ADA, text: 'Plan a team offsite: city or mountains?', mention: BOT.username }).body))
      const card = await vi.waitFor(() => {
        const [posted] = questionMessages(telegram)
        expect(posted).toBeDefined()
        return posted
      }, { timeout: 15_000 })
      expect(card.posted).toMatch(/^Choice\n/)
      expect((await serve.stop()).code).toBe(0)
    } finally {
      await telegram.close()
    }
  }, 60_000)
})
