import { questionsOf } from 'frogbot/channels'
import { describe, expect, it } from 'vitest'
import { adaptiveCardProblems, cardText } from '../test/adaptive-card-rules.ts'
import { CARD_BUDGET_BYTES, messageBytes } from './adaptive-card.ts'
import { readSubmit } from './card-reading.ts'
import { cardLayout, questionCard } from './question-card.ts'
import { settledCard } from './settled-card.ts'

const questions = (input: unknown) => questionsOf(input)!
const options = (count: number, label = (index: number) => `Option ${index + 1}`, description?: (index: number) => string) =>
  Array.from({ length: count }, (_, index) => ({ label: label(index), ...(description ? { description: description(index) } : {}) }))
const call = (count: number, optionCount: number, { multiple = false, text = 'Which?', description }: { multiple?: boolean; text?: string; description?: (index: number) => string } = {}) =>
  questions({ questions: Array.from({ length: count }, (_, index) => ({ header: `Q${index + 1}`, question: text, options: options(optionCount, undefined, description), multiple })) })
const message = (card: Record<string, unknown>, summary: string) => ({ type: 'message', summary, attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: card }] })

describe('question cards as Adaptive Cards', () => {
  it('draws each question as radio buttons or checkboxes up to 10 options, a dropdown beyond', () => {
    const style = (count: number, multiple = false) => (questionCard(call(1, count, { multiple })).card.body as any[]).find((element) => element.type === 'Input.ChoiceSet')
    expect([1, 10, 11].map((count) => style(count).style)).toEqual(['expanded', 'expanded', 'compact'])
    expect([style(3, true).isMultiSelect, style(3).isMultiSelect]).toEqual([true, false])
  })

  it('degrades in steps within the budget: descriptions shortened, then compact choice sets, then a numbered list; every card is one Teams accepts', () => {
    const long = (index: number) => `Description ${index} ${'d'.repeat(400)}`
    const cases: [ReturnType<typeof call>, string][] = [
      [call(3, 4), 'full'],
      [call(4, 10, { description: long }), 'short'],
      [call(12, 10, { description: long }), 'compact'],
      [call(30, 60, { text: 'q'.repeat(2000) }), 'numbered'],
      [call(1, 5000), 'numbered']
    ]
    for (const [asked, layout] of cases) {
      const drawn = questionCard(asked)
      expect([asked.length, asked[0].options.length, drawn.layout]).toEqual([asked.length, asked[0].options.length, layout])
      expect(messageBytes(drawn.card, drawn.summary)).toBeLessThanOrEqual(CARD_BUDGET_BYTES)
      expect(adaptiveCardProblems(message(drawn.card, drawn.summary))).toEqual([])
      const output = { answers: asked.map((question) => ({ header: question.header, selected: [question.options[0].label] })) }
      const settled = settledCard(asked, output, { outcome: 'answered', who: 'Ada' })
      expect(messageBytes(settled.card, settled.summary)).toBeLessThanOrEqual(CARD_BUDGET_BYTES)
      expect(cardText(settled.card).endsWith('Answered by Ada')).toBe(true)
    }
    const short = questionCard(call(4, 10, { description: long }))
    expect(cardText(short.card)).toContain(`Option 1: ${`Description 0 ${'d'.repeat(400)}`.slice(0, 79)}…`)
  })

  it('reads a numbered card by its text box, with the numbered-answer grammar', () => {
    const asked = call(30, 60, { text: 'q'.repeat(2000), multiple: true })
    expect(cardLayout(asked)).toBe('numbered')
    const lines = asked.map((_, index) => `${index + 1}: ${index % 2 ? '1, 60' : 'Option 2'}`).join('\n')
    const read = readSubmit(asked, { actionId: 'frogbot_submit', answers: lines })
    expect(read).toMatchObject({ kind: 'answer', output: { answers: expect.arrayContaining([{ header: 'Q2', selected: ['Option 1', 'Option 60'] }]) } })
    expect(readSubmit(asked, { actionId: 'frogbot_submit', answers: 'whatever' })).toMatchObject({ kind: 'invalid' })
  })

  it("shows what the model wrote as it was written: Markdown, links and mentions only in plain text runs and choice titles, never in a TextBlock, never a mention entity", () => {
    const hostile = questions({
      questions: [{ header: '<at>Everyone</at>', question: '**Urgent** [click](https://evil.example) <at>Ada</at> # heading', options: [{ label: '[x](https://evil.example)', description: '_hi_ <b>bold</b>' }, { label: 'y' }] }]
    })
    const { card } = questionCard(hostile)
    const json = JSON.stringify(card)
    expect(json).not.toContain('"TextBlock"')
    expect(json).not.toContain('entities')
    expect(cardText(card)).toContain('**Urgent** [click](https://evil.example) <at>Ada</at> # heading')
    expect(cardText(card)).toContain('[x](https://evil.example) | y')
    const settled = settledCard(hostile, { answers: [{ header: '<at>Everyone</at>', selected: ['[x](https://evil.example)'] }] }, { outcome: 'answered', who: '**Ada**' })
    expect(JSON.stringify(settled.card)).not.toContain('"TextBlock"')
    expect(cardText(settled.card)).toContain('Answered by **Ada**')
  })

  it('replaces a card that ended without an answer with why: dismissed with its reason, expired, cancelled', () => {
    const asked = call(1, 2)
    expect(settledCard(asked, null, { outcome: 'dismissed', who: 'Bob', reason: 'not now' }).summary).toBe('✖️ Dismissed by Bob: not now: Q1')
    expect(cardText(settledCard(asked, null, { outcome: 'expired', who: null }).card)).toBe('Q1: Which?\n⌛ Expired without an answer.')
    expect(cardText(settledCard(asked, null, { outcome: 'cancelled', who: null, errorText: 'The turn was stopped.' }).card)).toContain('🚫 The turn was stopped.')
  })
})
