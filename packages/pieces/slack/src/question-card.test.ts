import { questionsOf } from 'frogbot/channels'
import { describe, expect, it } from 'vitest'
import { blockKitProblems } from '../test/slack-stand-in.ts'
import { answerModal } from './answer-modal.ts'
import { cardLayout, questionCard, readClick, settledCard } from './question-card.ts'

const questions = (input: unknown) => questionsOf(input)!
const options = (count: number, label = (index: number) => `Option ${index + 1}`) => Array.from({ length: count }, (_, index) => ({ label: label(index) }))

describe('question cards in Block Kit', () => {
  it('draws one single-choice question as buttons up to 5 options, radio buttons up to 10, a menu beyond; a multi-select as checkboxes up to 10, a menu beyond', () => {
    const single = (count: number) => questionCard(questions({ questions: [{ header: 'H', question: 'Q', options: options(count) }] })).blocks.find((block) => block.block_id === 'frogbot_q0')!
    const kinds = (block: Record<string, unknown>) => [...new Set((block.elements as { type: string }[]).map((element) => element.type))]
    expect([1, 5, 6, 10, 11, 40].map((count) => kinds(single(count)))).toEqual([['button'], ['button'], ['radio_buttons'], ['radio_buttons'], ['static_select'], ['static_select']])
    const multiple = (count: number) => (questionCard(questions({ questions: [{ header: 'H', question: 'Q', options: options(count), multiple: true }] })).blocks[0].accessory as { type: string }).type
    expect([2, 10, 11].map(multiple)).toEqual(['checkboxes', 'checkboxes', 'multi_static_select'])
  })

  it('keeps within Slack limits: long labels are cut with "…" (their values are indexes), and menus past 100 options come in groups', () => {
    const long = 'x'.repeat(200)
    const card = questionCard(questions({ questions: [{ header: 'Pick', question: 'Which?', options: [{ label: long }, { label: 'short' }] }] }))
    const [button] = card.blocks.find((block) => block.block_id === 'frogbot_q0')!.elements as { text: { text: string }; value: string }[]
    expect(button.text.text).toHaveLength(75)
    expect(button.text.text.endsWith('…')).toBe(true)
    expect(button.value).toBe('0')

    const many = questionCard(questions({ questions: [{ header: 'Pick', question: 'Which?', options: options(250) }] }))
    const [menu] = many.blocks.find((block) => block.block_id === 'frogbot_q0')!.elements as { option_groups: { label: { text: string }; options: unknown[] }[] }[]
    expect(menu.option_groups.map((group) => [group.label.text, group.options.length])).toEqual([['1–100', 100], ['101–200', 100], ['201–250', 50]])
    const picked = readClick(questions({ questions: [{ header: 'Pick', question: 'Which?', options: options(250) }] }), { action_id: 'frogbot_pick', selected_option: { value: '249' } }, undefined)
    expect(picked).toEqual({ kind: 'answer', selections: [{ selected: ['Option 250'] }] })
  })

  it('escapes what the model wrote, so a question never mentions everyone or links anywhere', () => {
    const card = questionCard(questions({ questions: [{ header: '<!channel>', question: 'Go to <https://evil.example|here> & back?', options: options(2) }] }))
    expect((card.blocks[0] as { text: { text: string } }).text.text).toBe('*&lt;!channel&gt;*\nGo to &lt;https://evil.example|here&gt; &amp; back?')
    const settled = settledCard(questions({ questions: [{ header: 'H', question: 'Q', options: [{ label: '<@U1>' }] }] }), { answers: [{ header: 'H', selected: ['<@U1>'] }] }, { outcome: 'answered', who: '<@UADA>' })
    expect(JSON.stringify(settled.blocks)).toContain('✅ &lt;@U1&gt;')
    expect(JSON.stringify(settled.blocks)).toContain('Answered by <@UADA>')
  })

  it('has no Type your answer when no question allows a custom answer, and ignores it when clicked anyway', () => {
    const strict = questions({ questions: [{ header: 'Pick', question: 'Which?', options: options(2), custom: false }] })
    const controls = questionCard(strict).blocks.at(-1)!.elements as { action_id: string }[]
    expect(controls.map((control) => control.action_id)).toEqual(['frogbot_dismiss'])
    expect(readClick(strict, { action_id: 'frogbot_custom' }, undefined)).toEqual({ kind: 'ignore' })
  })

  it('stays within Block Kit limits whatever the size of the call: the card, the answer modal and the settled card', () => {
    const call = (count: number, optionCount: number, multiple = false) =>
      questions({ questions: Array.from({ length: count }, (_, index) => ({ header: `Q${index + 1}`, question: 'Q?'.repeat(200), options: options(optionCount), multiple })) })
    const cases: [number, number, boolean, string][] = [
      [1, 5, false, 'full'],
      [1, 10_000, false, 'full'],
      [1, 10_001, true, 'numbered'],
      [49, 11, true, 'full'],
      [50, 3, false, 'compact'],
      [1200, 2, false, 'compact'],
      [1201, 2, false, 'numbered']
    ]
    for (const [count, optionCount, multiple, layout] of cases) {
      const asked = call(count, optionCount, multiple)
      expect([count, optionCount, cardLayout(asked)]).toEqual([count, optionCount, layout])
      expect(blockKitProblems(questionCard(asked).blocks, 50)).toEqual([])
      expect(questionCard(asked).text.length).toBeLessThanOrEqual(4000)
      expect(blockKitProblems((answerModal({ questions: asked, card: 'C:1', initial: [] }) as { blocks: unknown[] }).blocks, 100)).toEqual([])
      const output = { answers: asked.map((question) => ({ header: question.header, selected: [question.options[0].label] })) }
      expect(blockKitProblems(settledCard(asked, output, { outcome: 'answered', who: '<@U1>' }).blocks, 50)).toEqual([])
    }
  })
})
