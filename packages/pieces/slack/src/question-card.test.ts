import { questionsOf } from 'frogbot/channels'
import { describe, expect, it } from 'vitest'
import { questionCard, readClick, settledCard } from './question-card.ts'

const questions = (input: unknown) => questionsOf(input)!
const options = (count: number, label = (index: number) => `Option ${index + 1}`) => Array.from({ length: count }, (_, index) => ({ label: label(index) }))

describe('question cards in Block Kit', () => {
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
})
