import { checkQuestionAnswer, QuestionInput } from '@frogbotai/protocol'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readNumberedAnswer } from './numbered-answers.ts'
import { howToAnswer, numberedQuestions, settledText } from './numbered-questions.ts'
import type { ChannelQuestion } from './question-answers.ts'
import { addressedReply, commandReply, numberedReply, readReplyCommand } from './reply-readers.ts'

const parse = (questions: unknown[]) => QuestionInput.parse({ questions }).questions as ChannelQuestion[]

const color = parse([{ header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }, { label: 'Sea green' }] }])
const size = parse([{ header: 'Size', question: 'Which size?', options: [{ label: 'Small' }, { label: 'Large, extra' }], custom: false }])
const toppings = parse([{ header: 'Toppings', question: 'Which toppings?', options: [{ label: 'Cheese' }, { label: 'Ham' }, { label: 'Olives' }], multiple: true }])
const order = parse([
  { header: 'Size', question: 'Which size?', options: [{ label: 'Small' }, { label: 'Large, extra' }], custom: false },
  { header: 'Extras', question: 'Which extras?', options: [{ label: 'Cheese' }, { label: 'Ham' }], multiple: true, custom: false },
  { header: 'Note', question: 'Anything else?', options: [{ label: 'No' }] }
])

/** The answer `text` gives, as `{ header: [selected…, "custom"] }`, after checking it keeps the seed's answer rules. */
function answered(questions: ChannelQuestion[], text: string, addressed = false) {
  const reading = readNumberedAnswer(questions, text, { addressed })
  if (reading.kind !== 'answer') throw new Error(`expected an answer to ${JSON.stringify(text)}, got ${JSON.stringify(reading)}`)
  expect(checkQuestionAnswer({ questions }, reading.output)).toBe(true)
  return Object.fromEntries(reading.output.answers.map((answer) => [answer.header, answer.custom ? [...answer.selected, `“${answer.custom}”`] : answer.selected]))
}

const problem = (questions: ChannelQuestion[], text: string, addressed = false) => readNumberedAnswer(questions, text, { addressed })

describe('the numbered-answer grammar, one question', () => {
  it('takes option numbers, options as written in any case, and own words in quotes', () => {
    expect(answered(color, '2')).toEqual({ Color: ['Blue'] })
    expect(answered(color, ' 2. ')).toEqual({ Color: ['Blue'] })
    expect(answered(color, 'blue')).toEqual({ Color: ['Blue'] })
    expect(answered(color, 'SEA GREEN')).toEqual({ Color: ['Sea green'] })
    expect(answered(color, '"Purple"')).toEqual({ Color: ['“Purple”'] })
    expect(answered(color, '“Purple with dots”')).toEqual({ Color: ['“Purple with dots”'] })
    expect(answered(color, "'teal'")).toEqual({ Color: ['“teal”'] })
    expect(answered(size, 'Large, extra')).toEqual({ Size: ['Large, extra'] })
  })

  it('takes several options, by number or as written, on a question that allows several', () => {
    expect(answered(toppings, '1, 3')).toEqual({ Toppings: ['Cheese', 'Olives'] })
    expect(answered(toppings, 'ham,cheese, 2')).toEqual({ Toppings: ['Ham', 'Cheese'] })
    expect(answered(toppings, '3')).toEqual({ Toppings: ['Olives'] })
  })

  it('takes an optional number or header in front, as the several-question form writes it', () => {
    expect(answered(color, '1. Blue')).toEqual({ Color: ['Blue'] })
    expect(answered(color, '1: 2')).toEqual({ Color: ['Blue'] })
    expect(answered(color, 'Color: Red')).toEqual({ Color: ['Red'] })
    expect(answered(color, 'color:  something else')).toEqual({ Color: ['“something else”'] })
  })

  it('takes own words as the typed answer when the message is addressed to the question', () => {
    expect(answered(color, 'Purple, like the shed next door', true)).toEqual({ Color: ['“Purple, like the shed next door”'] })
    expect(answered(color, 'Blue, with white stripes', true)).toEqual({ Color: ['Blue', '“with white stripes”'] })
    expect(answered(toppings, 'cheese, pineapple', true)).toEqual({ Toppings: ['Cheese', '“pineapple”'] })
  })

  it('tells apart a message that is no attempt at answering: it is left to the agent', () => {
    for (const text of ['Thanks, I will think about it', 'I have 2 kids', 'blue is nice but', 'Red or Blue?', '', '   ', 'Note: later', ',', ' , ,']) {
      expect(problem(color, text)).toEqual({ kind: 'none' })
    }
    expect(problem(toppings, 'cheese and more')).toEqual({ kind: 'none' })
  })

  it('has a precise message for every broken rule, naming the question', () => {
    expect(problem(color, '1, 2')).toEqual({ kind: 'invalid', message: "'Color' accepts one answer.", question: 0 })
    expect(problem(color, 'red, blue')).toEqual({ kind: 'invalid', message: "'Color' accepts one answer.", question: 0 })
    expect(problem(color, '4')).toEqual({ kind: 'invalid', message: "'Color' has no option 4; choose 1 to 3.", question: 0 })
    expect(problem(color, '0')).toEqual({ kind: 'invalid', message: "'Color' has no option 0; choose 1 to 3.", question: 0 })
    expect(problem(toppings, '1, 9')).toEqual({ kind: 'invalid', message: "'Toppings' has no option 9; choose 1 to 3.", question: 0 })
    expect(problem(size, '"Huge"')).toEqual({ kind: 'invalid', message: "'Size' takes no typed answer; choose one of its options (1 to 2).", question: 0 })
    expect(problem(size, 'Huge', true)).toEqual({ kind: 'invalid', message: "'Size' has no option “Huge”; choose by number (1 to 2) or write an option as it is written.", question: 0 })
    expect(problem(size, 'Small, Huge', true)).toEqual({ kind: 'invalid', message: "'Size' has no option “Huge”; choose by number (1 to 2) or write an option as it is written.", question: 0 })
    expect(problem(color, '', true)).toEqual({ kind: 'invalid', message: "'Color' needs an answer: the number of an option (1 to 3), an option as it is written, or your own words.", question: 0 })
    expect(problem(size, '""', true)).toEqual({ kind: 'invalid', message: "'Size' needs an answer: the number of an option (1 to 2), an option as it is written.", question: 0 })
    expect(problem(color, ',', true)).toEqual({ kind: 'invalid', message: "'Color' needs an answer: the number of an option (1 to 3), an option as it is written, or your own words.", question: 0 })
    expect(problem(order, '1: ,\n2: 1\n3: No', true)).toEqual({ kind: 'invalid', message: "'Size' has no answer; add a line such as “1: 1”.", question: 0 })
  })
})

describe('the numbered-answer grammar, several questions', () => {
  it('takes one line per question, by number or header, in any order, numbers or options as written', () => {
    expect(answered(order, '1: 2\n2: Cheese, Ham\n3: No')).toEqual({ Size: ['Large, extra'], Extras: ['Cheese', 'Ham'], Note: ['No'] })
    expect(answered(order, '\n3) ring twice\n  1. small\nextras:   2 , 1\n')).toEqual({ Size: ['Small'], Extras: ['Ham', 'Cheese'], Note: ['“ring twice”'] })
    expect(answered(order, '1. Size: Large, extra\r\n2. Extras: 1\r\nNote: "no"')).toEqual({ Size: ['Large, extra'], Extras: ['Cheese'], Note: ['“no”'] })
  })

  it('tells apart a message whose lines name no question: it is left to the agent', () => {
    for (const text of ['Sounds good', 'I think\nwe should wait', '2', 'Small please', 'PS: thanks', '1: Small\nand see you tomorrow']) {
      expect(problem(order, text)).toEqual({ kind: 'none' })
    }
  })

  it('has a precise message for every broken rule, naming the question or the line', () => {
    expect(problem(order, '1: 1, 2\n2: 1\n3: No')).toEqual({ kind: 'invalid', message: "'Size' accepts one answer.", question: 0 })
    expect(problem(order, '1: 1\n2: Cheese, Pineapple\n3: No')).toEqual({ kind: 'invalid', message: "'Extras' has no option “Pineapple”; choose by number (1 to 2) or write an option as it is written.", question: 1 })
    expect(problem(order, '1: "Medium"\n2: 1\n3: No')).toEqual({ kind: 'invalid', message: "'Size' takes no typed answer; choose one of its options (1 to 2).", question: 0 })
    expect(problem(order, '1: 1\n2: 5\n3: No')).toEqual({ kind: 'invalid', message: "'Extras' has no option 5; choose 1 to 2.", question: 1 })
    expect(problem(order, '1: 1\n3: No')).toEqual({ kind: 'invalid', message: "'Extras' has no answer; add a line such as “2: 1”.", question: 1 })
    expect(problem(order, '1: 1\n2:\n3: No')).toEqual({ kind: 'invalid', message: "'Extras' has no answer; add a line such as “2: 1”.", question: 1 })
    expect(problem(order, '1: 1\nSize: 2\n2: 1\n3: No')).toEqual({ kind: 'invalid', message: "'Size' is answered twice.", question: 0 })
    expect(problem(order, '1: 1\n2: 1\n4: No')).toEqual({ kind: 'invalid', message: 'Line 3: there is no question 4; the questions are numbered 1 to 3.' })
    expect(problem(order, '1: 1\nmaybe\n3: No', true)).toEqual({ kind: 'invalid', message: "Line 2: start each answer with its question's number or header, as in “1: Small”." })
    expect(problem(order, 'Small', true)).toEqual({ kind: 'invalid', message: "Line 1: start each answer with its question's number or header, as in “1: Small”." })
    expect(problem(order, '', true)).toEqual({ kind: 'invalid', message: "'Size' has no answer; add a line such as “1: 1”.", question: 0 })
  })
})

describe('reading replies', () => {
  it('numberedReply reads a plain reply, addressed or not', () => {
    expect(numberedReply({ text: '2', questions: color, addressed: false, open: true })).toMatchObject({ kind: 'answer' })
    expect(numberedReply({ text: 'teal', questions: color, addressed: false, open: true })).toEqual({ kind: 'none' })
    expect(numberedReply({ text: 'teal', questions: color, addressed: true, open: true })).toMatchObject({ kind: 'answer', output: { answers: [{ header: 'Color', selected: [], custom: 'teal' }] } })
    // Once the question ended, only a reply to the card itself is a (late) answer.
    expect(numberedReply({ text: '2', questions: color, addressed: false, open: false })).toEqual({ kind: 'none' })
    expect(numberedReply({ text: '2', questions: color, addressed: true, open: false })).toMatchObject({ kind: 'answer' })
  })

  it('addressedReply reads only a reply to the card, whether the call waits or not', () => {
    const read = (text: string, addressed: boolean, open: boolean) =>
      addressedReply({ text, questions: color, addressed, open })
    expect(read('2', false, true)).toEqual({ kind: 'none' })
    const teal = { kind: 'answer', output: { answers: [{ custom: 'teal' }] } }
    expect(read('teal', true, true)).toMatchObject(teal)
    expect(read('2', true, false)).toMatchObject({ kind: 'answer' })
  })

  it('commandReply reads only replies that start with the answer or dismiss command, any case', () => {
    const reply = commandReply()
    expect(reply({ text: '/answer 2', questions: color, addressed: false, open: true })).toMatchObject({ kind: 'answer', output: { answers: [{ selected: ['Blue'] }] } })
    expect(reply({ text: '/ANSWER "a dark teal"', questions: color, addressed: false, open: true })).toMatchObject({ kind: 'answer', output: { answers: [{ custom: 'a dark teal' }] } })
    expect(reply({ text: '/answer teal', questions: color, addressed: false, open: true })).toMatchObject({ kind: 'answer', output: { answers: [{ custom: 'teal' }] } })
    expect(reply({ text: '/answer 1: 1\n2: 2\n3: No', questions: order, addressed: false, open: true })).toMatchObject({ kind: 'answer' })
    expect(reply({ text: '/dismiss', questions: color, addressed: false, open: true })).toEqual({ kind: 'dismiss' })
    expect(reply({ text: '/answer 2', questions: color, addressed: false, open: false })).toMatchObject({ kind: 'answer' })
    expect(reply({ text: '/Dismiss not this year', questions: color, addressed: false, open: true })).toEqual({ kind: 'dismiss', reason: 'not this year' })
    expect(reply({ text: '2', questions: color, addressed: true, open: true })).toEqual({ kind: 'none' })
    expect(reply({ text: 'I would /answer 2', questions: color, addressed: false, open: true })).toEqual({ kind: 'none' })
    expect(reply({ text: '/answer', questions: color, addressed: false, open: true })).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/^'Color' needs an answer/) })
    expect(readReplyCommand('/go 2', { answer: '/go', dismiss: '/no' })).toEqual({ command: 'answer', text: '2' })
  })
})

describe('presenting questions for typed answers', () => {
  it('numbers a question\'s options and says how to answer it', () => {
    const described = parse([{ header: 'Place', question: 'City or mountains?', options: [{ label: 'City', description: 'Museums' }, { label: 'Mountains' }] }])
    expect(numberedQuestions(described)).toBe(['Place: City or mountains?', '1. City — Museums', '2. Mountains', 'Reply with the number of an option (1 to 2), the option as it is written, or your own words.'].join('\n'))
    expect(howToAnswer(toppings)).toBe('Reply with the number of an option (1 to 3), the option as it is written, or your own words; for several, separate them with commas (1, 2).')
    expect(howToAnswer(size, { command: '/answer', dismiss: '/dismiss' })).toBe('Reply with /answer and the number of an option (1 to 2), the option as it is written. Reply /dismiss to decline.')
  })

  it('numbers several questions and their options, escaping the model\'s text for the platform', () => {
    const text = numberedQuestions(order, { escape: (value) => value.replace(/[*_]/g, '\\$&'), command: '/answer' })
    expect(text.split('\n')).toEqual([
      '1. Size: Which size?',
      '   1. Small',
      '   2. Large, extra',
      '2. Extras: Which extras? (select any)',
      '   1. Cheese',
      '   2. Ham',
      '3. Note: Anything else?',
      '   1. No',
      'Reply with /answer and one line per question, such as “/answer 1: 2” or “Size: Small”: option numbers or options as they are written (several separated by commas), or your own words where a question allows them.'
    ])
    const escaped = numberedQuestions(parse([{ header: 'A*b', question: 'c_d?', options: [{ label: '*e*' }] }]), { escape: (value) => value.replace(/[*_]/g, '\\$&') })
    expect(escaped.split('\n').slice(0, 2)).toEqual(['A\\*b: c\\_d?', '1. \\*e\\*'])
  })

  it('what a presented question says is what its reader reads back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.boolean(), fc.boolean(), (count, multiple, custom) => {
        const questions = parse([{ header: 'Q', question: '?', options: Array.from({ length: count }, (_, index) => ({ label: `Option ${index + 1}` })), multiple, custom }])
        for (let number = 1; number <= count; number++) expect(answered(questions, String(number))).toEqual({ Q: [`Option ${number}`] })
        expect(problem(questions, String(count + 1))).toMatchObject({ kind: 'invalid' })
      })
    )
  })

  it('the text of a settled card names the answer and who gave it, or what ended the call', () => {
    const by = { channel: { piece: 'toy', userId: 'U1', name: 'ada' } }
    const part = { type: 'tool-question', toolCallId: 'c', state: 'output-available', input: {}, output: { answers: [{ header: 'Color', selected: ['Blue'] }] } }
    expect(settledText({ questions: color, settlement: { toolCallId: 'c', outcome: 'answered', by, at: 'now', part }, nameOf: () => '@ada' })).toBe('Color: Which color?\n✅ Blue\nAnswered by @ada')
    expect(settledText({ questions: color, settlement: { toolCallId: 'c', outcome: 'dismissed', by, at: 'now', reason: 'later', part: null } })).toBe('Color: Which color?\n✖️ Dismissed by ada: later')
    expect(settledText({ questions: color, settlement: { toolCallId: 'c', outcome: 'expired', by: { system: true }, at: 'now', part: null } })).toBe('Color: Which color?\n⌛ Expired without an answer.')
  })
})

describe('the grammar on any text', () => {
  it('never throws, and every answer it reads keeps the answer rules', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.boolean(), (text, addressed) => {
        for (const questions of [color, size, toppings, order]) {
          const reading = readNumberedAnswer(questions, text, { addressed })
          if (reading.kind === 'answer') expect(checkQuestionAnswer({ questions }, reading.output)).toBe(true)
        }
      }),
      { numRuns: 2000 }
    )
    // Texts made of the grammar's own pieces reach its every path.
    const token = fc.constantFrom('1', '2', '3', '9', '0', ',', ' ', '\n', ':', '.', ')', 'Red', 'blue', 'Size', 'note', 'Extras', 'Cheese', 'ham', 'Large, extra', '"', '“', '”', "'", 'x y')
    fc.assert(
      fc.property(fc.array(token, { maxLength: 12 }).map((tokens) => tokens.join('')), fc.boolean(), (text, addressed) => {
        for (const questions of [color, size, toppings, order]) {
          const reading = readNumberedAnswer(questions, text, { addressed })
          if (reading.kind === 'answer') expect(checkQuestionAnswer({ questions }, reading.output)).toBe(true)
          if (addressed) expect(reading.kind).not.toBe('none')
        }
      }),
      { numRuns: 3000 }
    )
    expect(() => readNumberedAnswer(order, `1: ${'x'.repeat(100_000)}\n${'\u0000\n'.repeat(1000)}`)).not.toThrow()
  })
})
