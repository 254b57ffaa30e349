import { describe, expect, it } from 'vitest'
import { componentProblems } from '../test/discord-message-rules.ts'
import { MessageFlags } from 'discord.js'
import { CONTROL_IDS, questionCard, settledCard } from './question-card.ts'

const longOptions = (count: number) => Array.from({ length: count }, (_, index) => ({ label: `${'Option with a very long name '.repeat(5)}${index + 1}`, description: 'd'.repeat(150) }))

describe('questionCard', () => {
  it('keeps within Discord\'s limits at its largest: 800 long options taking several picks, a typed answer, the middle page, 3 questions', () => {
    const question = { header: 'H'.repeat(300), question: 'Q'.repeat(3000), options: longOptions(800), multiple: true, custom: true }
    const questions = [question, { ...question, header: 'Second' }, { ...question, header: 'Third' }]
    const selections = [{ selected: question.options.slice(0, 300).map((option) => option.label) }, { selected: [], custom: 'typed '.repeat(500) }]
    const components = questionCard(questions, { revision: 99_999, step: 1, selections }, 1)
    expect(componentProblems({ flags: MessageFlags.IsComponentsV2, components })).toEqual([])
  })

  it('names each control by revision, step and what it does, and reads back only what it drew', () => {
    expect(CONTROL_IDS.read('frogbot:3:1:o:4')).toEqual({ revision: 3, step: 1, control: { kind: 'option', index: 4 } })
    expect(CONTROL_IDS.read('frogbot:0:0:m:25')).toEqual({ revision: 0, step: 0, control: { kind: 'picks', first: 25, count: 25, indices: [] } })
    expect(CONTROL_IDS.read('frogbot:0:2:p:1')).toEqual({ revision: 0, step: 2, control: { kind: 'page', page: 1 } })
    expect(CONTROL_IDS.read('frogbot:0:0:s')).toEqual({ revision: 0, step: 0, control: { kind: 'submit' } })
    for (const wrong of ['frogbot:0:0', 'frogbot:01:0:s', 'frogbot:0:0:o', 'frogbot:0:0:o:x', 'frogbot:0:0:s:1', 'frogbot:0:0:o:1:2', 'other:0:0:s', 'frogbot:-1:0:d', 'frogbot:0:0:q']) expect(CONTROL_IDS.read(wrong), wrong).toBeNull()
  })
})

describe('the settled Discord card', () => {
  it('cut to a text display keeps who answered, its last line, whole', () => {
    const text = `${Array.from({ length: 12 }, (_, index) => `Q${index}: ${'long question '.repeat(30)}\n✅ Yes`).join('\n')}\nAnswered by Ada Lovelace (@ada)`
    const [shown] = settledCard(text) as { components: { content: string }[] }[]
    expect(text.length).toBeGreaterThan(4000)
    expect(shown.components[0].content.length).toBeLessThanOrEqual(4000)
    expect(shown.components[0].content.endsWith('\nAnswered by Ada Lovelace (@ada)')).toBe(true)
  })
})
