import { questionsOf } from 'frogbot/channels'
import { describe, expect, it } from 'vitest'
import { commandText, githubReply } from './github-commands.ts'

const questions = questionsOf({ questions: [{ header: 'Size', question: 'How big?', options: [{ label: 'Small' }, { label: 'Large' }], custom: false }] })!
const read = (text: string) => githubReply({ text, questions, addressed: false, open: true })

describe('the GitHub commands', () => {
  it('start a comment, in any letter case; the rest of the comment is read with the numbered-answer grammar', () => {
    expect(read('/answer 2')).toEqual({ kind: 'answer', output: { answers: [{ header: 'Size', selected: ['Large'] }] } })
    expect(read('  /ANSWER small')).toEqual({ kind: 'answer', output: { answers: [{ header: 'Size', selected: ['Small'] }] } })
    expect(read('/dismiss')).toEqual({ kind: 'dismiss' })
    expect(read('/Dismiss we will not build it')).toEqual({ kind: 'dismiss', reason: 'we will not build it' })
    expect(read('/answer 1, 2')).toEqual({ kind: 'invalid', message: "'Size' accepts one answer.", question: 0 })
  })

  it('are nothing anywhere but first: discussion that mentions them is an ordinary message', () => {
    for (const text of ['2', 'Large', 'I would /answer 2', 'answer 2', '/answers 2', '/answer2', '']) expect(read(text)).toEqual({ kind: 'none' })
  })

  it('may follow a quote reply, or be written as code', () => {
    expect(commandText('> How big?\n> 1. Small\n\n/answer 1')).toBe('/answer 1')
    expect(commandText('`/answer 1`')).toBe('/answer 1')
    expect(commandText('```\n/answer\n1: 2\n```\nthanks')).toBe('/answer\n1: 2')
    expect(read('> Reply `/answer 2`\n\n`/answer 2`')).toEqual({ kind: 'answer', output: { answers: [{ header: 'Size', selected: ['Large'] }] } })
    expect(commandText('Quoting nothing\n/answer 1')).toBe('Quoting nothing\n/answer 1')
  })
})
