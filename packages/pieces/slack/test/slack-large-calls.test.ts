import { afterEach, describe, expect, it } from 'vitest'
import { scriptedModel, textStep, toolStep } from 'frogbot/testing'
import { ADA, slackKit, type SlackKit, standIn } from './slack-kit.ts'
import { BOT_USER_ID, blockKitProblems } from './slack-stand-in.ts'

// A call too big for Block Kit's limits (50 blocks a message, 100 a modal, 25 elements an actions
// block, 100 options a menu in at most 100 groups) is still drawn, and still answerable: a compact
// card of menus, or the numbered text form. The stand-in refuses blocks beyond those limits as
// Slack does (`invalid_blocks`).

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

const ROOT = '1800000000.000100'
const options = (count: number) => Array.from({ length: count }, (_, index) => ({ label: `Option ${index + 1}` }))
const many = (count: number, extra: (index: number) => Record<string, unknown> = () => ({})) =>
  Array.from({ length: count }, (_, index) => ({ header: `Q${index + 1}`, question: `Question ${index + 1}?`, options: options(3), ...extra(index) }))

async function asking(questions: unknown[]) {
  const slack = await standIn()
  const kit = await slackKit({ model: scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: { questions } }]), textStep('Thanks.')]), slack })
  open.push(slack, kit)
  await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> help me choose`, ts: ROOT })
  expect(slack.calls.filter((call) => !call.result.ok)).toEqual([])
  const cards = slack.cards()
  expect(cards).toHaveLength(1)
  expect(blockKitProblems(cards[0].blocks, 50)).toEqual([])
  return { slack, kit, card: cards[0] }
}

async function answers(kit: SlackKit) {
  const read = await kit.adasChat()
  const part = read.messages.at(-1)!.parts.find((entry) => (entry as { toolCallId?: string }).toolCallId === 'call_q') as unknown as { output?: { answers: { header: string; selected: string[]; custom?: string }[] } }
  return { state: read.chat.state, answers: part.output?.answers }
}

const controls = (blocks: any[]) => blocks.find((block) => block.block_id === 'frogbot_controls').elements.map((element: any) => element.text.text)

describe('calls beyond Block Kit limits in Slack', () => {
  it('60 questions: a compact card within 50 blocks, the questions numbered and a menu each (25 to a row), answered by Submit', async () => {
    const { kit, slack, card } = await asking(many(60, (index) => (index === 1 ? { multiple: true } : {})))
    const rows = card.blocks.filter((block) => block.type === 'actions' && block.block_id !== 'frogbot_controls')
    expect(rows.map((row) => [row.block_id, row.elements.length])).toEqual([['frogbot_menus0', 25], ['frogbot_menus1', 25], ['frogbot_menus2', 10]])
    expect(rows[0].elements[1]).toMatchObject({ type: 'multi_static_select', action_id: 'frogbot_field_1', placeholder: { text: '2. Q2' } })
    expect(card.blocks[0].text.text).toMatch(/^\*1\. Q1\*: Question 1\?\n\n\*2\. Q2\*: Question 2\? _\(select all that apply\)_/)
    expect(controls(card.blocks)).toEqual(['Submit', 'Type your answer', 'Dismiss'])

    const values: Record<string, Record<string, unknown>> = {}
    for (let index = 0; index < 60; index++) {
      const row = (values[`frogbot_menus${Math.floor(index / 25)}`] ??= {})
      row[`frogbot_field_${index}`] = index === 1 ? { selected_options: [{ value: '0' }, { value: '2' }] } : { selected_option: index === 59 ? null : { value: String(index % 3) } }
    }
    await kit.click({ user: ADA, action: { action_id: 'frogbot_submit', value: 'submit' }, messageTs: card.ts, threadTs: ROOT, values })
    expect(slack.ephemerals()).toEqual([expect.objectContaining({ text: 'Choose an option for question 60, “Q60”, or type your own answer.' })])
    values.frogbot_menus2.frogbot_field_59 = { selected_option: { value: '2' } }
    await kit.click({ user: ADA, action: { action_id: 'frogbot_submit', value: 'submit' }, messageTs: card.ts, threadTs: ROOT, values })
    const { state, answers: given } = await answers(kit)
    expect(state).toBe('idle')
    expect(given).toHaveLength(60)
    expect([given![0], given![1], given![59]]).toEqual([{ header: 'Q1', selected: ['Option 1'] }, { header: 'Q2', selected: ['Option 1', 'Option 3'] }, { header: 'Q60', selected: ['Option 3'] }])
    const [replaced] = slack.updatesOf(card.ts)
    expect(replaced.text).toMatch(/^Answered by <@UADA>: Q1: Option 1; Q2: Option 1, Option 3; /)
  })

  it('a form too big for a modal (40 questions): Type your answer opens the numbered text form, starting from the picks; its lines answer by number', async () => {
    const { kit, slack, card } = await asking(many(40, (index) => (index === 1 ? { custom: false } : index === 2 ? { multiple: true } : {})))
    const held = { frogbot_q0: { frogbot_field: { type: 'radio_buttons', selected_option: { value: '1' } } } }
    await kit.click({ user: ADA, action: { action_id: 'frogbot_custom', value: 'custom' }, messageTs: card.ts, threadTs: ROOT, values: held })
    const [opened] = slack.callsTo('views.open')
    expect(opened.result.ok).toBe(true)
    const view = opened.args.view
    expect(view.blocks.map((block: any) => block.block_id ?? block.type)).toEqual(['section', 'frogbot_numbered'])
    expect(view.blocks[1].element.initial_value.split('\n').slice(0, 3)).toEqual(['1. Q1: Option 2', '2. Q2:', '3. Q3:'])

    const submit = (text: string) => kit.submit({ user: ADA, callbackId: 'frogbot_answer', privateMetadata: view.private_metadata, values: { frogbot_numbered: { text: { type: 'plain_text_input', value: text } } } })
    const lines = Array.from({ length: 40 }, (_, index) => `${index + 1}: option 1`)
    const errorOf = async (text: string) => JSON.parse((await submit(text)).text).errors.frogbot_numbered
    // The kit's numbered-answer grammar, with its message for each broken rule.
    expect(await errorOf(['1. Q1: Option 2', '2: Nope', ...lines.slice(2)].join('\n'))).toBe("'Q2' has no option “Nope”; choose by number (1 to 3) or write an option as it is written.")
    expect(await errorOf(['Option 2', ...lines.slice(1)].join('\n'))).toBe("Line 1: start each answer with its question's number or header, as in “1: Option 1”.")
    expect(await errorOf([...lines, '41: Option 1'].join('\n'))).toBe('Line 41: there is no question 41; the questions are numbered 1 to 40.')
    expect(await errorOf(lines.slice(0, 39).join('\n'))).toBe("'Q40' has no answer; add a line such as “40: 1”.")
    expect(await errorOf(['1: Option 1, Option 2', ...lines.slice(1)].join('\n'))).toBe("'Q1' accepts one answer.")
    expect((await answers(kit)).state).toBe('awaiting')

    expect((await submit(['1. Q1: Option 2', '2: OPTION 3', '3. Q3: Option 1, Option 3', '4: Something else', ...lines.slice(4)].join('\n'))).text).toBe('')
    const { answers: given } = await answers(kit)
    expect(given!.slice(0, 5)).toEqual([
      { header: 'Q1', selected: ['Option 2'] },
      { header: 'Q2', selected: ['Option 3'] },
      { header: 'Q3', selected: ['Option 1', 'Option 3'] },
      { header: 'Q4', selected: [], custom: 'Something else' },
      { header: 'Q5', selected: ['Option 1'] }
    ])
  })

  it('a question with more options than a menu holds (10,001): the numbered form, with Type your answers even without typed answers', async () => {
    const { kit, slack, card } = await asking([{ header: 'Pick', question: 'Which one?', options: options(10_001), custom: false }])
    expect(controls(card.blocks)).toEqual(['Type your answers', 'Dismiss'])
    expect(JSON.stringify(card.blocks)).toContain('*1. Pick*: Which one?')
    await kit.click({ user: ADA, action: { action_id: 'frogbot_custom', value: 'custom' }, messageTs: card.ts, threadTs: ROOT })
    const view = slack.callsTo('views.open')[0].args.view
    expect(view.blocks[1].element.initial_value).toBe('1. Pick:')
    await kit.submit({ user: ADA, callbackId: 'frogbot_answer', privateMetadata: view.private_metadata, values: { frogbot_numbered: { text: { value: '1. Pick: Option 10001' } } } })
    expect((await answers(kit)).answers).toEqual([{ header: 'Pick', selected: ['Option 10001'] }])
  })
})
