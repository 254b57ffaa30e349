import { afterEach, describe, expect, it } from 'vitest'
import { scriptedModel, textStep, toolStep } from 'frogbot/testing'
import { ADA, BOB, slackKit, type SlackKit, standIn } from './slack-kit.ts'
import { BOT_USER_ID } from './slack-stand-in.ts'

// How each kind of question is drawn in Slack (FrogBot's Slack controls) and answered with the
// controls drawn: buttons, radio buttons, a menu, a form with Submit, the "Type your answer" modal.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

const ROOT = '1800000000.000100'
const options = (count: number) => Array.from({ length: count }, (_, index) => ({ label: `Option ${index + 1}`, ...(index === 0 ? { description: 'The first one' } : {}) }))

/** A kit whose model asks `questions` in one call, then says "Thanks." */
async function asking(questions: unknown[]) {
  const slack = await standIn()
  const model = scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: { questions } }]), textStep('Thanks.')])
  const kit = await slackKit({ model, slack })
  open.push(slack, kit)
  await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> help me choose`, ts: ROOT })
  const cards = slack.cards()
  expect(cards).toHaveLength(1)
  return { slack, kit, card: cards[0] }
}

/** The answer stored for the chat's one call, once settled. */
async function storedAnswer(kit: SlackKit) {
  const read = await kit.adasChat()
  const part = read.messages.at(-1)!.parts.find((entry) => (entry as { toolCallId?: string }).toolCallId === 'call_q') as unknown as { state: string; output?: unknown }
  return { state: read.chat.state, part }
}

const elementsOf = (blocks: any[], blockId: string) => blocks.find((block) => block.block_id === blockId)
const controls = (blocks: any[]) => elementsOf(blocks, 'frogbot_controls').elements.map((element: any) => element.text.text)

describe('question controls in Slack', () => {
  it('2 options: a button each, descriptions beside them, then Type your answer and Dismiss', async () => {
    const { card } = await asking([{ header: 'Size', question: 'Which size?', options: options(2) }])
    expect(elementsOf(card.blocks, 'frogbot_q0')).toEqual({
      type: 'actions',
      block_id: 'frogbot_q0',
      elements: [
        { type: 'button', action_id: 'frogbot_option_0', value: '0', text: { type: 'plain_text', text: 'Option 1', emoji: true } },
        { type: 'button', action_id: 'frogbot_option_1', value: '1', text: { type: 'plain_text', text: 'Option 2', emoji: true } }
      ]
    })
    expect(card.blocks.find((block) => block.type === 'context').elements[0].text).toBe('*Option 1*: The first one')
    expect(controls(card.blocks)).toEqual(['Type your answer', 'Dismiss'])
  })

  it('7 options: radio buttons, answered as soon as one is picked', async () => {
    const { kit, card } = await asking([{ header: 'Day', question: 'Which day?', options: options(7), custom: false }])
    const [radios] = elementsOf(card.blocks, 'frogbot_q0').elements
    expect(radios).toMatchObject({ type: 'radio_buttons', action_id: 'frogbot_pick' })
    expect(radios.options).toHaveLength(7)
    expect(radios.options[0]).toEqual({ text: { type: 'plain_text', text: 'Option 1', emoji: true }, value: '0', description: { type: 'plain_text', text: 'The first one', emoji: true } })
    expect(controls(card.blocks)).toEqual(['Dismiss'])

    await kit.click({ user: ADA, action: { action_id: 'frogbot_pick', type: 'radio_buttons', selected_option: { value: '6' } }, messageTs: card.ts, threadTs: ROOT })
    expect(await storedAnswer(kit)).toMatchObject({ state: 'idle', part: { state: 'output-available', output: { answers: [{ header: 'Day', selected: ['Option 7'] }] } } })
  })

  it('12 options: a menu, answered as soon as one is chosen; an option that was never offered is ignored', async () => {
    const { kit, slack, card } = await asking([{ header: 'Month', question: 'Which month?', options: options(12) }])
    const [menu] = elementsOf(card.blocks, 'frogbot_q0').elements
    expect(menu).toMatchObject({ type: 'static_select', action_id: 'frogbot_pick', placeholder: { text: 'Choose one' } })
    expect(menu.options.map((option: any) => option.value)).toEqual(Array.from({ length: 12 }, (_, index) => String(index)))
    expect(menu.options[0].description).toBeUndefined()

    await kit.click({ user: ADA, action: { action_id: 'frogbot_pick', type: 'static_select', selected_option: { value: '99' } }, messageTs: card.ts, threadTs: ROOT })
    expect((await storedAnswer(kit)).state).toBe('awaiting')
    expect(slack.updatesOf(card.ts)).toEqual([])
    await kit.click({ user: ADA, action: { action_id: 'frogbot_pick', type: 'static_select', selected_option: { value: '11' } }, messageTs: card.ts, threadTs: ROOT })
    expect((await storedAnswer(kit)).part).toMatchObject({ output: { answers: [{ header: 'Month', selected: ['Option 12'] }] } })
  })

  it('Submit with nothing picked on a question that takes no typed answer asks for an option only', async () => {
    const { kit, slack, card } = await asking([{ header: 'Extras', question: 'Which extras?', options: options(4), multiple: true, custom: false }])
    await kit.click({ user: ADA, action: { action_id: 'frogbot_submit', value: 'submit' }, messageTs: card.ts, threadTs: ROOT, values: { frogbot_q0: { frogbot_field: { type: 'checkboxes', selected_options: [] } } } })
    expect(slack.ephemerals()).toEqual([expect.objectContaining({ user: ADA.id, text: 'Choose an option for “Extras”.' })])
    expect((await storedAnswer(kit)).state).toBe('awaiting')
  })

  it('a multi-select: one form with checkboxes and Submit; a pick alone changes nothing, Submit answers with every box ticked', async () => {
    const { kit, slack, card } = await asking([{ header: 'Toppings', question: 'Which toppings?', options: options(4), multiple: true }])
    const question = elementsOf(card.blocks, 'frogbot_q0')
    expect(question).toMatchObject({ type: 'section', text: { text: '*Toppings*\nWhich toppings?\n_Select all that apply._' }, accessory: { type: 'checkboxes', action_id: 'frogbot_field' } })
    expect(question.accessory.options).toHaveLength(4)
    expect(controls(card.blocks)).toEqual(['Submit', 'Type your answer', 'Dismiss'])

    const ticked = { frogbot_q0: { frogbot_field: { type: 'checkboxes', selected_options: [{ value: '0' }, { value: '2' }] } } }
    await kit.click({ user: ADA, action: { action_id: 'frogbot_field', type: 'checkboxes' }, messageTs: card.ts, threadTs: ROOT, values: ticked })
    expect((await storedAnswer(kit)).state).toBe('awaiting')
    expect(slack.ephemerals()).toEqual([])

    await kit.click({ user: ADA, action: { action_id: 'frogbot_submit', value: 'submit' }, messageTs: card.ts, threadTs: ROOT, values: { frogbot_q0: { frogbot_field: { type: 'checkboxes', selected_options: [] } } } })
    expect(slack.ephemerals()).toEqual([expect.objectContaining({ user: ADA.id, text: 'Choose an option for “Toppings”, or type your own answer.' })])
    expect((await storedAnswer(kit)).state).toBe('awaiting')

    await kit.click({ user: ADA, action: { action_id: 'frogbot_submit', value: 'submit' }, messageTs: card.ts, threadTs: ROOT, values: ticked })
    expect((await storedAnswer(kit)).part).toMatchObject({ output: { answers: [{ header: 'Toppings', selected: ['Option 1', 'Option 3'] }] } })
    expect(slack.updatesOf(card.ts)[0].text).toBe(`Answered by <@${ADA.id}>: Toppings: Option 1, Option 3`)
  })

  it('several questions: one form (radio buttons, checkboxes, menus past 10) answered by Submit', async () => {
    const { kit, card } = await asking([
      { header: 'Size', question: 'Which size?', options: options(3) },
      { header: 'Extras', question: 'Which extras?', options: options(12), multiple: true },
      { header: 'Day', question: 'Which day?', options: options(11), custom: false }
    ])
    expect(card.blocks.slice(0, 3).map((block) => [block.block_id, block.accessory.type])).toEqual([
      ['frogbot_q0', 'radio_buttons'],
      ['frogbot_q1', 'multi_static_select'],
      ['frogbot_q2', 'static_select']
    ])
    const values = {
      frogbot_q0: { frogbot_field: { type: 'radio_buttons', selected_option: { value: '1' } } },
      frogbot_q1: { frogbot_field: { type: 'multi_static_select', selected_options: [{ value: '11' }, { value: '0' }] } },
      frogbot_q2: { frogbot_field: { type: 'static_select', selected_option: { value: '10' } } }
    }
    await kit.click({ user: BOB, action: { action_id: 'frogbot_submit', value: 'submit' }, messageTs: card.ts, threadTs: ROOT, values })
    expect((await storedAnswer(kit)).part).toMatchObject({
      output: { answers: [{ header: 'Size', selected: ['Option 2'] }, { header: 'Extras', selected: ['Option 12', 'Option 1'] }, { header: 'Day', selected: ['Option 11'] }] }
    })
  })

  it('Type your answer opens a modal at once; an empty answer is shown in the modal; a typed answer settles the call', async () => {
    const { kit, slack, card } = await asking([{ header: 'Color', question: 'Which color?', options: options(2) }])
    await kit.click({ user: ADA, action: { action_id: 'frogbot_custom', value: 'custom' }, messageTs: card.ts, threadTs: ROOT })
    const [opened] = slack.callsTo('views.open')
    expect(opened.args.trigger_id).toBe(`trigger-${ADA.id}-${card.ts}`)
    expect(opened.args.view).toMatchObject({ type: 'modal', callback_id: 'frogbot_answer', private_metadata: JSON.stringify({ m: `CGENERAL:${card.ts}` }) })
    expect(opened.args.view.blocks.map((block: any) => block.block_id ?? block.type)).toEqual(['section', 'frogbot_t0'])

    const submit = (text: string) => kit.submit({ user: ADA, callbackId: 'frogbot_answer', privateMetadata: opened.args.view.private_metadata, values: { frogbot_t0: { text: { type: 'plain_text_input', value: text } } } })
    const empty = await submit('   ')
    expect(JSON.parse(empty.text)).toEqual({ response_action: 'errors', errors: { frogbot_t0: 'Choose an option for “Color”, or type your own answer.' } })
    expect((await storedAnswer(kit)).state).toBe('awaiting')

    expect((await submit('  Teal, please ')).text).toBe('')
    expect((await storedAnswer(kit)).part).toMatchObject({ output: { answers: [{ header: 'Color', selected: [], custom: 'Teal, please' }] } })
    expect(slack.updatesOf(card.ts)[0].text).toBe(`Answered by <@${ADA.id}>: Color: “Teal, please”`)
  })

  it("a form's modal starts from what the card holds and answers every question with typed text beside the picks", async () => {
    const { kit, slack, card } = await asking([
      { header: 'Size', question: 'Which size?', options: options(3) },
      { header: 'Extras', question: 'Which extras?', options: options(4), multiple: true, custom: false }
    ])
    const held = { frogbot_q1: { frogbot_field: { type: 'checkboxes', selected_options: [{ value: '3' }] } } }
    await kit.click({ user: ADA, action: { action_id: 'frogbot_custom', value: 'custom' }, messageTs: card.ts, threadTs: ROOT, values: held })
    const view = slack.callsTo('views.open')[0].args.view
    expect(view.blocks.map((block: any) => block.block_id ?? block.type)).toEqual(['section', 'frogbot_q0', 'frogbot_t0', 'section', 'frogbot_q1'])
    expect(view.blocks[4].element.initial_options).toEqual([{ text: { type: 'plain_text', text: 'Option 4', emoji: true }, value: '3' }])

    await kit.submit({
      user: ADA,
      callbackId: 'frogbot_answer',
      privateMetadata: view.private_metadata,
      values: { frogbot_q0: { choice: { type: 'radio_buttons', selected_option: null } }, frogbot_t0: { text: { value: 'Huge' } }, frogbot_q1: { choice: { type: 'checkboxes', selected_options: [{ value: '3' }, { value: '1' }] } } }
    })
    expect((await storedAnswer(kit)).part).toMatchObject({ output: { answers: [{ header: 'Size', selected: [], custom: 'Huge' }, { header: 'Extras', selected: ['Option 4', 'Option 2'] }] } })
  })
})
