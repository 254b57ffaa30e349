import { colorQuestion, scriptedModel, textStep, toolStep } from 'frogbot/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { ADA, BOB, discordKit, EVE } from './discord-kit.ts'
import { discordAccess } from './discord-people.ts'
import { CHANNEL_ID, discordStandIn } from './discord-stand-in.ts'

// Who can answer (docs/pieces/discord.md): Discord shares no email, so no participant is a FrogBot
// user; req.channel carries the Discord user id, name, username and, in a server, the member's
// role ids, and the agent's access decides. A refused click is told in the thread, mentioning the
// person, and the question stays open; messages from a refused person start nothing.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

const asks = () => scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }]), textStep('Blue it is.')])

describe('who can answer in Discord', () => {
  it("req.channel carries the Discord id, name, username and the member's roles, for messages and clicks alike", async () => {
    const seen: unknown[] = []
    const discord = await discordStandIn()
    const kit = await discordKit({ model: asks(), discord, agent: { access: (context) => (seen.push(context.req.channel), discordAccess(context)) } })
    open.push(discord, kit)
    await kit.mention(ADA, 'paint the shed')
    const [card] = discord.cards()
    await kit.click(BOB, card, { label: 'Blue' })
    expect(seen[0]).toEqual({ piece: 'discord', instance: 'discord', userId: ADA.id, name: 'Ada Lovelace', username: 'ada', roles: [] })
    expect(seen).toContainEqual({ piece: 'discord', instance: 'discord', userId: BOB.id, name: 'Bob', username: 'bob', roles: BOB.roles })
    expect((await kit.chats())[0].messages.at(-1)?.settlements).toMatchObject([{ outcome: 'answered', by: { channel: { piece: 'discord', userId: BOB.id, name: 'Bob' } } }])
  })

  it('a refused click is told in the thread, mentioning the person; the question stays open and the card unchanged', async () => {
    const discord = await discordStandIn()
    const kit = await discordKit({ model: asks(), discord })
    open.push(discord, kit)
    const thread = await kit.mention(ADA, 'paint the shed')
    const [card] = discord.cards()
    await kit.click(EVE, card, { label: 'Red' })
    expect(discord.messages().at(-1)).toMatchObject({ channelId: thread, text: `<@${EVE.id}> You may not answer this question: this agent does not accept you.` })
    expect(discord.calls.filter((call) => call.body?.allowed_mentions).at(-1)?.body.allowed_mentions).toEqual({ parse: [], users: [EVE.id] })
    expect(kit.served.takeLogs(/refused Eve/)).toHaveLength(1)
    expect(await kit.state()).toBe('awaiting')
    expect(discord.editsOf(card.id)).toEqual([])
  })

  it('messages from a refused person start nothing, not even a thread, and are told so in a reply to their message', async () => {
    const discord = await discordStandIn()
    const kit = await discordKit({ model: scriptedModel([]), discord })
    open.push(discord, kit)
    const message = await kit.mention(EVE, 'let me in')
    expect(await kit.chats()).toEqual([])
    expect(discord.calls.filter((call) => call.path.endsWith('/threads'))).toEqual([])
    expect(discord.messages().map((posted) => [posted.channelId, posted.text, posted.body.message_reference?.message_id])).toEqual([[CHANNEL_ID, `<@${EVE.id}> You may not talk to this agent here: it does not accept you.`, message]])
    expect(kit.served.takeLogs(/refused Eve/)).toHaveLength(1)
  })

  it('the default access (a signed-in FrogBot user) refuses every Discord participant', async () => {
    const discord = await discordStandIn()
    const kit = await discordKit({ model: scriptedModel([]), discord, agent: { access: undefined } })
    open.push(discord, kit)
    await kit.mention(ADA, 'hello')
    expect(await kit.chats()).toEqual([])
    expect(discord.messages().map((message) => message.text)).toEqual([`<@${ADA.id}> You may not talk to this agent here: it does not accept you.`])
    expect(kit.served.takeLogs(/refused Ada Lovelace/)).toHaveLength(1)
  })

  it('a refused person changes no partial answer: a pick on a card of several questions, several picks, Other… are refused and told', async () => {
    const discord = await discordStandIn()
    const questions = [
      { header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] },
      { header: 'Size', question: 'Which sizes?', options: [{ label: 'S' }, { label: 'L' }], multiple: true }
    ]
    const kit = await discordKit({ model: scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: { questions } }]), textStep('Noted.')]), discord })
    open.push(discord, kit)
    await kit.mention(ADA, 'paint the shed')
    const [card] = discord.cards()
    await kit.click(EVE, card, { label: 'Red' })
    await kit.click(EVE, card, { label: 'Other…' })
    await kit.click(ADA, card, { label: 'Blue' })
    const second = kit.current(card)
    const [select] = second.body.components[0].components.filter((component: { type: number; components?: { type: number }[] }) => component.type === 1 && component.components?.[0]?.type === 3).map((row: { components: unknown[] }) => row.components[0])
    await kit.click(EVE, second, { customId: select.custom_id, values: ['0'] })
    const denied = `<@${EVE.id}> You may not answer this question: this agent does not accept you.`
    expect(discord.messages().map((message) => message.text).filter((text) => text.startsWith(`<@${EVE.id}>`))).toEqual([denied, denied, denied])
    expect(discord.editsOf(card.id)).toHaveLength(1)
    expect(kit.current(card).text).toBe('**Size** · 2 of 2\nWhich sizes?\n-# So far: **Color**: Blue')
    kit.served.takeLogs(/refused Eve/)
    expect(await kit.state()).toBe('awaiting')
  })
  it("the agent's access is asked once for each change of a partial answer, and once for the answer that settles", async () => {
    const discord = await discordStandIn()
    const questions = [
      { header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] },
      { header: 'Size', question: 'Which sizes?', options: [{ label: 'S' }, { label: 'L' }], multiple: true }
    ]
    const asked: string[] = []
    const access = (context: Parameters<typeof discordAccess>[0]) => (asked.push(context.req.channel?.userId ?? 'nobody'), discordAccess(context))
    const kit = await discordKit({ model: scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: { questions } }]), textStep('Noted.')]), discord, agent: { access } })
    open.push(discord, kit)
    await kit.mention(ADA, 'paint the shed')
    const [card] = discord.cards()
    const askedFor = async (click: () => Promise<unknown>) => {
      asked.length = 0
      await click()
      return [...asked]
    }
    expect(await askedFor(() => kit.click(BOB, card, { label: 'Blue' }))).toEqual([BOB.id])
    const second = kit.current(card)
    const [select] = second.body.components[0].components.filter((component: { type: number; components?: { type: number }[] }) => component.type === 1 && component.components?.[0]?.type === 3).map((row: { components: unknown[] }) => row.components[0])
    expect(await askedFor(() => kit.click(ADA, second, { customId: select.custom_id, values: ['0', '1'] }))).toEqual([ADA.id])
    expect(await askedFor(() => kit.click(ADA, kit.current(card), { label: 'Other…' }))).toEqual([ADA.id])
    expect(await askedFor(() => kit.click(BOB, kit.current(card), { label: 'Submit' }))).toEqual([BOB.id])
    expect((await kit.chats())[0].messages.at(-1)?.settlements).toMatchObject([{ outcome: 'answered', by: { channel: { userId: BOB.id } } }])
  })
})
