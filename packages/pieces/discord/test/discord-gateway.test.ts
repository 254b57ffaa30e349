import { scriptedModel, textStep } from 'frogbot/testing'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createDiscord } from '../src/index.ts'
import { ADA, discordKit } from './discord-kit.ts'
import { forwardedMessage } from './discord-requests.ts'
import { CHANNEL_ID, discordStandIn, nextId } from './discord-stand-in.ts'
import { gatewayStandIn } from './gateway-stand-in.ts'

// The piece's Gateway listener (docs/pieces/discord.md): one connection with the Message Content
// intent, its address asked at apiUrl; each message handed to the webhook's own handler in this
// process, as Chat SDK forwards Gateway events; a lost connection logged and resumed; an abort
// ends it; a login Discord refuses rejects, for FrogBot's host to log and try again.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

/** Discord's intent bits: Guilds, GuildMessages, DirectMessages, MessageContent (Gateway, "List of Intents"). */
const INTENTS = (1 << 0) | (1 << 9) | (1 << 12) | (1 << 15)

const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 20 })

async function listening(replies: string[]) {
  const gateway = await gatewayStandIn()
  const discord = await discordStandIn({ gatewayUrl: () => gateway.url })
  const kit = await discordKit({ model: scriptedModel(replies.map((reply) => textStep(reply))), discord })
  open.push(gateway, discord, kit)
  const controller = new AbortController()
  const ended = kit.piece.listen!({ signal: controller.signal })
  await eventually(() => expect(gateway.live()).toHaveLength(1))
  /** Ada mentions the bot in the test channel, through the Gateway. */
  const mention = (text: string) => {
    const id = nextId()
    gateway.dispatch('MESSAGE_CREATE', JSON.parse(forwardedMessage({ who: ADA, text, where: { channel: CHANNEL_ID }, mention: true, id }).body).data)
    return id
  }
  return { gateway, discord, kit, controller, ended, mention }
}

describe("the Discord piece's Gateway listener", () => {
  it('connects with the Message Content intent at the address apiUrl gives, and carries a message to a reply in its thread', async () => {
    const { gateway, discord, kit, controller, ended, mention } = await listening(['Hello from the Gateway.'])
    expect(gateway.sessions[0].identified).toEqual({ intents: INTENTS, token: expect.any(String) })
    expect(discord.calls.some((call) => call.method === 'GET' && call.path === '/gateway/bot')).toBe(true)
    const thread = mention('paint the shed')
    await eventually(() => expect(discord.messages().map((message) => [message.channelId, message.text])).toEqual([[thread, 'Hello from the Gateway.']]))
    await kit.piece.idle()
    controller.abort()
    await ended
    await eventually(() => expect(gateway.live()).toEqual([]))
  })

  it('a lost connection is logged and resumed; messages after it still arrive', async () => {
    const { gateway, discord, kit, controller, ended, mention } = await listening(['First.', 'Second.'])
    mention('one')
    await eventually(() => expect(discord.messages()).toHaveLength(1))
    gateway.drop()
    await eventually(() => expect(gateway.sessions.some((session) => session.resumed && session.socket.readyState === session.socket.OPEN)).toBe(true))
    expect(kit.served.takeLogs(/gateway: /)).toEqual(['frogbot: discord discord: gateway: the connection was lost; reconnecting'])
    mention('two')
    await eventually(() => expect(discord.messages().map((message) => message.text)).toEqual(['First.', 'Second.']))
    await kit.piece.idle()
    controller.abort()
    await ended
  })

  it('a bot token the Gateway refuses rejects the listener, for FrogBot to log and start again later', async () => {
    const gateway = await gatewayStandIn()
    const discord = await discordStandIn({ gatewayUrl: () => gateway.url })
    open.push(gateway, discord)
    const kit = await discordKit({ model: scriptedModel([]), discord, options: { botToken: 'a-revoked-token' } })
    open.push(kit)
    await expect(kit.piece.listen!({ signal: new AbortController().signal })).rejects.toThrow()
    kit.served.takeLogs(/./)
  })

  it('a piece that was never started has no listener to run', async () => {
    const piece = createDiscord({ applicationId: '1', publicKey: 'a'.repeat(64), botToken: 't', env: {} })
    await expect(piece.listen!({ signal: AbortSignal.abort() })).rejects.toThrow(/has not started/)
  })
})
