import { afterEach, expect, it, vi } from 'vitest'
import { type AgentConfig, buildConfig } from 'frogbot'
import { colorQuestion, createTestToken, createTestUser, describeEachDatabase, scriptedModel, serveFrogbot, textStep, toolStep } from 'frogbot/testing'
import { question } from 'frogbot/tools'
import { createDiscord } from '../src/index.ts'
import { standInOptions } from './discord-kit.ts'
import { componentsOf } from './discord-message-rules.ts'
import { BOB } from './discord-people.ts'
import { componentInteraction, signedInteraction } from './discord-requests.ts'
import { discordStandIn } from './discord-stand-in.ts'

// notify.pieces through Discord (docs/pieces/discord.md "Direct messages"): Discord shares no
// emails, so the assignee is `discord:<user id>`; Bob gets the question's card in a DM with the
// bot (POST /users/@me/channels), clicks an option there, and Ada's web chat goes on. A SQLite
// file and PostgreSQL.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})
const eventually = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 20 })

describeEachDatabase('Discord direct messages to assignees', (fresh) => {
  it("Bob, named discord:<his id> in Ada's web chat, answers in his DM with the bot; the chat goes on and his card is replaced once", async () => {
    const database = await fresh()
    const discord = await discordStandIn()
    const piece = createDiscord(standInOptions(discord))
    // A platform-id piece: the agent's access says whom it accepts (Bob, by his Discord id).
    const access: AgentConfig['access'] = ({ req }) => (req.channel ? req.channel.userId === BOB.id : req.user !== null)
    const config = buildConfig({
      agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [piece], access, questions: { assignees: [`discord:${BOB.id}`] } }],
      db: database.adapter(),
      notify: { pieces: ['discord'] }
    })
    const served = await serveFrogbot({ config, model: scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }], 'Which color?'), textStep('Blue it is.')]) })
    open.push({ close: async () => (await served.close(), await discord.close(), await database.drop()) })
    const ada = await createTestUser(served.frogbot, { email: 'ada@example.com' })
    const asked = await served.http('POST', '/api/agents/planner', { prompt: 'Pick a color' }, { token: await createTestToken(served.frogbot, { user: ada }) })
    const chatId = asked.json.chatId as string

    const card = await eventually(() => {
      const [found] = discord.cards()
      expect(found).toBeDefined()
      return found
    })
    expect(discord.channel(card.channelId)).toMatchObject({ type: 1, recipient: BOB.id })
    expect(card.text).toContain('Which color?')
    expect(card.text).toContain(`Waiting for discord:${BOB.id}`)

    const blue = componentsOf(card.body).find((component) => component.type === 2 && component.label === 'Blue')!
    const answer = await served.post(`/api/webhooks/${piece.instance}`, signedInteraction(componentInteraction({ who: BOB, customId: blue.custom_id, messageId: card.id, where: { dm: card.channelId } })))
    expect(answer.status).toBeLessThan(300)
    await piece.idle()
    const read = await eventually(async () => {
      const found = (await served.chats()).find((entry) => entry.chat.id === chatId)!
      expect(found.messages.at(-1)?.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Blue it is.' }))
      return found
    })
    expect(read.messages.flatMap((message) => message.settlements)).toMatchObject([{ toolCallId: 'call_q', outcome: 'answered', by: { channel: { piece: 'discord', userId: BOB.id } } }])
    await eventually(() => expect(discord.editsOf(card.id)).toHaveLength(1))
    expect(discord.editsOf(card.id)[0].text).toContain('Blue')
    expect(served.logs).toEqual([])
  }, 30_000)
})
