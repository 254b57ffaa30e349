import type { LanguageModel } from 'ai'
import { type AgentConfig, buildConfig, type DatabaseAdapter, sqliteAdapter } from 'frogbot'
import { serveFrogbot, tempDir } from 'frogbot/testing'
import { question } from 'frogbot/tools'
import { join } from 'node:path'
import { createDiscord, type DiscordOptions } from '../src/index.ts'
import { componentsOf } from './discord-message-rules.ts'
import { ADA, BOB, discordAccess, EVE } from './discord-people.ts'
import { componentInteraction, type Delivery, type DiscordPerson, forwardedMessage, KEYS, signedInteraction, type Where } from './discord-requests.ts'
import { APPLICATION_ID, BOT_TOKEN, CHANNEL_ID, type DiscordStandIn, nextId, type PostedMessage } from './discord-stand-in.ts'

/** The options of a piece on `discord` (the stand-in): the test application, its key and token, the stand-in's API. */
export const standInOptions = (discord: DiscordStandIn): DiscordOptions => ({ applicationId: APPLICATION_ID, publicKey: KEYS.publicKey, botToken: BOT_TOKEN, apiUrl: discord.url, env: {} })

/**
 * A FrogBot served on 127.0.0.1 (`serveFrogbot`) with the `planner` agent (`question`, access:
 * Ada by id, the planners' role) on a Discord piece whose API is `discord` (a recording stand-in),
 * on `db` (default: a SQLite file in a temporary folder), with FrogBot's clock `now`. Messages are forwarded as the Gateway
 * listener forwards them, clicks signed with the test's key; each helper waits until the piece has
 * no work in flight. `logs` holds what FrogBot logged: `close()` fails on any line left in it.
 */
export async function discordKit({ model, discord, db, agent = {}, options = {}, now }: { model: Exclude<LanguageModel, string>; discord: DiscordStandIn; db?: DatabaseAdapter; agent?: Partial<AgentConfig>; options?: DiscordOptions; now?: () => Date }) {
  const temp = db ? null : tempDir()
  const piece = createDiscord({ ...standInOptions(discord), ...options })
  const config = buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [piece], access: discordAccess, ...agent }], db: db ?? sqliteAdapter({ filename: join(temp!.dir, 'frogbot.db') }) })
  const served = await serveFrogbot({ config, model, options: now ? { now } : {} })
  const path = `/api/webhooks/${piece.instance}`

  /** Posts a request to the webhook as it is given (signed or not), then waits for the piece to settle down. */
  const deliver = async (request: Delivery) => {
    const answer = await served.post(path, request)
    await piece.idle()
    return answer
  }

  /** `who` mentions the bot in the test channel (message `id`): a thread is started on it. Resolves to the thread's id (the message's). */
  const mention = async (who: DiscordPerson, text: string, id = nextId()) => {
    const answer = await deliver(forwardedMessage({ who, text, where: { channel: CHANNEL_ID }, mention: true, id }))
    if (answer.status !== 200) throw new Error(`the mention was answered ${answer.status}: ${answer.text}`)
    return id
  }

  /** `who` clicks the control labelled `label` (or with custom id `customId`) on `card`, with `values` for a select. */
  const click = (who: DiscordPerson, card: PostedMessage, control: { label?: string; customId?: string; values?: string[] }) => {
    const customId = control.customId ?? componentsOf(card.body).find((component) => component.label === control.label)?.custom_id
    if (!customId) throw new Error(`no control "${control.label}" on the card: ${JSON.stringify(card.body)}`)
    const where: Where = card.channelId === CHANNEL_ID ? { channel: CHANNEL_ID } : discord.channel(card.channelId)?.type === 1 ? { dm: card.channelId } : { thread: card.channelId }
    return deliver(signedInteraction(componentInteraction({ who, customId, messageId: card.id, where, ...(control.values ? { values: control.values } : {}) })))
  }

  return {
    frogbot: served.frogbot,
    piece,
    served,
    logs: served.logs,
    deliver,
    mention,
    click,
    /** `who` writes `text` in `where` (a thread, a channel, a DM), not mentioning the bot unless `mention`. */
    say: (who: DiscordPerson, text: string, where: Where, extra: { mention?: boolean; id?: string; bot?: boolean; roles?: string[] } = {}) => deliver(forwardedMessage({ who, text, where, ...extra })),
    /** Every chat, as FrogBot reads it, oldest first. */
    chats: () => served.chats(),
    /** The current state of the only chat. */
    state: async () => (await served.chats())[0]?.chat.state,
    /** A card as it is now (its last edit). */
    current: (card: PostedMessage) => discord.message(card.id)!,
    close: async () => {
      await served.close()
      temp?.remove()
      if (served.logs.length > 0) throw new Error(`unexpected log lines:\n${served.logs.join('\n')}`)
    }
  }
}

/** See {@link discordKit}. */
export type DiscordKit = Awaited<ReturnType<typeof discordKit>>

export { ADA, BOB, EVE }
