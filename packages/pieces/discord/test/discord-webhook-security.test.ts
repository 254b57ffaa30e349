import { scriptedModel, textStep } from 'frogbot/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADA, discordKit, type DiscordKit } from './discord-kit.ts'
import { componentInteraction, FOREIGN_KEYS, forwardedMessage, ping, signedInteraction } from './discord-requests.ts'
import { BOT_TOKEN, CHANNEL_ID, type DiscordStandIn, discordStandIn, nextId } from './discord-stand-in.ts'

// How requests are verified (docs/pieces/discord.md): interactions by the application's Ed25519 key
// over the timestamp and the body, within 5 minutes, once; forwarded Gateway events by the bot
// token, within 5 minutes, once. Everything refused is 401 and changes nothing.

let discord: DiscordStandIn
let kit: DiscordKit
beforeAll(async () => {
  discord = await discordStandIn()
  kit = await discordKit({ model: scriptedModel([textStep('Once.')]), discord })
})
afterAll(async () => {
  // Each reason is logged at most once a minute: the tests check the lines of their own new reasons.
  refusedLines()
  await kit?.close()
  await discord?.close()
})

const refusedLines = () => kit.served.takeLogs(/refused a request to \/api\/webhooks\/discord/)

describe('the Discord webhook', () => {
  it("answers Discord's PING with a PONG, signed by the application's key", async () => {
    const answer = await kit.deliver(signedInteraction(ping()))
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.text)).toEqual({ type: 1 })
  })

  it('refuses interactions signed by another key, unsigned, with a signature of the wrong shape, or for another body', async () => {
    const signed = signedInteraction(ping())
    const forged = signedInteraction(ping(), { key: FOREIGN_KEYS.privateKey })
    expect((await kit.deliver(forged)).status).toBe(401)
    expect((await kit.deliver({ body: signed.body, headers: { 'content-type': 'application/json' } })).status).toBe(401)
    expect((await kit.deliver({ ...signed, headers: { ...signed.headers, 'x-signature-ed25519': 'zz' } })).status).toBe(401)
    expect((await kit.deliver({ ...signed, body: signed.body.replace('"type":1', '"type":3') })).status).toBe(401)
    const answer = await kit.deliver({ ...signed, headers: { ...signed.headers, 'x-signature-timestamp': String(Number(signed.headers['x-signature-timestamp']) + 1) } })
    expect(answer.status).toBe(401)
    expect(JSON.parse(answer.text)).toEqual({ error: 'Refused: the Ed25519 signature is invalid.', code: 'unauthorized' })
    // Each reason once a minute at most.
    expect(refusedLines()).toEqual([
      expect.stringContaining("DISCORD_PUBLIC_KEY (or publicKey) is not the application's public key"),
      // Missing headers are not the clock's fault: the line says the request came from elsewhere.
      expect.stringMatching(/the x-signature-ed25519 and x-signature-timestamp headers are missing; Discord signs every interaction it sends; this one came from elsewhere$/)
    ])
  })

  it('refuses an interaction signed more than 5 minutes ago or ahead, which Chat SDK alone would take', async () => {
    for (const now of [Date.now() - 6 * 60_000, Date.now() + 6 * 60_000]) {
      const answer = await kit.deliver(signedInteraction(ping(), { now }))
      expect(answer.status).toBe(401)
      expect(JSON.parse(answer.text).error).toMatch(/more than 5 minutes away/)
    }
    expect((await kit.deliver(signedInteraction(ping(), { now: Date.now() - 4 * 60_000 }))).status).toBe(200)
  })

  it('refuses a replayed interaction, even with its signature written in capitals', async () => {
    const click = signedInteraction(componentInteraction({ who: ADA, customId: 'frogbot:0:0:d', messageId: nextId(), where: { channel: CHANNEL_ID } }))
    expect((await kit.deliver(click)).status).toBe(200)
    expect(discord.messages().map((posted) => posted.text)).toEqual([`<@${ADA.id}> This question is no longer open.`])
    expect((await kit.deliver(click)).status).toBe(401)
    expect((await kit.deliver({ ...click, headers: { ...click.headers, 'x-signature-ed25519': click.headers['x-signature-ed25519'].toUpperCase() } })).status).toBe(401)
  })

  it('takes forwarded Gateway messages only with the bot token, fresh, and once', async () => {
    const calls = discord.calls.length
    expect((await kit.deliver(forwardedMessage({ who: ADA, text: 'hello', where: { channel: CHANNEL_ID }, mention: true }, { token: 'another-token' }))).status).toBe(401)
    // Compared by digest: a token of the bot token's length, or longer, is refused the same way (no length is told apart).
    for (const token of [BOT_TOKEN.replace(/.$/, (last) => (last === 'x' ? 'y' : 'x')), `${BOT_TOKEN}x`]) {
      const refused = await kit.deliver(forwardedMessage({ who: ADA, text: 'hello', where: { channel: CHANNEL_ID }, mention: true }, { token }))
      expect(refused).toMatchObject({ status: 401, text: JSON.stringify({ error: 'Refused: the gateway token is not the bot token.', code: 'unauthorized' }) })
    }
    expect((await kit.deliver(forwardedMessage({ who: ADA, text: 'hello', where: { channel: CHANNEL_ID }, mention: true }, { now: Date.now() - 10 * 60_000 }))).status).toBe(401)
    const stale = JSON.parse(forwardedMessage({ who: ADA, text: 'hello', where: { channel: CHANNEL_ID }, mention: true }).body)
    expect((await kit.deliver({ body: JSON.stringify({ ...stale, timestamp: 'now' }), headers: { 'content-type': 'application/json', 'x-discord-gateway-token': 'test-bot-token.discord' } })).status).toBe(401)
    expect(discord.calls.length).toBe(calls)
    expect(await kit.chats()).toEqual([])

    const message = forwardedMessage({ who: ADA, text: 'hello', where: { channel: CHANNEL_ID }, mention: true })
    expect((await kit.deliver(message)).status).toBe(200)
    expect(discord.messages().map((posted) => posted.text)).toEqual([`<@${ADA.id}> This question is no longer open.`, 'Once.'])
    const event = JSON.parse(message.body) as { timestamp: number }
    for (const replay of [message, { ...message, body: JSON.stringify({ ...event, timestamp: event.timestamp + 5000 }) }]) expect((await kit.deliver(replay)).status).toBe(401)
    expect(discord.messages()).toHaveLength(2)
    expect((await kit.chats())[0].messages.filter((entry) => entry.role === 'user')).toHaveLength(1)
  })
})
