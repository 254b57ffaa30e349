import { colorQuestion, scriptedModel, textStep, toolStep } from 'frogbot/testing'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { inPersonalChat, inThread, nextId, personalChat, threadOf } from './teams-activities.ts'
import { ADA, BOB, EVE, standIn, teamsKit } from './teams-kit.ts'

// A conversation in Teams from the first mention to the continued reply, through the real server:
// activities signed with the test's Bot Framework key in, a recording stand-in of the Bot
// Connector out.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

const askColor = (text?: string) => toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }], text)

async function start(steps: Parameters<typeof scriptedModel>[0], agent = {}) {
  const teams = await standIn()
  const model = scriptedModel(steps)
  const kit = await teamsKit({ model, teams, agent })
  open.push(teams, kit)
  return { teams, model, kit }
}

const lastPrompt = (model: ReturnType<typeof scriptedModel>) => JSON.stringify(model.doStreamCalls.at(-1)?.prompt)

describe('a Teams conversation', () => {
  it('a mention starts a chat of the channel post, the reply lands in its thread, Submit answers the card, which shows who answered, and the reply continues', async () => {
    const { teams, model, kit } = await start([askColor('Let me ask first.'), textStep('Blue it is.')])
    const root = nextId()
    expect((await kit.say({ from: ADA, text: 'paint the shed', where: inThread(root), id: root })).status).toBe(200)
    expect(lastPrompt(model)).toContain('paint the shed')
    expect(lastPrompt(model)).not.toContain('FrogBot')
    expect(teams.messages()).toEqual([expect.objectContaining({ conversationId: threadOf(root), text: 'Let me ask first.' })])
    const [card] = teams.cards()
    expect(card).toMatchObject({ conversationId: threadOf(root), summary: 'Color: Which color?' })

    const [chat] = await kit.chats()
    expect(chat.chat).toMatchObject({ state: 'awaiting', channelLabel: 'Microsoft Teams', channel: { piece: 'teams', instance: 'teams', account: 'tenant-1' } })
    expect(chat.pending).toMatchObject([{ toolCallId: 'call_q', toolName: 'question' }])

    await kit.submit({ from: ADA, card: card.id, where: inThread(root), value: { actionId: 'frogbot_submit', q0: '1' } })
    const [answered] = await kit.chats()
    expect(answered.chat.state).toBe('idle')
    expect(answered.messages.at(-1)?.settlements).toEqual([
      // The settlement names the participant by platform id and name, never by email (the wire's `settlements`).
      { toolCallId: 'call_q', outcome: 'answered', by: { channel: { piece: 'teams', instance: 'teams', userId: ADA.id, name: ADA.name, email: ADA.email }, userId: kit.ada.id }, at: expect.any(String) }
    ])
    expect(JSON.stringify(answered.messages.at(-1)?.parts)).toContain('"selected":["Blue"]')
    const [replaced] = teams.updatesOf(card.id)
    expect(replaced.summary).toBe(`Answered by ${ADA.name}: Color: Blue`)
    expect(replaced.text).toBe(`Color: Which color?\n✅ Blue\nAnswered by ${ADA.name}`)
    expect(replaced.card.actions).toBeUndefined()
    expect(teams.messages().map((message) => message.text)).toEqual(['Let me ask first.', 'Blue it is.'])
    expect(teams.messages().every((message) => message.conversationId === threadOf(root))).toBe(true)

    // A late click is told, privately (a targeted message), who answered; nothing changes.
    await kit.submit({ from: BOB, card: card.id, where: inThread(root), value: { actionId: 'frogbot_submit', q0: '0' } })
    expect(teams.targeted()).toEqual([{ to: BOB.id, conversationId: threadOf(root), text: `This question was already answered by ${ADA.name}.` }])
    expect(teams.updatesOf(card.id)).toHaveLength(1)
    expect(model.doStreamCalls).toHaveLength(2)
  })

  it("gives the agent's access req.channel with the Teams user id, name and roster email, and req.user as the FrogBot user of that email", async () => {
    const seen: unknown[] = []
    const { teams, kit } = await start([textStep('Hello.')], {
      access: ({ req }: { req: { user: { email?: string } | null; channel?: unknown } }) => {
        seen.push({ channel: req.channel, user: req.user?.email ?? null })
        return req.user !== null
      }
    })
    const root = nextId()
    await kit.say({ from: ADA, text: 'hello', where: inThread(root), id: root })
    expect(seen).toContainEqual({ channel: { piece: 'teams', instance: 'teams', userId: ADA.id, name: ADA.name, email: ADA.email }, user: ADA.email })
    expect(teams.messages().map((message) => message.text)).toEqual(['Hello.'])
  })

  it('a message in the thread while the question waits is queued, the sender told so privately; it runs once the question is answered', async () => {
    const { teams, model, kit } = await start([askColor(), textStep('Blue it is.'), textStep('The fence too.')])
    const root = nextId()
    await kit.say({ from: ADA, text: 'paint the shed', where: inThread(root), id: root })
    const [card] = teams.cards()
    await kit.say({ from: BOB, text: 'and the fence', where: inThread(root) })
    expect(teams.targeted()).toEqual([{ to: BOB.id, conversationId: threadOf(root), text: 'Your message waits until the question above is answered or dismissed; then it is read.' }])
    expect((await kit.chats())[0].queued).toMatchObject([{ text: 'and the fence' }])
    expect(model.doStreamCalls).toHaveLength(1)

    await kit.submit({ from: ADA, card: card.id, where: inThread(root), value: { actionId: 'frogbot_submit', q0: '1' } })
    await vi.waitFor(() => expect(teams.messages().map((message) => message.text)).toEqual(['Blue it is.', 'The fence too.']))
    expect(lastPrompt(model)).toContain('and the fence')
  })

  it('Dismiss declines the question: the card says who dismissed it, the model is not called again, and the chat is ready', async () => {
    const { teams, model, kit } = await start([askColor('Which one?'), textStep('Next topic.')])
    const root = nextId()
    await kit.say({ from: ADA, text: 'paint the shed', where: inThread(root), id: root })
    const [card] = teams.cards()
    await kit.submit({ from: BOB, card: card.id, where: inThread(root), value: { actionId: 'frogbot_dismiss' } })
    expect(teams.updatesOf(card.id).map((update) => update.summary)).toEqual([`✖️ Dismissed by ${BOB.name}: Color`])
    const [read] = await kit.chats()
    expect(read.chat.state).toBe('idle')
    expect(read.messages.at(-1)?.settlements).toMatchObject([{ outcome: 'dismissed', by: { channel: { piece: 'teams', userId: BOB.id, name: BOB.name } } }])
    expect(model.doStreamCalls).toHaveLength(1)
    await kit.say({ from: ADA, text: 'something else', where: inThread(root) })
    expect(teams.messages().map((message) => message.text)).toEqual(['Which one?', 'Next topic.'])
  })

  it('any message in a personal chat starts a chat of it; a notice there is a message of its own; a message in a channel without a mention is not read', async () => {
    const { teams, model, kit } = await start([askColor('Hello Ada.'), textStep('Blue.')])
    await kit.say({ from: EVE, text: 'not for the bot', where: inThread(nextId()), mention: false })
    expect(model.doStreamCalls).toHaveLength(0)
    await kit.say({ from: ADA, text: 'hello', where: inPersonalChat(ADA) })
    expect(teams.messages()).toEqual([expect.objectContaining({ conversationId: personalChat(ADA), text: 'Hello Ada.' })])
    const [card] = teams.cards()
    await kit.submit({ from: ADA, card: card.id, where: inPersonalChat(ADA), value: { actionId: 'frogbot_submit' } })
    expect(teams.targeted()).toEqual([])
    expect(teams.messages().at(-1)).toMatchObject({ conversationId: personalChat(ADA), text: 'Choose an option for “Color”, or type your own answer, then Submit.', textFormat: 'plain' })
    await kit.submit({ from: ADA, card: card.id, where: inPersonalChat(ADA), value: { actionId: 'frogbot_submit', q0: '1' } })
    expect(teams.messages().at(-1)?.text).toBe('Blue.')
    expect((await kit.chats())[0].chat.channel).toMatchObject({ piece: 'teams', thread: expect.stringMatching(/^teams:/) })
  })

  it("only the bot's whole mention is taken out of a message: an address naming it keeps its text", async () => {
    const { model, kit } = await start([textStep('Noted.')])
    await kit.say({ from: ADA, text: 'mail the plan to ada@FrogBot.example', where: inThread(nextId()) })
    expect(lastPrompt(model)).toContain('mail the plan to ada@FrogBot.example')
    expect(lastPrompt(model)).not.toContain('<at>')
  })
})
