import { scriptedModel, textStep, toolStep } from 'frogbot/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { ADA, BOB, discordKit, type DiscordKit } from './discord-kit.ts'
import { componentsOf } from './discord-message-rules.ts'
import { type DiscordStandIn, discordStandIn, type PostedMessage } from './discord-stand-in.ts'

// How each kind of question is drawn in Discord (docs/pieces/discord.md, what participants see) and
// answered with the controls drawn: buttons, string selects (several picks, several menus, pages),
// one question at a time, Other… and the presser's next message, Dismiss; then the card edited
// to the answers and who gave them.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

const options = (count: number, extra: (index: number) => Record<string, string> = () => ({})) => Array.from({ length: count }, (_, index) => ({ label: `Option ${index + 1}`, ...extra(index) }))

/** A kit whose model asks `questions` in one call, then says "Thanks."; Ada mentions the bot, the card is drawn in her thread. */
async function asking(questions: unknown[], afterwards: ReturnType<typeof textStep>[] = []) {
  const discord = await discordStandIn()
  const model = scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: { questions } }]), textStep('Thanks.'), ...afterwards])
  const kit = await discordKit({ model, discord })
  open.push(discord, kit)
  const thread = await kit.mention(ADA, 'help me choose')
  const cards = discord.cards()
  expect(cards).toHaveLength(1)
  expect(cards[0].channelId).toBe(thread)
  return { discord, kit, thread, card: cards[0] }
}

/** The answer stored for the chat's one call, once settled. */
async function storedAnswer(kit: DiscordKit) {
  const [read] = await kit.chats()
  const part = read.messages.flatMap((message) => message.parts).find((entry) => (entry as { toolCallId?: string }).toolCallId === 'call_q') as unknown as { state: string; output?: unknown }
  return { state: read.chat.state, output: part.output }
}

const kinds = (card: PostedMessage) => componentsOf(card.body).map((component) => component.type)
const labels = (card: PostedMessage) => componentsOf(card.body).filter((component) => component.type === 2).map((component) => component.label)
const selects = (card: PostedMessage) => componentsOf(card.body).filter((component) => component.type === 3)

describe('question controls in Discord', () => {
  it('one choice of up to 5 short options: a button each, one click answers; the card then shows the answer and who gave it', async () => {
    const { discord, kit, card, thread } = await asking([{ header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] }])
    expect(card.body.flags).toBe(1 << 15)
    expect(kinds(card)).toEqual([17, 10, 1, 2, 2, 1, 2, 2])
    expect(labels(card)).toEqual(['Red', 'Blue', 'Other…', 'Dismiss'])
    expect(card.text).toBe('**Color**\nWhich color?')
    await kit.click(ADA, card, { label: 'Blue' })
    expect(await storedAnswer(kit)).toEqual({ state: 'idle', output: { answers: [{ header: 'Color', selected: ['Blue'] }] } })
    expect(discord.editsOf(card.id).map((edit) => edit.text)).toEqual(['Color: Which color?\n✅ Blue\nAnswered by Ada Lovelace (@ada)'])
    expect(kinds(kit.current(card))).toEqual([17, 10])
    expect(discord.messages().map((message) => [message.channelId, message.text])).toEqual([[thread, 'Thanks.']])
  })

  it('options with descriptions: a string select, descriptions under the options, one pick answers', async () => {
    const { kit, card } = await asking([{ header: 'Size', question: 'Which size?', options: options(3, (index) => ({ description: `Size ${index + 1} of 3` })), custom: false }])
    const [select] = selects(card)
    expect(select).toMatchObject({ min_values: 1, max_values: 1, placeholder: 'Choose one' })
    expect(select.options[0]).toEqual({ label: 'Option 1', value: '0', description: 'Size 1 of 3' })
    expect(labels(card)).toEqual(['Dismiss'])
    await kit.click(BOB, card, { customId: select.custom_id, values: ['2'] })
    expect(await storedAnswer(kit)).toEqual({ state: 'idle', output: { answers: [{ header: 'Size', selected: ['Option 3'] }] } })
  })

  it('several picks: a select with max_values, every value of the interaction kept, then Submit', async () => {
    const { discord, kit, card } = await asking([{ header: 'Toppings', question: 'Which toppings?', options: options(4), multiple: true, custom: false }])
    const [select] = selects(card)
    expect(select).toMatchObject({ min_values: 0, max_values: 4, placeholder: 'Choose one or more' })
    expect(labels(card)).toEqual(['Submit', 'Dismiss'])
    await kit.click(ADA, card, { label: 'Submit' })
    expect(discord.messages().at(-1)?.text).toBe(`<@${ADA.id}> Choose at least one option for “Toppings”.`)
    await kit.click(ADA, card, { customId: select.custom_id, values: ['3', '0'] })
    const redrawn = kit.current(card)
    expect(redrawn.text).toContain('Picked: Option 1, Option 4')
    expect(selects(redrawn)[0].options.filter((option: { default?: boolean }) => option.default).map((option: { value: string }) => option.value)).toEqual(['0', '3'])
    await kit.click(ADA, redrawn, { label: 'Submit' })
    expect(await storedAnswer(kit)).toEqual({ state: 'idle', output: { answers: [{ header: 'Toppings', selected: ['Option 1', 'Option 4'] }] } })
  })

  it('more than 25 options: several menus of 25, none dropped, picks kept across them', async () => {
    const { kit, card } = await asking([{ header: 'Pick', question: 'Which ones?', options: options(30), multiple: true, custom: false }])
    const menus = selects(card)
    expect(menus.map((menu) => menu.options.length)).toEqual([25, 5])
    expect(menus.map((menu) => menu.placeholder)).toEqual(['Choose one or more (options 1–25)', 'Choose one or more (options 26–30)'])
    await kit.click(ADA, card, { customId: menus[0].custom_id, values: ['1'] })
    const once = kit.current(card)
    await kit.click(ADA, once, { customId: selects(once)[1].custom_id, values: ['29', '25'] })
    const twice = kit.current(card)
    await kit.click(ADA, twice, { customId: selects(twice)[0].custom_id, values: ['1', '2'] })
    await kit.click(ADA, kit.current(card), { label: 'Submit' })
    expect((await storedAnswer(kit)).output).toEqual({ answers: [{ header: 'Pick', selected: ['Option 2', 'Option 3', 'Option 26', 'Option 30'] }] })
  })

  it('more than 375 options: pages of 15 menus, every option reachable', async () => {
    const { kit, card } = await asking([{ header: 'Town', question: 'Which town?', options: options(400), custom: false }])
    expect(selects(card)).toHaveLength(15)
    expect(card.text).toContain('Page 1 of 2: options 1–375 of 400')
    expect(labels(card)).toEqual(['Dismiss', 'Next page ▶'])
    await kit.click(BOB, card, { label: 'Next page ▶' })
    const second = kit.current(card)
    expect(selects(second).map((menu) => menu.options.length)).toEqual([25])
    expect(labels(second)).toEqual(['Dismiss', '◀ Previous page'])
    await kit.click(BOB, second, { customId: selects(second)[0].custom_id, values: ['390'] })
    expect((await storedAnswer(kit)).output).toEqual({ answers: [{ header: 'Town', selected: ['Option 391'] }] })
  })

  it('several questions: one at a time with "2 of 3" and the answers so far; a click on an older drawing changes nothing', async () => {
    const { discord, kit, card } = await asking([
      { header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }], custom: false },
      { header: 'Size', question: 'Which size?', options: options(3), multiple: true, custom: false },
      { header: 'Day', question: 'Which day?', options: [{ label: 'Monday' }, { label: 'Friday' }], custom: false }
    ])
    expect(card.text).toBe('**Color** · 1 of 3\nWhich color?')
    await kit.click(ADA, card, { label: 'Blue' })
    const second = kit.current(card)
    expect(second.text).toBe('**Size** · 2 of 3\nWhich size?\n-# So far: **Color**: Blue')
    expect(labels(second)).toEqual(['Next', 'Dismiss'])
    await kit.click(BOB, card, { label: 'Red' })
    expect(discord.messages().at(-1)?.text).toBe(`<@${BOB.id}> This question changed since you saw it; look at it again and choose once more.`)
    await kit.click(BOB, second, { customId: selects(second)[0].custom_id, values: ['0', '2'] })
    await kit.click(BOB, kit.current(card), { label: 'Next' })
    const third = kit.current(card)
    expect(third.text).toBe('**Day** · 3 of 3\nWhich day?\n-# So far: **Color**: Blue · **Size**: Option 1, Option 3')
    await kit.click(ADA, third, { label: 'Friday' })
    expect((await storedAnswer(kit)).output).toEqual({
      answers: [
        { header: 'Color', selected: ['Blue'] },
        { header: 'Size', selected: ['Option 1', 'Option 3'] },
        { header: 'Day', selected: ['Friday'] }
      ]
    })
    expect(discord.editsOf(card.id).at(-1)?.text).toBe('Color: Which color?\n✅ Blue\nSize: Which size?\n✅ Option 1, Option 3\nDay: Which day?\n✅ Friday\nAnswered by Ada Lovelace (@ada)')
  })

  it("Other…: the presser's next message in the thread is the typed answer; anyone else's reaches the agent as usual; pressing it again cancels", async () => {
    const { discord, kit, card, thread } = await asking([{ header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] }], [textStep('Green noted.')])
    await kit.click(ADA, card, { label: 'Other…' })
    expect(discord.messages().at(-1)?.text).toBe(`<@${ADA.id}> Type your answer to “Color” as your next message in this thread, within 10 minutes. Press **Other…** again to cancel.`)
    await kit.click(ADA, card, { label: 'Other…' })
    expect(discord.messages().at(-1)?.text).toBe(`<@${ADA.id}> No typed answer then: your next message here is an ordinary message again.`)
    await kit.click(ADA, card, { label: 'Other…' })
    await kit.say(BOB, 'I like green', { thread })
    expect(discord.messages().at(-1)?.text).toBe(`<@${BOB.id}> Your message waits until the question above is answered or dismissed; then it is read.`)
    await kit.say(ADA, 'Teal, please', { thread })
    const answer = await storedAnswer(kit)
    expect(answer.output).toEqual({ answers: [{ header: 'Color', selected: [], custom: 'Teal, please' }] })
    expect(discord.editsOf(card.id).at(-1)?.text).toBe('Color: Which color?\n✅ “Teal, please”\nAnswered by Ada Lovelace (@ada)')
    await expect.poll(() => discord.messages().map((message) => message.text).filter((text) => !text.startsWith('<@'))).toEqual(['Thanks.', 'Green noted.'])
    expect((await kit.chats())[0].messages.filter((message) => message.role === 'user').map((message) => message.parts)).toMatchObject([[{ text: 'help me choose' }], [{ text: 'I like green' }]])
  })

  it('Other… after picks on a question taking several: the typed answer comes beside the picks', async () => {
    const { kit, card, thread } = await asking([{ header: 'Colors', question: 'Which colors?', options: options(3), multiple: true }])
    await kit.click(ADA, card, { customId: selects(card)[0].custom_id, values: ['0', '2'] })
    await kit.click(ADA, kit.current(card), { label: 'Other…' })
    await kit.say(ADA, 'and purple', { thread })
    expect(await storedAnswer(kit)).toEqual({ state: 'idle', output: { answers: [{ header: 'Colors', selected: ['Option 1', 'Option 3'], custom: 'and purple' }] } })
  })

  it('Other… on a card of several questions: the typed answer shows the next question; once someone moved the card on, it is told the card changed', async () => {
    const { discord, kit, card, thread } = await asking([
      { header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] },
      { header: 'Day', question: 'Which day?', options: [{ label: 'Monday' }, { label: 'Friday' }] }
    ], [textStep('Monday noted.')])
    await kit.click(ADA, card, { label: 'Other…' })
    await kit.say(ADA, 'Teal', { thread })
    expect(kit.current(card).text).toBe('**Day** · 2 of 2\nWhich day?\n-# So far: **Color**: “Teal”')
    await kit.click(ADA, kit.current(card), { label: 'Other…' })
    await kit.click(BOB, kit.current(card), { label: 'Friday' })
    expect(await storedAnswer(kit)).toEqual({ state: 'idle', output: { answers: [{ header: 'Color', selected: [], custom: 'Teal' }, { header: 'Day', selected: ['Friday'] }] } })
    // The call is settled: Ada's capture is gone with it, and her message is an ordinary one.
    await kit.say(ADA, 'Monday after all', { thread })
    expect((await kit.chats())[0].messages.filter((message) => message.role === 'user').map((message) => message.parts)).toMatchObject([[{ text: 'help me choose' }], [{ text: 'Monday after all' }]])
    await expect.poll(() => discord.messages().map((message) => message.text)).toContain('Monday noted.')

    const again = await asking([
      { header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] },
      { header: 'Day', question: 'Which day?', options: [{ label: 'Monday' }, { label: 'Friday' }] }
    ])
    await again.kit.click(ADA, again.card, { label: 'Other…' })
    await again.kit.click(BOB, again.card, { label: 'Blue' })
    await again.kit.say(ADA, 'Teal', { thread: again.thread })
    expect(again.discord.messages().at(-1)?.text).toBe(`<@${ADA.id}> This question changed since you saw it; look at it again and choose once more.`)
    expect(again.kit.current(again.card).text).toBe('**Day** · 2 of 2\nWhich day?\n-# So far: **Color**: Blue')
  })

  it('Dismiss dismisses, and the card says by whom', async () => {
    const { discord, kit, card } = await asking([{ header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] }])
    await kit.click(BOB, card, { label: 'Dismiss' })
    expect((await kit.chats())[0].messages.flatMap((message) => message.settlements ?? [])).toMatchObject([{ outcome: 'dismissed', by: { channel: { piece: 'discord', userId: BOB.id, name: 'Bob' } } }])
    expect(discord.editsOf(card.id).map((edit) => edit.text)).toEqual(['Color: Which color?\n✖️ Dismissed by Bob (@bob)'])
  })

  it("labels over Discord's 100 characters: shortened and numbered on the select, listed in full on the card; the agent gets the full label", async () => {
    const long = (letter: string) => `${letter.repeat(90)} and then some more words`
    const { kit, card } = await asking([{ header: 'Plan', question: 'Which plan?', options: [{ label: long('a'), description: 'The first' }, { label: 'Short', description: 'The second' }], custom: false }])
    const [select] = selects(card)
    expect(select.options[0].label).toHaveLength(100)
    expect(select.options[0].label.startsWith('1. aaaa')).toBe(true)
    expect(select.options[1].label).toBe('Short')
    expect(card.text).toContain(`Options in full:\n1. ${long('a')}`)
    await kit.click(ADA, card, { customId: select.custom_id, values: ['0'] })
    expect((await storedAnswer(kit)).output).toEqual({ answers: [{ header: 'Plan', selected: [long('a')] }] })
  })
})
