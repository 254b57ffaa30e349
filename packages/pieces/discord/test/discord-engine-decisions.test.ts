import type { ClientTool } from 'frogbot'
import { colorQuestion, scriptedModel, textStep, toolStep } from 'frogbot/testing'
import { question } from 'frogbot/tools'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ADA, BOB, discordKit } from './discord-kit.ts'
import { discordStandIn } from './discord-stand-in.ts'

// What the engine decides for a Discord conversation, seen from Discord: which client tools are
// offered there, and a call that expires.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

/** A client tool of another kind than the question (the seed's `pick_file`). */
const pickFile: ClientTool = {
  slug: 'pick_file',
  description: 'Ask the user which of several files to use.',
  inputSchema: z.object({ files: z.array(z.string()).min(1) }),
  outputSchema: z.object({ file: z.string() }),
  client: { kind: 'pick-file' }
}

describe('the engine behind a Discord conversation', () => {
  it('offers the model only the question tool there', async () => {
    const discord = await discordStandIn()
    const model = scriptedModel([textStep('I will pick myself.')])
    const kit = await discordKit({ model, discord, agent: { tools: [question, pickFile] } })
    open.push(discord, kit)
    await kit.mention(ADA, 'which file?')
    const offered = (model.doStreamCalls[0].tools ?? []).map((tool) => tool.name)
    expect(offered).toContain('question')
    expect(offered).not.toContain('pick_file')
    expect(discord.messages().map((message) => message.text)).toEqual(['I will pick myself.'])
  })

  it('a question that expires has its card edited to say so, and a late click is told it expired', async () => {
    const discord = await discordStandIn()
    let clock = Date.parse('2026-12-01T12:00:00.000Z')
    const expiring = { ...question, client: { ...question.client, expiresIn: 60_000 } }
    const kit = await discordKit({ model: scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }])]), discord, agent: { tools: [expiring] }, now: () => new Date(clock) })
    open.push(discord, kit)
    await kit.mention(ADA, 'paint the shed')
    const [card] = discord.cards()
    clock += 61_000
    expect(await kit.frogbot.maintain()).toMatchObject({ expired: 1 })
    await kit.piece.idle()
    expect(discord.editsOf(card.id).map((edit) => edit.text)).toEqual([expect.stringMatching(/⌛ Expired without an answer\.$/)])
    await kit.click(BOB, card, { label: 'Red' })
    expect(discord.messages().at(-1)?.text).toBe(`<@${BOB.id}> This question expired without an answer.`)
  })
})
