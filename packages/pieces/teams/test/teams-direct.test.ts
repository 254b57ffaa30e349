import { afterEach, expect, it, vi } from 'vitest'
import { buildConfig } from 'frogbot'
import { colorQuestion, createTestToken, createTestUser, describeEachDatabase, scriptedModel, serveFrogbot, textStep, toolStep } from 'frogbot/testing'
import { question } from 'frogbot/tools'
import { createMicrosoftTeams } from '../src/index.ts'
import { delivery, inPersonalChat, inThread, messageActivity, nextId, personalChat, submitActivity } from './teams-activities.ts'
import { ADA, BOB, standIn, standInOptions } from './teams-kit.ts'

// notify.pieces through Teams (docs/pieces/teams.md "Direct messages"): a bot can open a 1:1 chat
// only with someone it knows, so Bob first writes to the bot in a channel (the piece keeps his
// Teams id, tenant and serviceUrl by his email); then Ada's web chat asks him, he gets the
// question's card in a 1:1 chat the bot opens (POST /v3/conversations), answers there, Ada's chat
// goes on and his card is replaced once. Dana, whom the bot never met in Teams, gets no DM. A
// SQLite file and PostgreSQL.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})
const eventually = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 20 })

describeEachDatabase('Teams direct messages to assignees', (fresh) => {
  it("Bob, whom the bot met in a channel, answers Ada's web chat question in his 1:1 chat with the bot; the chat goes on and his card is replaced once", async () => {
    const database = await fresh()
    const teams = await standIn()
    const piece = createMicrosoftTeams(standInOptions(teams))
    const config = buildConfig({
      agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [piece], questions: { assignees: ['bob@example.com', 'dana@example.com'] } }],
      db: database.adapter(),
      notify: { pieces: ['teams'] }
    })
    const model = scriptedModel([textStep('Hello Bob.'), toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }], 'Which color?'), textStep('Blue it is.')])
    const served = await serveFrogbot({ config, model })
    open.push({ close: async () => (await served.close(), await teams.close(), await database.drop()) })
    const deliver = async (activity: { serviceUrl: string }) => {
      const answer = await served.post(`/api/webhooks/${piece.instance}`, delivery(teams, activity))
      await piece.idle()
      return answer
    }
    const ada = await createTestUser(served.frogbot, { email: ADA.email! })
    const bob = await createTestUser(served.frogbot, { email: BOB.email! })

    // Bob meets the bot in a channel thread (his own channel chat, answered there).
    const root = nextId()
    expect((await deliver(messageActivity(teams, { from: BOB, text: 'hello', where: inThread(root), id: root }))).status).toBeLessThan(300)
    await eventually(() => expect(teams.messages().map((message) => message.text)).toContain('Hello Bob.'))

    const asked = await served.http('POST', '/api/agents/planner', { prompt: 'Pick a color' }, { token: await createTestToken(served.frogbot, { user: ada }) })
    const chatId = asked.json.chatId as string
    const card = await eventually(() => {
      const found = teams.cards().find((posted) => posted.conversationId === personalChat(BOB))
      expect(found).toBeDefined()
      return found!
    })
    expect(teams.opened()).toEqual([{ userId: BOB.id, id: personalChat(BOB) }])
    expect(teams.cards()).toHaveLength(1)
    expect(card.text).toContain('Which color?')
    expect(card.text).toContain('Waiting for Bob and Dana')

    await deliver(submitActivity(teams, { from: BOB, card: card.id, where: inPersonalChat(BOB), value: { actionId: 'frogbot_submit', q0: '1' } }))
    const read = await eventually(async () => {
      const found = (await served.chats()).find((entry) => entry.chat.id === chatId)!
      expect(found.messages.at(-1)?.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Blue it is.' }))
      return found
    })
    expect(read.messages.flatMap((message) => message.settlements)).toMatchObject([{ toolCallId: 'call_q', outcome: 'answered', by: { channel: { piece: 'teams', userId: BOB.id }, userId: bob.id } }])
    await eventually(() => expect(teams.updatesOf(card.id)).toHaveLength(1))
    expect(teams.updatesOf(card.id)[0].text).toContain('Blue')
    expect(teams.opened()).toHaveLength(1)
    expect(served.logs).toEqual([])
  }, 30_000)
})
