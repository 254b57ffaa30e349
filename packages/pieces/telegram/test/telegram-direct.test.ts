import { afterEach, expect, it } from 'vitest'
import { type AgentConfig, buildConfig } from 'frogbot'
import { colorQuestion, createTestToken, createTestUser, describeEachDatabase, scriptedModel, serveFrogbot, textStep, toolStep } from 'frogbot/testing'
import { question } from 'frogbot/tools'
import { createTelegramBot } from '../src/index.ts'
import { pressed } from './telegram-deliveries.ts'
import { eventually } from './telegram-kit.ts'
import { ADA_DM, BOB, BOT, MAIN, questionMessages, SECRET, TOKEN } from './telegram-people.ts'
import { type TelegramChatInfo, telegramStandIn } from './telegram-stand-in.ts'

// notify.pieces through Telegram (docs/pieces/telegram.md "Direct messages"): Telegram shares no
// emails, so the assignee is `telegram:<user id>`; Bob gets the question's card in his private chat
// with the bot, presses an option there, and Ada's web chat goes on. A SQLite file and PostgreSQL.

const BOB_DM: TelegramChatInfo = { id: BOB.id, type: 'private', first_name: 'Bob' }
const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

describeEachDatabase('Telegram direct messages to assignees', (fresh) => {
  it("Bob, named telegram:<his id> in Ada's web chat, answers in his private chat with the bot; the chat goes on and his card is replaced once", async () => {
    const database = await fresh()
    const telegram = await telegramStandIn({ bot: BOT, token: TOKEN, chats: [MAIN, ADA_DM, BOB_DM] })
    const piece = createTelegramBot({ botToken: TOKEN, secretToken: SECRET, botUsername: BOT.username, apiUrl: telegram.url, env: {} })
    // A platform-id piece: the agent's access says whom it accepts (Bob, by his Telegram id).
    const access: AgentConfig['access'] = ({ req }) => (req.channel ? req.channel.userId === String(BOB.id) : req.user !== null)
    const config = buildConfig({
      agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [piece], access, questions: { assignees: [`telegram:${BOB.id}`] } }],
      db: database.adapter(),
      notify: { pieces: ['telegram'] }
    })
    const served = await serveFrogbot({ config, model: scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }], 'Which color?'), textStep('Blue it is.')]) })
    open.push({ close: async () => (await served.close(), await telegram.close(), await database.drop()) })
    const ada = await createTestUser(served.frogbot, { email: 'ada@example.com' })
    const asked = await served.http('POST', '/api/agents/planner', { prompt: 'Pick a color' }, { token: await createTestToken(served.frogbot, { user: ada }) })
    const chatId = asked.json.chatId as string

    const card = await eventually(() => {
      const [found] = questionMessages(telegram).filter((message) => message.chatId === BOB.id)
      expect(found).toBeDefined()
      return found
    })
    expect(card.posted).toContain('Which color?')
    expect(card.posted).toContain(`Waiting for telegram:${BOB.id}`)

    const answer = await served.post(`/api/webhooks/${piece.instance}`, pressed(telegram, { chat: BOB_DM, from: BOB, messageId: card.messageId, button: /Blue/ }))
    expect(answer.status).toBe(200)
    await piece.idle()
    const read = await eventually(async () => {
      const found = (await served.chats()).find((entry) => entry.chat.id === chatId)!
      expect(found.messages.at(-1)?.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Blue it is.' }))
      return found
    })
    expect(read.messages.flatMap((message) => message.settlements)).toMatchObject([{ toolCallId: 'call_q', outcome: 'answered', by: { channel: { piece: 'telegram', userId: String(BOB.id) } } }])
    await eventually(() => expect(card.edits).toHaveLength(1))
    expect(card.edits[0]).toContain('Blue')
    expect(served.logs).toEqual([])
  }, 30_000)
})
