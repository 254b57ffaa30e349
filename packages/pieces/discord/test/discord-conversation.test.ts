import { colorQuestion, scriptedModel, textStep, toolStep } from 'frogbot/testing'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADA, BOB, discordKit } from './discord-kit.ts'
import { ChannelKind, CHANNEL_ID, discordStandIn, nextId } from './discord-stand-in.ts'

// Where the piece replies (docs/pieces/discord.md): a mention in a channel starts a thread on that
// message; in a thread a mention starts and later messages continue without one; a DM answers
// every message; respondToChannelIds channels need no mention. Messages of bots, the bot's own
// among them, and channel messages without a mention start nothing.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

async function conversation(replies: (string | ReturnType<typeof toolStep>)[], options = {}) {
  const discord = await discordStandIn()
  const kit = await discordKit({ model: scriptedModel(replies.map((reply) => (typeof reply === 'string' ? textStep(reply) : reply))), discord, options })
  open.push(discord, kit)
  return { discord, kit }
}

const threadStarts = (calls: { method: string; path: string }[]) => calls.filter((call) => call.method === 'POST' && call.path.endsWith('/threads')).map((call) => call.path)

describe('conversations in Discord', () => {
  it('a mention in a channel starts a thread on that message; later messages there continue without one', async () => {
    const { discord, kit } = await conversation(['Hello Ada.', 'The fence too.'])
    const thread = await kit.mention(ADA, 'paint the shed')
    expect(threadStarts(discord.calls)).toEqual([`/channels/${CHANNEL_ID}/messages/${thread}/threads`])
    expect(discord.channel(thread)).toMatchObject({ type: ChannelKind.PublicThread, parent_id: CHANNEL_ID, name: 'paint the shed' })
    expect(discord.messages().map((message) => [message.channelId, message.text])).toEqual([[thread, 'Hello Ada.']])
    await kit.say(BOB, 'and the fence', { thread })
    expect(discord.messages().map((message) => [message.channelId, message.text])).toEqual([
      [thread, 'Hello Ada.'],
      [thread, 'The fence too.']
    ])
    const [read] = await kit.chats()
    expect(read.messages.filter((message) => message.role === 'user').map((message) => message.parts)).toMatchObject([[{ type: 'text', text: 'paint the shed' }], [{ type: 'text', text: 'and the fence' }]])
    expect(threadStarts(discord.calls)).toHaveLength(1)
  })

  it("the agent's replies ping nobody: @everyone and mentions the model writes notify no one", async () => {
    const { discord, kit } = await conversation([`Hey @everyone, ask <@${BOB.id}>.`])
    await kit.mention(ADA, 'who knows?')
    expect(discord.messages().map((message) => message.text)).toEqual([expect.stringContaining(`everyone>, ask <@${BOB.id}>.`)])
    const replies = discord.calls.filter((call) => call.path.endsWith('/messages') || /\/messages\/\d+$/.test(call.path))
    expect(replies.length).toBeGreaterThan(0)
    for (const call of replies) expect(call.body.allowed_mentions).toEqual({ parse: [] })
  })

  it('a reply longer than a message holds goes on in the next ones, cut at line breaks, nothing lost', async () => {
    const lines = Array.from({ length: 120 }, (_, index) => `Line ${index + 1} of a long reply about the shed and its fence.`)
    const { discord, kit } = await conversation([lines.join('\n')])
    const thread = await kit.mention(ADA, 'tell me everything')
    await vi.waitFor(() => expect(discord.messages().map((message) => message.text).join('\n').trim().split('\n').at(-1)).toBe(lines.at(-1)))
    const parts = discord.messages().filter((message) => message.channelId === thread).map((message) => message.text)
    expect(parts.length).toBeGreaterThanOrEqual(3)
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(2000)
    expect(parts.map((part) => part.trim()).join('\n')).toBe(lines.join('\n'))
  })

  it('a mention in an existing thread starts the conversation there, without another thread', async () => {
    const { discord, kit } = await conversation(['In the thread.'])
    const thread = nextId()
    discord.addChannel({ id: thread, type: ChannelKind.PublicThread, parent_id: CHANNEL_ID })
    await kit.say(ADA, 'hello', { thread }, { mention: true })
    expect(threadStarts(discord.calls)).toEqual([])
    expect(discord.messages().map((message) => [message.channelId, message.text])).toEqual([[thread, 'In the thread.']])
  })

  it('a DM answers every message, no mention needed', async () => {
    const { discord, kit } = await conversation(['One.', 'Two.'])
    const dm = nextId()
    discord.addChannel({ id: dm, type: ChannelKind.DM })
    await kit.say(ADA, 'first', { dm })
    await kit.say(ADA, 'second', { dm })
    expect(discord.messages().map((message) => [message.channelId, message.text])).toEqual([
      [dm, 'One.'],
      [dm, 'Two.']
    ])
    expect(threadStarts(discord.calls)).toEqual([])
  })

  it('respondToChannelIds: every message there starts a conversation in a thread of its own, no mention needed', async () => {
    const { discord, kit } = await conversation(['Heard you.'], { respondToChannelIds: [CHANNEL_ID] })
    const id = nextId()
    await kit.say(BOB, 'no mention here', { channel: CHANNEL_ID }, { id })
    expect(threadStarts(discord.calls)).toEqual([`/channels/${CHANNEL_ID}/messages/${id}/threads`])
    expect(discord.messages().map((message) => [message.channelId, message.text])).toEqual([[id, 'Heard you.']])
  })

  it('mentionRoleIds: a mention of such a role counts as mentioning the bot, and is not part of what was said', async () => {
    const role = '1600000000000000009'
    const { discord, kit } = await conversation(['Role heard.'], { mentionRoleIds: [role] })
    const id = nextId()
    await kit.say(ADA, 'plan the offsite', { channel: CHANNEL_ID }, { id, roles: [role] })
    expect(discord.messages().map((message) => [message.channelId, message.text])).toEqual([[id, 'Role heard.']])
    expect((await kit.chats())[0].messages[0].parts).toMatchObject([{ type: 'text', text: 'plan the offsite' }])
  })

  it('a channel message without a mention, and any message of a bot, start nothing', async () => {
    const { discord, kit } = await conversation([])
    await kit.say(ADA, 'just chatting', { channel: CHANNEL_ID })
    const thread = nextId()
    discord.addChannel({ id: thread, type: ChannelKind.PublicThread, parent_id: CHANNEL_ID })
    await kit.say({ id: '1100000000000000001', username: 'frogbot', globalName: 'FrogBot' }, 'my own words', { thread }, { mention: true, bot: true })
    await kit.say({ id: '1700000000000000001', username: 'otherbot', globalName: 'Other' }, 'beep', { thread }, { mention: true, bot: true })
    expect(await kit.chats()).toEqual([])
    expect(discord.messages()).toEqual([])
  })

  it('in a DM the question is answered there too, by a click that carries the user and no server roles', async () => {
    const { discord, kit } = await conversation([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }]), 'Blue it is.'])
    const dm = nextId()
    discord.addChannel({ id: dm, type: ChannelKind.DM })
    await kit.say(ADA, 'paint the shed', { dm })
    const [card] = discord.cards()
    expect(card.channelId).toBe(dm)
    await kit.click(ADA, card, { label: 'Blue' })
    expect(discord.editsOf(card.id).at(-1)?.text).toMatch(/✅ Blue\nAnswered by Ada Lovelace \(@ada\)$/)
    expect(discord.messages().map((message) => [message.channelId, message.text])).toEqual([[dm, 'Blue it is.']])
  })

  it('every call the piece makes goes to apiUrl: none to discord.com, whatever Chat SDK would do', async () => {
    const fetched: string[] = []
    const original = globalThis.fetch
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      fetched.push(input instanceof Request ? input.url : String(input))
      return original(input, init)
    })
    try {
      const { discord, kit } = await conversation([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }]), 'Blue it is.'])
      const thread = await kit.mention(ADA, 'paint the shed')
      const [card] = discord.cards()
      await kit.click(BOB, card, { label: 'Other…' })
      await kit.say(BOB, 'teal', { thread })
      expect(discord.messages().at(-1)?.text).toBe('Blue it is.')
      const elsewhere = fetched.filter((url) => !url.startsWith(discord.url) && !url.startsWith(kit.served.base))
      expect(elsewhere).toEqual([])
      expect(fetched.filter((url) => url.startsWith(discord.url)).length).toBeGreaterThan(4)
    } finally {
      spy.mockRestore()
    }
  })
})
