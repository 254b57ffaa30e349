import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, vi } from 'vitest'
import { componentsOf } from '../../packages/pieces/discord/test/discord-message-rules.ts'
import { ADA, EVE } from '../../packages/pieces/discord/test/discord-people.ts'
import { componentInteraction, FOREIGN_KEYS, forwardedMessage, KEYS, ping, signedInteraction } from '../../packages/pieces/discord/test/discord-requests.ts'
import { APPLICATION_ID, BOT_TOKEN, CHANNEL_ID, discordStandIn, nextId, type PostedMessage } from '../../packages/pieces/discord/test/discord-stand-in.ts'
import { gatewayStandIn } from '../../packages/pieces/discord/test/gateway-stand-in.ts'
import { startUntil, type Started } from './outside-repo.ts'

const WAIT = { timeout: 15_000, interval: 50 }

/**
 * A Discord thread end to end against the installed packages (README "Discord"): `npx frogbot
 * serve` of a config with `createDiscord()` and an `access` on Ada's Discord id, in `app` on a
 * database of its own, against a stand-in of Discord's REST API and Gateway, the offline demo
 * model asking three questions: a signed PING is answered, forged and stale ones refused; a
 * forwarded mention starts a thread with a card asking one question at a time; a participant the
 * agent refuses is told in the thread and nothing changes; Ada answers each question with the
 * card's controls (a pick, several picks and Next or Submit), the card says "Answered by" her,
 * and the reply continues in the thread.
 */
export async function discordJourney({ app, env, running }: { app: string; env: NodeJS.ProcessEnv; running: Started[] }) {
  const gateway = await gatewayStandIn()
  const discord = await discordStandIn({ gatewayUrl: () => gateway.url })
  try {
    writeFileSync(
      join(app, 'discord.config.ts'),
      [
        "import { createDiscord } from '@frogbotai/piece-discord'",
        "import { buildConfig, sqliteAdapter } from 'frogbot'",
        "import { question } from 'frogbot/tools'",
        '',
        'export default buildConfig({',
        "  db: sqliteAdapter({ filename: './discord.db' }),",
        `  agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [createDiscord()], access: ({ req }) => req.channel?.piece === 'discord' && req.channel.userId === '${ADA.id}' }]`,
        '})',
        ''
      ].join('\n')
    )
    const discordEnv = { ...env, DISCORD_BOT_TOKEN: BOT_TOKEN, DISCORD_PUBLIC_KEY: KEYS.publicKey, DISCORD_APPLICATION_ID: APPLICATION_ID, DISCORD_API_URL: discord.url }
    const serve = await startUntil('npx', ['frogbot', 'serve', '--port', '0', '--host', '127.0.0.1', '--config', 'discord.config.ts'], { cwd: app, env: discordEnv, ready: /listening on http:\/\/localhost:(\d+)/, timeoutMs: 60_000 })
    running.push(serve)
    expect(serve.output()).toContain("frogbot: channel discord: Discord for agent planner, webhook /api/webhooks/discord (the application's Interactions Endpoint URL), messages through the Gateway")
    const post = async (request: { body: string; headers: Record<string, string> }) => {
      const response = await fetch(`http://127.0.0.1:${serve.match[1]}/api/webhooks/discord`, { method: 'POST', ...request })
      return { status: response.status, text: await response.text() }
    }

    expect(await post(signedInteraction(ping()))).toEqual({ status: 200, text: '{"type":1}' })
    expect((await post(signedInteraction(ping(), { key: FOREIGN_KEYS.privateKey }))).status).toBe(401)
    expect((await post(signedInteraction(ping(), { now: Date.now() - 10 * 60_000 }))).status).toBe(401)
    await vi.waitFor(() => expect(gateway.live()).toHaveLength(1), WAIT)

    const root = nextId()
    expect((await post(forwardedMessage({ who: ADA, text: 'Ask me a few questions about a team offsite', where: { channel: CHANNEL_ID }, mention: true, id: root })) ).status).toBe(200)
    const card = await vi.waitFor(() => {
      const [drawn] = discord.cards()
      expect(drawn).toBeDefined()
      return drawn
    }, WAIT)
    expect(card.channelId).toBe(root)
    expect(card.text).toMatch(/ · 1 of 3\n/)
    const click = (who: typeof ADA, drawn: PostedMessage, customId: string, values?: string[]) => post(signedInteraction(componentInteraction({ who, customId, messageId: drawn.id, where: { thread: root }, ...(values ? { values } : {}) })))
    const controls = (drawn: PostedMessage) => componentsOf(drawn.body).filter((component) => component.type === 2 || component.type === 3)

    const [first] = controls(card)
    expect((await click(EVE, card, first.custom_id, first.type === 3 ? [first.options[0].value] : undefined)).status).toBe(200)
    await vi.waitFor(() => expect(discord.messages().map((message) => message.text)).toContain(`<@${EVE.id}> You may not answer this question: this agent does not accept you.`), WAIT)
    expect(discord.editsOf(card.id)).toEqual([])

    // Each question in turn: a pick from its select (two where it takes several, then Next or Submit), or its first button.
    for (let step = 1; step <= 3; step++) {
      const drawn = discord.message(card.id)!
      expect(drawn.text).toContain(`${step} of 3`)
      const [control] = controls(drawn)
      if (control.type === 2) {
        expect((await click(ADA, drawn, control.custom_id)).status).toBe(200)
      } else if (control.max_values > 1) {
        expect((await click(ADA, drawn, control.custom_id, control.options.slice(0, 2).map((option: { value: string }) => option.value))).status).toBe(200)
        const picked = await vi.waitFor(() => {
          const redrawn = discord.message(card.id)!
          expect(redrawn.text).toContain('Picked: ')
          return redrawn
        }, WAIT)
        const next = controls(picked).find((candidate) => candidate.label === 'Next' || candidate.label === 'Submit')!
        expect((await click(ADA, picked, next.custom_id)).status).toBe(200)
      } else {
        expect((await click(ADA, drawn, control.custom_id, [control.options[0].value])).status).toBe(200)
      }
      if (step < 3) await vi.waitFor(() => expect(discord.message(card.id)!.text).toContain(`${step + 1} of 3`), WAIT)
    }
    await vi.waitFor(() => expect(discord.editsOf(card.id).at(-1)?.text).toMatch(/Answered by Ada Lovelace \(@ada\)$/), WAIT)
    await vi.waitFor(() => expect(discord.messages().filter((message) => message.channelId === root && !message.text.startsWith('<@')).length).toBeGreaterThan(1), WAIT)
    await serve.stop()
  } finally {
    await discord.close()
    await gateway.close()
  }
}
