import { afterEach, expect, it } from 'vitest'
import { scriptedModel, textStep, toolStep } from 'frogbot/testing'
import { discordKit } from './discord-kit.ts'
import { ADA, BOB } from './discord-people.ts'
import { discordStandIn } from './discord-stand-in.ts'

// The call's facts ("Waiting for Dana", docs/chat/reach-people.md) stay on a Discord card as it is
// redrawn: a page of options flipped keeps them.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

it('a card of many options keeps "Waiting for Dana" on every page', async () => {
  const discord = await discordStandIn()
  const options = Array.from({ length: 400 }, (_, index) => ({ label: `Option ${index + 1}` }))
  const model = scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: { questions: [{ header: 'Town', question: 'Which town?', options, custom: false }] } }]), textStep('Thanks.')])
  const kit = await discordKit({ model, discord, agent: { questions: { assignees: ['dana@example.com'] } } })
  open.push(discord, kit)
  await kit.mention(ADA, 'help me choose')
  const [card] = discord.cards()
  expect(card.text).toContain('Waiting for Dana')
  await kit.click(BOB, card, { label: 'Next page ▶' })
  expect(kit.current(card).text).toContain('Page 2 of 2')
  expect(kit.current(card).text).toContain('Waiting for Dana')
})
