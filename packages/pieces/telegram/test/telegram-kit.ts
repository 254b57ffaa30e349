import type { LanguageModel } from 'ai'
import { type AgentConfig, buildConfig, type DatabaseAdapter, sqliteAdapter } from 'frogbot'
import { serveFrogbot, tempDir } from 'frogbot/testing'
import { question } from 'frogbot/tools'
import { join } from 'node:path'
import { vi } from 'vitest'
import { createTelegramBot, type TelegramBotOptions } from '../src/index.ts'
import { pressed, said, type TelegramDelivery } from './telegram-deliveries.ts'
import { ADA, BOB, BOT, SECRET, TOKEN } from './telegram-people.ts'
import type { BotMessage, TelegramAccount, TelegramChatInfo, TelegramStandIn } from './telegram-stand-in.ts'

/** The agent's `access` of the tests: Telegram users by their numeric id, Ada and Bob (docs/pieces/telegram.md). */
export const ACCEPTED_IDS = [String(ADA.id), String(BOB.id)]

/** Waits until `check` passes: what an update starts goes on after its answer. */
export const eventually = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 20 })

/**
 * A FrogBot served on 127.0.0.1 with the `planner` agent (`question`, and an `access` that accepts
 * Ada and Bob by Telegram id and records every `req.channel` it saw) on a Telegram piece whose Bot
 * API is `telegram` (a recording stand-in), on `db` (default: a SQLite file in a temporary
 * folder). Updates carry the webhook's secret token; each helper waits until the piece has no
 * work in flight. `close()` fails on any log line a test did not take out.
 */
export async function telegramKit({ model, telegram, db, agent = {}, options = {} }: { model: Exclude<LanguageModel, string>; telegram: TelegramStandIn; db?: DatabaseAdapter; agent?: Partial<AgentConfig>; options?: TelegramBotOptions }) {
  const temp = db ? null : tempDir()
  const seen: Record<string, unknown>[] = []
  const access: AgentConfig['access'] = ({ req }) => {
    if (req.channel) seen.push({ ...req.channel })
    return req.channel ? ACCEPTED_IDS.includes(req.channel.userId) : req.user !== null
  }
  const piece = createTelegramBot({ botToken: TOKEN, secretToken: SECRET, botUsername: BOT.username, apiUrl: telegram.url, env: {}, ...options })
  const config = buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [piece], access, ...agent }], db: db ?? sqliteAdapter({ filename: join(temp!.dir, 'frogbot.db') }) })
  const served = await serveFrogbot({ config, model })
  const path = `/api/webhooks/${piece.instance}`

  /** Posts an update as it is given, then waits for the piece to settle down. */
  const deliver = async (request: TelegramDelivery) => {
    const answer = await served.post(path, request)
    await piece.idle()
    return answer
  }
  /** `from` writes `text` in `chat` (`mention` the bot first in a group's first message; `replyTo` a bot message). */
  const say = (from: TelegramAccount, chat: TelegramChatInfo, text: string, more: Omit<Parameters<typeof said>[0], 'from' | 'chat' | 'text'> = {}) => deliver(said({ from, chat, text, ...more }))
  /** `from` replies `text` to the bot's message `to`. */
  const reply = (from: TelegramAccount, chat: TelegramChatInfo, to: BotMessage, text: string) => say(from, chat, text, { replyTo: { message_id: to.messageId, from: BOT, text: to.text } })
  /** `from` presses `button` on the bot's message `on`. */
  const press = (from: TelegramAccount, chat: TelegramChatInfo, on: BotMessage, button: string | RegExp) => deliver(pressed(telegram, { chat, from, messageId: on.messageId, button }))
  await piece.idle()
  return {
    ...served,
    piece,
    telegram,
    seen,
    deliver,
    say,
    reply,
    press,
    close: async () => {
      await served.close()
      temp?.remove()
      if (served.logs.length > 0) throw new Error(`unexpected log lines:\n${served.logs.join('\n')}`)
    }
  }
}

/** See {@link telegramKit}. */
export type TelegramKit = Awaited<ReturnType<typeof telegramKit>>
