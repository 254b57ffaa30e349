import { afterEach, describe, expect, it } from 'vitest'
import { colorQuestion, scriptedModel, textStep } from '../../src/testing/scripted-model.ts'
import { createTestToken, createTestUser } from '../../src/testing/test-users.ts'
import { configProblems } from '../../src/testing/config-problems.ts'
import { buildConfig } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { ADA, EVE, toychatKit } from '../channels/toychat/toychat-kit.ts'
import { toychatStandIn, type ToychatStandIn } from '../channels/toychat/toychat-stand-in.ts'
import { createToychat } from '../channels/toychat/toychat-piece.ts'
import { mcpClient } from './mcp-client-kit.ts'

// ask_human answered in a piece (docs/protocols/mcp.md, "In a channel"): with mcp.channel the
// piece opens a conversation for each question, draws the question there, and the answer given
// there goes back to the MCP client. The piece is the documentation's Toychat, on its stand-in.

let standIn: ToychatStandIn | undefined
let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  await standIn?.close()
  cleanup = undefined
  standIn = undefined
})

async function asked() {
  standIn = await toychatStandIn()
  const kit = await toychatKit({ model: scriptedModel([textStep('Never said.')]), standIn, config: { mcp: { enabled: true, agent: 'planner', channel: 'toychat', waitSeconds: 1 } } })
  const user = await createTestUser(kit.frogbot, { email: ADA.email })
  const client = await mcpClient({ base: kit.base, token: await createTestToken(kit.frogbot, { user }) })
  cleanup = async () => {
    await client.close()
    await kit.close()
  }
  const result = client.callTool({ name: 'ask_human', arguments: colorQuestion })
  const isCard = (text: string) => text.includes('Reply with the number of an option')
  for (let attempt = 0; !standIn.messages.some((message) => isCard(message.text)); attempt++) {
    if (attempt === 100) throw new Error(`no card was posted: ${JSON.stringify(standIn.messages)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const card = standIn.messages.find((message) => isCard(message.text))!
  return { kit, result, card }
}

describe('ask_human answered in a channel piece (mcp.channel)', () => {
  it('opens a conversation in the piece, draws the question there; the answer given there returns to the MCP client and the card says who answered', async () => {
    const { kit, result, card } = await asked()
    // The conversation opens with the caller's question, then its card, in a thread of its own.
    const thread = standIn!.messages.filter((message) => message.thread === card.thread)
    expect(thread.map((message) => message.text)).toEqual(['Asked through MCP: Which color?', card.text])

    // Someone the agent does not accept changes nothing; Ada's reply answers.
    await kit.say(EVE, '1', { thread: card.thread, replyTo: card.id })
    await kit.say(ADA, '2', { thread: card.thread, replyTo: card.id })
    const answered = await result
    expect(answered.isError).toBeFalsy()
    expect(answered.structuredContent).toEqual({ answers: [{ header: 'Color', selected: ['Blue'] }] })
    await kit.piece.idle()
    expect(card.edits.at(-1)).toMatch(/@ada/)

    // The chat is that conversation, and it ends at the answer: the agent's model says nothing there.
    const messages = standIn!.messages.filter((message) => message.thread === card.thread)
    expect(messages.map((message) => message.text).filter((text) => text === 'Never said.')).toEqual([])
  })

  it('refuses a channel that is not one of mcp.agent\'s, or whose piece starts no conversations, naming mcp.channel', () => {
    const piece = createToychat({ apiUrl: 'http://127.0.0.1:9', secret: 's' })
    const problems = (mcp: unknown, channels: unknown[] = [piece]) => configProblems(() => buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: channels as never }], mcp } as never))
    expect(problems({ enabled: true, agent: 'planner', channel: 'slack' })).toEqual([expect.stringMatching(/^mcp\.channel: "slack" must be the instance name of one of agent "planner"'s channels/)])
    expect(problems({ enabled: true, channel: 'toychat' })).toEqual([expect.stringMatching(/^mcp\.channel: .*set mcp\.agent too/)])
    const { openThread: _none, ...closed } = piece
    expect(problems({ enabled: true, agent: 'planner', channel: 'toychat' }, [closed])).toEqual([expect.stringMatching(/^mcp\.channel: the piece "toychat" cannot start conversations/)])
    expect(problems({ enabled: true, agent: 'planner', channel: 'toychat' })).toEqual([])
  })
})
