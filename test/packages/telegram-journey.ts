import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, vi } from 'vitest'
import { forged, pressed, renumbered, said } from '../../packages/pieces/telegram/test/telegram-deliveries.ts'
import { ADA, BOT, EVE, MAIN, mentionMessages, questionMessages, replyMessages, SECRET, standIn, TOKEN } from '../../packages/pieces/telegram/test/telegram-people.ts'
import { startUntil, type Started } from './outside-repo.ts'

const WAIT = { timeout: 15_000, interval: 50 }

/**
 * A Telegram group conversation end to end against the installed packages (README "Telegram"):
 * `npx frogbot serve` of a config with `createTelegramBot()` and an `access` on Telegram user ids,
 * in `app` on a database of its own, against a stand-in of the Bot API, the offline demo model
 * asking three questions: an update with a wrong secret token and a repeated one (under its own
 * and a new update_id) are refused; a mention gets one card, "Question 1 of 3"; a presser the
 * agent refuses is told privately and nothing changes; a typed answer (Type your answer, then a
 * reply to the prompt), a tap, and two toggles with Done answer the call; the card shows each
 * answer and "Answered by Ada Lovelace", and the reply continues.
 */
export async function telegramJourney({ app, env, running }: { app: string; env: NodeJS.ProcessEnv; running: Started[] }) {
  const telegram = await standIn()
  try {
    writeFileSync(
      join(app, 'telegram.config.ts'),
      [
        "import { createTelegramBot } from '@frogbotai/piece-telegram-bot'",
        "import { buildConfig, sqliteAdapter } from 'frogbot'",
        "import { question } from 'frogbot/tools'",
        '',
        'export default buildConfig({',
        "  db: sqliteAdapter({ filename: './telegram.db' }),",
        `  agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [createTelegramBot()], access: ({ req }) => req.channel?.userId === '${ADA.id}' }]`,
        '})',
        ''
      ].join('\n')
    )
    const telegramEnv = { ...env, TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_WEBHOOK_SECRET_TOKEN: SECRET, TELEGRAM_BOT_USERNAME: BOT.username, TELEGRAM_API_BASE_URL: telegram.url }
    const serve = await startUntil('npx', ['frogbot', 'serve', '--port', '0', '--host', '127.0.0.1', '--config', 'telegram.config.ts'], { cwd: app, env: telegramEnv, ready: /listening on http:\/\/localhost:(\d+)/, timeoutMs: 60_000 })
    running.push(serve)
    expect(serve.output()).toContain('frogbot: channel telegram: Telegram for agent planner as @frogbot_test_bot, webhook /api/webhooks/telegram')
    const post = async (request: { body: string; headers: Record<string, string> }) => (await fetch(`http://127.0.0.1:${serve.match[1]}/api/webhooks/telegram`, { method: 'POST', ...request })).status
    const press = (from: typeof ADA, button: string | RegExp) => post(pressed(telegram, { chat: MAIN, from, messageId: card.messageId, button }))

    const mention = said({ chat: MAIN, from: ADA, text: 'Ask me a few questions about a team offsite', mention: BOT.username })
    expect(await post(forged(mention))).toBe(401)
    expect(await post(mention)).toBe(200)
    const card = await vi.waitFor(() => {
      const [drawn] = questionMessages(telegram)
      expect(drawn).toBeDefined()
      return drawn
    }, WAIT)
    expect(card.posted.split('\n').slice(0, 2)).toEqual(['Question 1 of 3', 'Approach'])
    const calls = telegram.calls.length
    expect(await post(mention)).toBe(401)
    expect(await post(renumbered(mention))).toBe(401)
    expect(telegram.calls.length).toBe(calls)

    expect(await press(EVE, /^1\. /)).toBe(200)
    await vi.waitFor(() => expect(telegram.notices.at(-1)).toMatchObject({ to: EVE.id, text: 'You may not answer this question: this agent does not accept you.' }), WAIT)
    expect(card.edits).toEqual([])

    expect(await press(ADA, 'Type your answer')).toBe(200)
    const prompt = await vi.waitFor(() => {
      const found = mentionMessages(telegram).find((sent) => sent.message.replyMarkup?.force_reply)
      expect(found).toBeDefined()
      return found!.message
    }, WAIT)
    expect(await post(said({ chat: MAIN, from: ADA, text: 'a weekend in the woods', replyTo: { message_id: prompt.messageId, from: BOT, text: prompt.text } }))).toBe(200)
    await vi.waitFor(() => expect(card.text.split('\n')[0]).toBe('Question 2 of 3'), WAIT)
    expect(await press(ADA, /\. Next quarter$/)).toBe(200)
    await vi.waitFor(() => expect(card.text.split('\n')[0]).toBe('Question 3 of 3'), WAIT)
    expect(await press(ADA, /^☐ 1\. /)).toBe(200)
    await vi.waitFor(() => expect(card.keyboard?.flat()[0].text).toMatch(/^☑ 1\. /), WAIT)
    expect(await press(ADA, /^☐ 2\. /)).toBe(200)
    await vi.waitFor(() => expect(card.keyboard?.flat()[1].text).toMatch(/^☑ 2\. /), WAIT)
    expect(await press(ADA, 'Done')).toBe(200)
    await vi.waitFor(() => expect(card.keyboard).toBeNull(), WAIT)
    expect(card.text).toMatch(/✅ “a weekend in the woods”\n[\s\S]*✅ Next quarter\n[\s\S]*✅ A budget, A timeline\nAnswered by Ada Lovelace$/)
    await vi.waitFor(() => expect(replyMessages(telegram).at(-1)?.text).toMatch(/a weekend in the woods[\s\S]*Next quarter[\s\S]*A budget/), WAIT)
    await serve.stop()
  } finally {
    await telegram.close()
  }
}
