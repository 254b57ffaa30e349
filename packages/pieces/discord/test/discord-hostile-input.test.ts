import { colorQuestion, scriptedModel, textStep, toolStep } from 'frogbot/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADA, discordKit, type DiscordKit } from './discord-kit.ts'
import { componentInteraction, forwardedMessage, signedInteraction } from './discord-requests.ts'
import { BOT_TOKEN, CHANNEL_ID, type DiscordStandIn, discordStandIn, nextId, type PostedMessage } from './discord-stand-in.ts'

// Correctly signed requests that carry nonsense (a buggy client, a changed Discord payload, a
// leaked key): never a 5xx, never an error in the log, nothing stored, the question still waiting
// for a real answer.

let discord: DiscordStandIn
let kit: DiscordKit
let card: PostedMessage
let thread: string
beforeAll(async () => {
  discord = await discordStandIn()
  kit = await discordKit({ model: scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }]), textStep('Blue it is.')]), discord })
  thread = await kit.mention(ADA, 'paint the shed')
  card = discord.cards()[0]
})
afterAll(async () => {
  await kit?.close()
  await discord?.close()
})

const gateway = (body: string) => ({ body, headers: { 'content-type': 'application/json', 'x-discord-gateway-token': BOT_TOKEN } })

describe('signed nonsense to the Discord webhook', () => {
  it('bodies that are not interactions or forwarded events are 400 and change nothing', async () => {
    for (const body of ['{"not json', '[]', '"text"', '{"type":"3"}', JSON.stringify({ type: 3, data: {} }), JSON.stringify({ type: 3, data: { custom_id: 'frogbot:0:0:d', values: [1] }, channel_id: thread, message: { id: card.id }, user: { id: ADA.id } }), JSON.stringify({ type: 3, data: { custom_id: 'x' }, channel_id: 'general', message: { id: card.id }, user: { id: ADA.id } }), JSON.stringify({ type: 3, data: { custom_id: 'x' }, channel_id: thread, message: { id: card.id } })]) {
      const answer = await kit.deliver(signedInteraction(body))
      expect(answer.status, body).toBe(400)
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'bad-request', error: expect.stringMatching(/^Refused: /) })
    }
    const message = () => JSON.parse(forwardedMessage({ who: ADA, text: 'hi', where: { thread } }).body)
    for (const data of [null, { ...message().data, mentions: undefined }, { ...message().data, author: { id: 42 } }, { ...message().data, content: 7 }, { ...message().data, member: { roles: 'admin' } }, { ...message().data, id: '../x' }]) {
      const answer = await kit.deliver(gateway(JSON.stringify({ ...message(), data, timestamp: Date.now() })))
      expect(answer.status).toBe(400)
    }
    expect((await kit.deliver(gateway(JSON.stringify({ timestamp: Date.now() })))).status).toBe(400)
    expect((await kit.deliver(gateway(JSON.stringify({ type: 'GATEWAY_TYPING_START', timestamp: Date.now(), data: { id: nextId() } })))).status).toBe(200)
  })

  it('an oversized body is refused before it is read, without an error', async () => {
    const answer = await kit.deliver(signedInteraction(JSON.stringify({ type: 3, padding: 'x'.repeat(2_000_000) })))
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
  })

  it('clicks on controls never drawn, options never offered, or another message answer nothing', async () => {
    const click = (customId: string, values?: string[], messageId = card.id) => kit.deliver(signedInteraction(componentInteraction({ who: ADA, customId, messageId, where: { thread }, ...(values ? { values } : {}) })))
    for (const [customId, values] of [['frogbot:0:0:o:7'], ['frogbot:0:0:o:-1'], ['frogbot:0:0:o:1e3'], ['frogbot:0:0:m:0', ['5']], ['frogbot:0:0:m:0', ['1', '0']], ['frogbot:0:0:m:0', ['Blue']], ['frogbot:0:0:s'], ['frogbot:0:0:zz'], ['frogbot:x:0:d'], ['frogbot:0:0:d:1:2'], ['someone-elses-button'], [`frogbot:0:0:o:1:${'9'.repeat(200)}`]] as [string, string[]?][]) {
      expect((await click(customId, values)).status, customId).toBe(200)
    }
    expect((await click('frogbot:0:0:o:1', undefined, nextId())).status).toBe(200)
    expect(await kit.state()).toBe('awaiting')
    expect(discord.editsOf(card.id)).toEqual([])
    expect(discord.messages().map((message) => message.text)).toEqual([`<@${ADA.id}> This question is no longer open.`])
  })

  it('a message with nothing but the mention starts nothing', async () => {
    const chats = (await kit.chats()).length
    await kit.say(ADA, '', { channel: CHANNEL_ID }, { mention: true })
    expect((await kit.chats()).length).toBe(chats)
    expect(discord.cards()).toHaveLength(1)
  })
})
