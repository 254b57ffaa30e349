import { scriptedModel, textStep, toolStep } from 'frogbot/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { inThread, nextId, threadOf } from './teams-activities.ts'
import { ADA, BOB, standIn, teamsKit } from './teams-kit.ts'

// Every control of a question card in Teams, through the real server: one card per call, a
// choice set per question (checkboxes for several picks, a dropdown past 10 options), a text box
// where typed answers are allowed, Submit and Dismiss, and the invoke Teams sends for
// Action.Execute answered with a real body.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

const offsite = {
  questions: [
    { header: 'Where', question: 'Where should the offsite be?', options: [{ label: 'City', description: 'Close to the office.' }, { label: 'Mountains' }] },
    { header: 'When', question: 'When?', options: [{ label: 'This month' }, { label: 'Next quarter' }, { label: 'Next year' }], custom: false },
    { header: 'Include', question: 'What should the plan include?', options: [{ label: 'A budget' }, { label: 'A timeline' }, { label: 'A checklist, with, commas' }], multiple: true }
  ]
}

async function asked(input: unknown) {
  const teams = await standIn()
  const model = scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input }], 'One question.'), textStep('Planned.')])
  const kit = await teamsKit({ model, teams })
  open.push(teams, kit)
  const root = nextId()
  await kit.say({ from: ADA, text: 'plan an offsite', where: inThread(root), id: root })
  const [card] = teams.cards()
  const submit = (from: typeof ADA, value: Record<string, unknown>) => kit.submit({ from, card: card.id, where: inThread(root), value: { actionId: 'frogbot_submit', ...value } })
  const state = async () => (await kit.chats())[0].chat.state
  return { teams, model, kit, root, card, submit, state }
}

describe('a question card in Teams', () => {
  it('holds every question of the call on one card: a choice set each (checkboxes for several picks, values their indexes), a text box where typed answers are allowed, Submit and Dismiss', async () => {
    const { card, submit, kit, teams } = await asked(offsite)
    const inputs = card.card.body.filter((element: any) => element.type.startsWith('Input.'))
    expect(inputs.map((input: any) => [input.type, input.id, input.style, input.isMultiSelect])).toEqual([
      ['Input.ChoiceSet', 'q0', 'expanded', false],
      ['Input.Text', 'q0_text', undefined, undefined],
      ['Input.ChoiceSet', 'q1', 'expanded', false],
      ['Input.ChoiceSet', 'q2', 'expanded', true],
      ['Input.Text', 'q2_text', undefined, undefined]
    ])
    expect(inputs[3].choices).toEqual([{ title: 'A budget', value: '0' }, { title: 'A timeline', value: '1' }, { title: 'A checklist, with, commas', value: '2' }])
    expect(card.card.actions.map((action: any) => [action.type, action.title, action.data.actionId])).toEqual([
      ['Action.Submit', 'Submit', 'frogbot_submit'],
      ['Action.Submit', 'Dismiss', 'frogbot_dismiss']
    ])
    expect(card.text).toContain('City: Close to the office.')

    // Teams sends several picks as one comma-joined string of the choices' values.
    await submit(ADA, { q0: '', q0_text: '  By the sea ', q1: '2', q2: '0,2', q2_text: '' })
    const [chat] = await kit.chats()
    expect(chat.chat.state).toBe('idle')
    expect(chat.messages.at(-1)?.parts.find((part: any) => part.toolCallId === 'call_q')).toMatchObject({
      output: { answers: [{ header: 'Where', selected: [], custom: 'By the sea' }, { header: 'When', selected: ['Next year'] }, { header: 'Include', selected: ['A budget', 'A checklist, with, commas'] }] }
    })
    expect(teams.updatesOf(card.id)[0].text).toBe(
      ['Where: Where should the offsite be?', '✅ “By the sea”', 'When: When?', '✅ Next year', 'Include: What should the plan include?', '✅ A budget, A checklist, with, commas', `Answered by ${ADA.name}`].join('\n')
    )
  })

  it('tells the participant privately what a submit lacks or gets wrong, and the question stays open with its card', async () => {
    const { submit, state, teams, card, root } = await asked(offsite)
    await submit(ADA, { q0: '1' })
    await submit(ADA, { q0: '1', q1: '7' })
    await submit(ADA, { q0: '1', q1: '0,1', q2: '1' })
    await submit(ADA, { q0: 1, q1: { evil: true }, q2: ['0'] })
    expect(teams.targeted().map((notice) => [notice.to, notice.conversationId, notice.text])).toEqual([
      [ADA.id, threadOf(root), 'Choose an option for question 2, “When”, then Submit.'],
      [ADA.id, threadOf(root), "'When' has no option 8; choose 1 to 3."],
      [ADA.id, threadOf(root), expect.stringContaining('When')],
      [ADA.id, threadOf(root), 'Choose an option for question 1, “Where”, or type your own answer, then Submit.']
    ])
    expect(await state()).toBe('awaiting')
    expect(teams.updatesOf(card.id)).toEqual([])
  })

  it('draws more than 10 options as a dropdown, and keeps long labels within bounds (their values are indexes)', async () => {
    const many = { questions: [{ header: 'Pick', question: 'Which one?', options: Array.from({ length: 40 }, (_, index) => ({ label: `${'x'.repeat(300)} ${index + 1}` })) }] }
    const { card, submit, kit } = await asked(many)
    const [choices] = card.card.body.filter((element: any) => element.type === 'Input.ChoiceSet')
    expect(choices).toMatchObject({ style: 'compact', placeholder: 'Choose an option' })
    expect(Math.max(...choices.choices.map((choice: any) => choice.title.length))).toBeLessThanOrEqual(200)
    await submit(BOB, { q0: '39', q0_text: '' })
    expect(JSON.stringify((await kit.chats())[0].messages.at(-1)?.parts)).toContain(`"selected":["${'x'.repeat(300)} 40"]`)
  })

  it('answers an Action.Execute invoke with a real 200 body whose text its clicker sees; the same invoke delivered again changes nothing and tells nobody twice', async () => {
    const { kit, teams, card, root, model } = await asked({ questions: [{ header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] }] })
    const invoke = (from: typeof ADA, id = nextId()) => ({ from, card: card.id, where: inThread(root), data: { actionId: 'frogbot_submit', q0: '1' }, id })
    const first = invoke(ADA)
    const answered = await kit.invoke(first)
    expect(answered.status).toBe(200)
    expect(JSON.parse(answered.text)).toEqual({ statusCode: 200, type: 'application/vnd.microsoft.activity.message', value: 'Received.' })
    expect((await kit.invoke(first)).status).toBe(401)
    const late = await kit.invoke(invoke(BOB))
    expect(JSON.parse(late.text)).toMatchObject({ statusCode: 200, value: `This question was already answered by ${ADA.name}.` })
    expect(teams.updatesOf(card.id)).toHaveLength(1)
    expect(teams.targeted()).toEqual([])
    expect((await kit.chats())[0].messages.at(-1)?.settlements).toHaveLength(1)
    expect(model.doStreamCalls).toHaveLength(2)
  })

  it('a submit of a card FrogBot does not know, or without the card it replies to, is told the question is no longer open', async () => {
    const { kit, teams, root, state } = await asked({ questions: [{ header: 'Color', question: 'Which color?', options: [{ label: 'Red' }] }] })
    await kit.submit({ from: ADA, card: '999', where: inThread(root), value: { actionId: 'frogbot_submit', q0: '0' } })
    await kit.submit({ from: ADA, card: undefined as never, where: inThread(root), value: { actionId: 'frogbot_submit', q0: '0' } })
    expect(teams.targeted().map((notice) => notice.text)).toEqual(['This question is no longer open.', 'This question is no longer open.'])
    expect(await state()).toBe('awaiting')
  })
})
