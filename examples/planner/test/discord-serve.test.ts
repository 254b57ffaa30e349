import { type ChildProcess, spawn } from 'node:child_process'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { cliEnv, FROGBOT_BIN, frogbotLines, NODE, PLANNER_CONFIG, startServe, stopAllServes, tempFolders } from '../../../packages/frogbot/test/helpers/spawn-serve.ts'
import { componentsOf } from '../../../packages/pieces/discord/test/discord-message-rules.ts'
import { ADA, EVE } from '../../../packages/pieces/discord/test/discord-people.ts'
import { componentInteraction, forwardedMessage, KEYS, ping, signedInteraction } from '../../../packages/pieces/discord/test/discord-requests.ts'
import { APPLICATION_ID, BOT_TOKEN, CHANNEL_ID, discordStandIn, nextId } from '../../../packages/pieces/discord/test/discord-stand-in.ts'
import { gatewayStandIn } from '../../../packages/pieces/discord/test/gateway-stand-in.ts'

// `npm start` of the planner example with Discord's variables set: `frogbot serve` in its own
// process serves the Interactions Endpoint and holds the Gateway connection; a mention through
// the Gateway gets the offline demo model's question as a select (its options have descriptions), someone not in
// DISCORD_ALLOWED_USER_IDS is refused, Ada's click answers it, and the reply continues.

const folders = tempFolders()
const children: ChildProcess[] = []
afterEach(async () => {
  await stopAllServes()
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})
afterAll(folders.removeAll)

const waitFor = <T>(check: () => T) => vi.waitFor(check, { timeout: 15_000, interval: 50 })

describe('frogbot serve with the Discord piece', () => {
  it('serves /api/webhooks/discord and the Gateway: a mention gets the demo question as a select, a refused click is told, Ada answers, the reply continues', async () => {
    const gateway = await gatewayStandIn()
    const discord = await discordStandIn({ gatewayUrl: () => gateway.url })
    try {
      const env = { FROGBOT_TOKEN: 'serve-discord-token-0123456789', DISCORD_BOT_TOKEN: BOT_TOKEN, DISCORD_PUBLIC_KEY: KEYS.publicKey, DISCORD_APPLICATION_ID: APPLICATION_ID, DISCORD_API_URL: discord.url, DISCORD_ALLOWED_USER_IDS: `${ADA.id}, 7` }
      const serve = await startServe({ cwd: folders.folder(), env: cliEnv(env) })
      expect(frogbotLines(serve.stdout())).toContain("frogbot: channel discord: Discord for agent planner, webhook /api/webhooks/discord (the application's Interactions Endpoint URL), messages through the Gateway")
      const post = (request: { body: string; headers: Record<string, string> }) => fetch(`${serve.base}/api/webhooks/discord`, { method: 'POST', ...request })
      const pong = await post(signedInteraction(ping()))
      expect(await pong.json()).toEqual({ type: 1 })

      await waitFor(() => expect(gateway.live()).toHaveLength(1))
      const root = nextId()
      gateway.dispatch('MESSAGE_CREATE', JSON.parse(forwardedMessage({ who: ADA, text: 'Plan a team offsite: should it be in the city or in the mountains?', where: { channel: CHANNEL_ID }, mention: true, id: root }).body).data)
      const card = await waitFor(() => {
        const [posted] = discord.cards()
        expect(posted).toBeDefined()
        return posted
      })
      expect(card.channelId).toBe(root)
      const [select] = componentsOf(card.body).filter((component) => component.type === 3)
      expect(select.options.map((option: { label: string }) => option.label)).toEqual(['City', 'Mountains'])
      const value = (label: string) => select.options.find((option: { label: string }) => option.label === label).value as string
      const click = (who: typeof ADA, label: string) => post(signedInteraction(componentInteraction({ who, customId: select.custom_id, messageId: card.id, where: { thread: root }, values: [value(label)] })))

      expect((await click(EVE, 'City')).status).toBe(200)
      await waitFor(() => expect(discord.messages().map((message) => message.text)).toContain(`<@${EVE.id}> You may not answer this question: this agent does not accept you.`))
      expect((await click(ADA, 'Mountains')).status).toBe(200)
      await waitFor(() => expect(discord.editsOf(card.id).map((edit) => edit.text)).toEqual([expect.stringMatching(/✅ Mountains\nAnswered by Ada Lovelace \(@ada\)$/)]))
      await waitFor(() => expect(discord.messages().at(-1)?.text).toContain('Mountains'))
      expect((await serve.stop()).code).toBe(0)
      expect(serve.stderr().trim().split('\n')).toEqual([expect.stringMatching(/^frogbot: discord discord: refused Eve \(1500000000000000003\): /)])
    } finally {
      await discord.close()
      await gateway.close()
    }
  })

  it('frogbot channels:run holds the Gateway connection in a process of its own: a mention there gets its reply and its card', async () => {
    const gateway = await gatewayStandIn()
    const discord = await discordStandIn({ gatewayUrl: () => gateway.url })
    try {
      const env = cliEnv({ DISCORD_BOT_TOKEN: BOT_TOKEN, DISCORD_PUBLIC_KEY: KEYS.publicKey, DISCORD_APPLICATION_ID: APPLICATION_ID, DISCORD_API_URL: discord.url, DISCORD_ALLOWED_USER_IDS: ADA.id })
      const child = spawn(NODE, [FROGBOT_BIN, 'channels:run', '--config', PLANNER_CONFIG], { cwd: folders.folder(), env, stdio: ['ignore', 'pipe', 'pipe'] })
      children.push(child)
      let out = ''
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
      await waitFor(() => expect(gateway.live()).toHaveLength(1))
      expect(frogbotLines(out)).toContain('frogbot: running the listeners of discord (one process at a time holds each; stop with Ctrl-C)')
      const root = nextId()
      gateway.dispatch('MESSAGE_CREATE', JSON.parse(forwardedMessage({ who: ADA, text: 'Plan a team offsite: should it be in the city or in the mountains?', where: { channel: CHANNEL_ID }, mention: true, id: root }).body).data)
      await waitFor(() => expect(discord.cards().map((card) => card.channelId)).toEqual([root]))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    } finally {
      await discord.close()
      await gateway.close()
    }
  })
})
