import { plainNameOf, questionsOf } from 'frogbot/channels'
import { describe, expect, it } from 'vitest'
import { questionComment, settledComment } from './question-comments.ts'

const questions = questionsOf({
  questions: [
    { header: 'Color', question: 'Which color?', options: [{ label: 'Red' }] },
    { header: 'Extras', question: 'What else?', options: [{ label: 'Window' }, { label: 'Lock' }], multiple: true, custom: false }
  ]
})!
const by = { channel: { piece: 'github', userId: '101', name: 'ada' } }
const nameOf = (who: Parameters<typeof plainNameOf>[0]) => ('channel' in who ? `@${who.channel.name}` : plainNameOf(who))
const settled = (settlement: Record<string, unknown>, index = 0) => settledComment({ questions, index, nameOf, settlement: { toolCallId: 'call_1', at: '2026-12-01T00:00:00.000Z', by, part: null, ...settlement } as never })

describe('question comments', () => {
  it('fit the call: one option is "/answer 1", several picks need two options, own words only where allowed', () => {
    const [one] = questionsOf({ questions: [{ header: 'Go', question: 'Go?', options: [{ label: 'Yes' }], multiple: true }] })!
    expect(questionComment([one], 0)).toContain('Reply `/answer 1` with an option\'s number (or its label as written), or `/answer "your own words"` (quotes optional). `/dismiss` declines the question.')
    expect(questionComment(questions, 1)).toContain('_Choose any._\n\n1. Window\n2. Lock\n\n')
    expect(questionComment(questions, 1)).toContain('`/dismiss` declines all 2 questions.')
  })

  it('once settled say what became of the question, and who did it', () => {
    const output = { answers: [{ header: 'Color', selected: [], custom: `${'a'.repeat(2500)}` }, { header: 'Extras', selected: ['Window', 'Lock'] }] }
    const answered = settled({ outcome: 'answered', part: { output } })
    expect(answered).toBe(`**Question 1 of 2: Color**\nWhich color?\n\n✅ “${'a'.repeat(1999)}…”\nAnswered by @ada`)
    expect(settled({ outcome: 'answered', part: { output } }, 1)).toBe('**Question 2 of 2: Extras**\nWhat else?\n\n✅ Window, Lock\nAnswered by @ada')
    expect(settled({ outcome: 'dismissed' })).toBe('**Question 1 of 2: Color**\nWhich color?\n\n✖️ Dismissed by @ada')
    expect(settled({ outcome: 'dismissed', reason: 'ask @bob\nlater' })).toBe('**Question 1 of 2: Color**\nWhich color?\n\n✖️ Dismissed by @ada: ask @\u2060bob later')
    expect(settled({ outcome: 'expired', by: { system: true } })).toBe('**Question 1 of 2: Color**\nWhich color?\n\n⌛ Expired without an answer.')
    expect(settled({ outcome: 'cancelled', by: { system: true }, part: { errorText: 'Cancelled because the user dismissed a related request.' } })).toBe(
      '**Question 1 of 2: Color**\nWhich color?\n\n🚫 Cancelled because the user dismissed a related request.'
    )
    // A stored answer that is not a question's output shows no answer, only who settled it.
    expect(settled({ outcome: 'answered', part: { output: { nope: true } } })).toBe('**Question 1 of 2: Color**\nWhich color?\n\nAnswered by @ada')
  })
})
