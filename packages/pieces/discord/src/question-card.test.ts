import { describe, expect, it } from 'vitest'
import { componentProblems } from '../test/discord-message-rules.ts'
import { MessageFlags } from 'discord.js'
import { questionCard, readControl } from './question-card.ts'

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
    expect(readControl('frogbot:3:1:o:4')).toEqual({ kind: 'option', revision: 3, step: 1, index: 4 })
    expect(readControl('frogbot:0:0:m:25')).toEqual({ kind: 'menu', revision: 0, step: 0, first: 25 })
    expect(readControl('frogbot:0:2:p:1')).toEqual({ kind: 'page', revision: 0, step: 2, page: 1 })
    expect(readControl('frogbot:0:0:s')).toEqual({ kind: 'submit', revision: 0, step: 0 })
    for (const wrong of ['frogbot:0:0', 'frogbot:01:0:s', 'frogbot:0:0:o', 'frogbot:0:0:o:x', 'frogbot:0:0:s:1', 'frogbot:0:0:o:1:2', 'other:0:0:s', 'frogbot:-1:0:d', 'frogbot:0:0:q']) expect(readControl(wrong), wrong).toBeNull()
  })
})
