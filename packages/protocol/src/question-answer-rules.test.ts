import { describe, expect, it } from 'vitest'
import { checkQuestionAnswer, labelsAsOffered, withoutBlankCustom } from './question-answer-rules.ts'
import { QuestionInput } from './question-schemas.ts'
import type { QuestionOutput } from './question-schemas.ts'

const input = QuestionInput.parse({
  questions: [
    { header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] },
    { header: 'Toppings', question: 'Which toppings?', options: [{ label: 'Ham' }, { label: 'Olives' }], multiple: true },
    { header: 'Size', question: 'Which size?', options: [{ label: 'S' }, { label: 'L' }], custom: false }
  ]
})

type Answer = QuestionOutput['answers'][number]
const valid: Answer[] = [
  { header: 'Color', selected: ['Red'] },
  { header: 'Toppings', selected: ['Ham', 'Olives'] },
  { header: 'Size', selected: ['L'] }
]
/** The valid answer with answer `i` replaced. */
const withAnswer = (i: number, answer: Answer): QuestionOutput => ({ answers: valid.map((a, j) => (j === i ? answer : a)) })

describe('checkQuestionAnswer', () => {
  it('accepts a valid answer to several questions', () => {
    expect(checkQuestionAnswer(input, { answers: valid })).toBe(true)
  })

  describe('one answer per question', () => {
    it('rejects too few answers, listing the headers', () => {
      expect(checkQuestionAnswer(input, { answers: valid.slice(0, 2) })).toBe(
        'answers: expected 3 answers, one per question in order ("Color", "Toppings", "Size"), got 2'
      )
    })

    it('rejects too many answers', () => {
      const one = QuestionInput.parse({ questions: [input.questions[0]] })
      expect(checkQuestionAnswer(one, { answers: valid.slice(0, 2) })).toBe(
        'answers: expected 1 answer, one per question in order ("Color"), got 2'
      )
    })
  })

  describe('answers in order, with the question header', () => {
    it('rejects answers in the wrong order', () => {
      expect(checkQuestionAnswer(input, { answers: [valid[1], valid[0], valid[2]] })).toBe(
        'answers[0] ("Color"): header is "Toppings" but question 0 is "Color"; answer every question once, in the order asked'
      )
    })

    it('rejects an unknown header', () => {
      expect(checkQuestionAnswer(input, withAnswer(2, { header: 'size', selected: ['L'] }))).toBe(
        'answers[2] ("Size"): header is "size" but question 2 is "Size"; answer every question once, in the order asked'
      )
    })
  })

  describe('selected labels were offered', () => {
    it('rejects a label that was not offered, listing the offered ones', () => {
      expect(checkQuestionAnswer(input, withAnswer(0, { header: 'Color', selected: ['Green'] }))).toBe(
        'answers[0] ("Color"): "Green" was not offered; choose one of "Red", "Blue"'
      )
    })

    it('compares labels exactly, case and all (Unicode forms aside, below)', () => {
      expect(checkQuestionAnswer(input, withAnswer(1, { header: 'Toppings', selected: ['Ham', 'olives'] }))).toBe(
        'answers[1] ("Toppings"): "olives" was not offered; choose one of "Ham", "Olives"'
      )
    })

    it("rejects a label offered by another question", () => {
      expect(checkQuestionAnswer(input, withAnswer(0, { header: 'Color', selected: ['Ham'] }))).toBe(
        'answers[0] ("Color"): "Ham" was not offered; choose one of "Red", "Blue"'
      )
    })
  })

  describe('single choice', () => {
    it('rejects two selections on a single-choice question (multiple defaults to false)', () => {
      expect(checkQuestionAnswer(input, withAnswer(0, { header: 'Color', selected: ['Red', 'Blue'] }))).toBe(
        'answers[0] ("Color"): 2 options are selected ("Red", "Blue") but this question allows only one'
      )
    })

    it('rejects a label selected twice, on a question of several picks too', () => {
      expect(checkQuestionAnswer(input, withAnswer(1, { header: 'Toppings', selected: ['Ham', 'Olives', 'Ham'] }))).toBe('answers[1] ("Toppings"): "Ham" is selected twice; select each option at most once')
      expect(checkQuestionAnswer(input, withAnswer(0, { header: 'Color', selected: ['Red', 'Red'] }))).toBe('answers[0] ("Color"): "Red" is selected twice; select each option at most once')
    })

    it('allows several selections when multiple is true', () => {
      expect(checkQuestionAnswer(input, withAnswer(1, { header: 'Toppings', selected: ['Olives', 'Ham'] }))).toBe(true)
    })
  })

  describe('custom only where allowed', () => {
    it('rejects custom when the question sets custom: false', () => {
      expect(checkQuestionAnswer(input, withAnswer(2, { header: 'Size', selected: ['L'], custom: 'XL' }))).toBe(
        'answers[2] ("Size"): a custom answer is not allowed for this question; omit "custom" and choose from "S", "L"'
      )
    })

    it('rejects even an empty custom when not allowed', () => {
      expect(checkQuestionAnswer(input, withAnswer(2, { header: 'Size', selected: ['L'], custom: '' }))).toMatch(
        /^answers\[2\] \("Size"\): a custom answer is not allowed/
      )
    })

    it('accepts a custom answer alone (custom defaults to true)', () => {
      expect(checkQuestionAnswer(input, withAnswer(0, { header: 'Color', selected: [], custom: 'Teal' }))).toBe(true)
    })

    it('accepts a custom answer together with selected options', () => {
      expect(checkQuestionAnswer(input, withAnswer(1, { header: 'Toppings', selected: ['Ham'], custom: 'and basil' }))).toBe(true)
      expect(checkQuestionAnswer(input, withAnswer(0, { header: 'Color', selected: ['Red'], custom: 'darker' }))).toBe(true)
    })
  })

  describe('a typed answer holds no NUL', () => {
    it('rejects a custom answer with NUL (U+0000), alone or beside a pick', () => {
      expect(checkQuestionAnswer(input, withAnswer(0, { header: 'Color', selected: [], custom: 'Sea\u0000green' }))).toBe('answers[0] ("Color"): "custom" must not contain NUL (U+0000)')
      expect(checkQuestionAnswer(input, withAnswer(1, { header: 'Toppings', selected: ['Ham'], custom: '\u0000' }))).toBe('answers[1] ("Toppings"): "custom" must not contain NUL (U+0000)')
    })

    it('accepts other characters a person may type or paste (tabs, line breaks, emoji)', () => {
      expect(checkQuestionAnswer(input, withAnswer(0, { header: 'Color', selected: [], custom: 'Sea\tgreen\nwith 🌊' }))).toBe(true)
    })
  })

  describe('each answer says something', () => {
    it('rejects an empty answer where custom is allowed', () => {
      expect(checkQuestionAnswer(input, withAnswer(0, { header: 'Color', selected: [] }))).toBe(
        'answers[0] ("Color"): nothing is selected and the custom answer is empty; select at least one option or type a custom answer'
      )
    })

    it('rejects a blank custom answer with nothing selected', () => {
      expect(checkQuestionAnswer(input, withAnswer(1, { header: 'Toppings', selected: [], custom: '  \n ' }))).toBe(
        'answers[1] ("Toppings"): nothing is selected and the custom answer is empty; select at least one option or type a custom answer'
      )
    })

    it('rejects a custom answer of only invisible characters (zero-width, bidi controls) with nothing selected', () => {
      expect(checkQuestionAnswer(input, withAnswer(1, { header: 'Toppings', selected: [], custom: '\u200b\u202e\ufeff' }))).toBe(
        'answers[1] ("Toppings"): nothing is selected and the custom answer is empty; select at least one option or type a custom answer'
      )
    })

    it('rejects a custom answer of only control characters with nothing selected, as an empty one', () => {
      const empty = 'answers[1] ("Toppings"): nothing is selected and the custom answer is empty; ' +
        'select at least one option or type a custom answer'
      for (const custom of ['\u0001', '\u001b\u007f', ' \u0085\u200b']) {
        const answer = withAnswer(1, { header: 'Toppings', selected: [], custom })
        expect(checkQuestionAnswer(input, answer), JSON.stringify(custom)).toBe(empty)
      }
    })

    it('rejects an empty answer where custom is not allowed', () => {
      expect(checkQuestionAnswer(input, withAnswer(2, { header: 'Size', selected: [] }))).toBe(
        'answers[2] ("Size"): nothing is selected; select at least one of "S", "L"'
      )
    })

    it('accepts a blank custom answer when an option is selected', () => {
      expect(checkQuestionAnswer(input, withAnswer(0, { header: 'Color', selected: ['Blue'], custom: ' ' }))).toBe(true)
    })
  })

  it('returns the first problem only', () => {
    const output = { answers: [{ header: 'Color', selected: ['Green', 'Red'] }, { header: 'Nope', selected: [] }, valid[2]] }
    expect(checkQuestionAnswer(input, output)).toBe('answers[0] ("Color"): "Green" was not offered; choose one of "Red", "Blue"')
  })
})

describe('labels in another Unicode form (NFD, as a Mac keyboard or a copied text gives them)', () => {
  const options = (label: string) => [{ label }, { label: 'Bar' }]
  const asking = (label: string) =>
    QuestionInput.parse({ questions: [{ header: 'Place', question: 'Where?', options: options(label) }] })
  const decomposed = 'Cafe\u0301'
  const picked = (...selected: string[]) => ({ answers: [{ header: 'Place', selected }] })

  it('match the offered option after NFC normalisation', () => {
    expect(checkQuestionAnswer(asking('Café'), picked(decomposed))).toBe(true)
  })

  it('are the same option twice in either form', () => {
    expect(checkQuestionAnswer(asking('Café'), picked('Café', decomposed))).toMatch(/is selected twice/)
  })

  it("are given back as the option's own label", () => {
    expect(labelsAsOffered(asking('Café'), picked(decomposed))).toEqual(picked('Café'))
    const typed = { answers: [{ header: 'Place', selected: ['Café'], custom: 'x' }] }
    const kept = { answers: [{ ...typed.answers[0], selected: [decomposed] }] }
    expect(labelsAsOffered(asking(decomposed), typed)).toEqual(kept)
  })
})

describe('withoutBlankCustom', () => {
  it('drops a typed answer of only white space or invisible characters, keeps every other', () => {
    const blank = ['   ', '\u200b', '\u200b\u202e', '\ufeff\n\u034f', '\u001b', '\u0001\u200b\u0085']
    for (const custom of blank) {
      const typed = { answers: [{ header: 'Color', selected: ['Red'], custom }] }
      const picked = { answers: [{ header: 'Color', selected: ['Red'] }] }
      expect(withoutBlankCustom(typed), JSON.stringify(custom)).toEqual(picked)
    }
    const typed = { header: 'Color', selected: ['Red'], custom: ' teal\u200b' }
    const kept = { answers: [typed, { header: 'Size', selected: ['S'] }] }
    expect(withoutBlankCustom(kept)).toEqual(kept)
  })
})
