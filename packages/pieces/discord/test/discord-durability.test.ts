import { sqliteAdapter } from 'frogbot'
import { scriptedModel, tempDir, textStep, toolStep } from 'frogbot/testing'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ADA, BOB, discordKit } from './discord-kit.ts'
import { componentsOf } from './discord-message-rules.ts'
import { discordStandIn } from './discord-stand-in.ts'

// Durability (docs/pieces/discord.md): cards and partial picks live in FrogBot's database, so a
// restart or a second server goes on where the first left off; a double click settles once.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

const questions = [
  { header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }], custom: false },
  { header: 'Size', question: 'Which sizes?', options: [{ label: 'S' }, { label: 'M' }, { label: 'L' }], multiple: true, custom: false }
]
const asks = () => scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: { questions } }]), textStep('Noted.')])

describe('Discord cards across restarts, servers and double clicks', () => {
  it('a pick made before a restart is kept after it, on another server too: the answer carries both questions', async () => {
    const temp = tempDir()
    const db = () => sqliteAdapter({ filename: join(temp.dir, 'frogbot.db') })
    const discord = await discordStandIn()
    open.push({ close: async () => temp.remove() }, discord)
    const first = await discordKit({ model: asks(), discord, db: db() })
    await first.mention(ADA, 'paint the shed')
    const [card] = discord.cards()
    await first.click(ADA, card, { label: 'Blue' })
    await first.close()

    const second = await discordKit({ model: scriptedModel([textStep('Noted.')]), discord, db: db() })
    open.push(second)
    const drawn = second.current(card)
    expect(drawn.text).toContain('2 of 2')
    const select = componentsOf(drawn.body).find((component) => component.type === 3)!
    await second.click(BOB, drawn, { customId: select.custom_id, values: ['0', '2'] })
    await second.click(BOB, second.current(card), { label: 'Submit' })
    const [read] = await second.chats()
    const part = read.messages.flatMap((message) => message.parts).find((entry) => (entry as { toolCallId?: string }).toolCallId === 'call_q') as unknown as { output: unknown }
    expect(part.output).toEqual({ answers: [{ header: 'Color', selected: ['Blue'] }, { header: 'Size', selected: ['S', 'L'] }] })
    expect(discord.cards()).toHaveLength(1)
  })

  it('a double click on the last question settles once; the second is told who answered', async () => {
    const discord = await discordStandIn()
    const kit = await discordKit({ model: asks(), discord })
    open.push(discord, kit)
    await kit.mention(ADA, 'paint the shed')
    const [card] = discord.cards()
    await kit.click(ADA, card, { label: 'Red' })
    const drawn = kit.current(card)
    const select = componentsOf(drawn.body).find((component) => component.type === 3)!
    await kit.click(ADA, drawn, { customId: select.custom_id, values: ['1'] })
    const picked = kit.current(card)
    await Promise.all([kit.click(ADA, picked, { label: 'Submit' }), kit.click(ADA, picked, { label: 'Submit' })])
    const settlements = (await kit.chats())[0].messages.flatMap((message) => message.settlements ?? [])
    expect(settlements).toHaveLength(1)
    expect(discord.messages().map((message) => message.text)).toContain(`<@${ADA.id}> This question was already answered by Ada Lovelace (@ada).`)
    expect(discord.editsOf(card.id).filter((edit) => edit.text.includes('Answered by'))).toHaveLength(1)
  })
})
