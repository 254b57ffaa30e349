import { describe, expect, it } from 'vitest'
import { type CardState, nextCardState } from './card-state.ts'
import type { ChannelQuestion } from './question-answers.ts'

const color: ChannelQuestion = { header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }], multiple: false, custom: true }
const rooms: ChannelQuestion = { header: 'Rooms', question: 'Which rooms?', options: [{ label: 'Hall' }, { label: 'Den' }, { label: 'Attic' }], multiple: true, custom: false }
const start: CardState = { step: 0, selections: [] }

describe('nextCardState (the kit’s one card reducer)', () => {
  it('an option answers a single-choice question: the call when it was the last, else the card moves to the first question without an answer', () => {
    expect(nextCardState([color], start, { kind: 'option', index: 1 })).toEqual({ kind: 'answer', output: { answers: [{ header: 'Color', selected: ['Blue'] }] }, state: { step: 0, selections: [{ selected: ['Blue'] }] } })
    expect(nextCardState([color, rooms], start, { kind: 'option', index: 0 })).toEqual({ kind: 'keep', state: { step: 1, selections: [{ selected: ['Red'] }, { selected: [] }] } })
    expect(nextCardState([color], start, { kind: 'option', index: 7 })).toEqual({ kind: 'ignore' })
  })

  it('toggles the options of a question that takes several, keeps a select’s picks beside those outside it, and goes on at submit; an empty submit is told', () => {
    const onRooms: CardState = { step: 1, selections: [{ selected: ['Red'] }] }
    const toggled = nextCardState([color, rooms], onRooms, { kind: 'option', index: 2 })
    expect(toggled).toEqual({ kind: 'keep', state: { step: 1, selections: [{ selected: ['Red'] }, { selected: ['Attic'] }] } })
    const state = (toggled as { state: CardState }).state
    expect(nextCardState([color, rooms], state, { kind: 'option', index: 2 })).toMatchObject({ kind: 'keep', state: { selections: [{ selected: ['Red'] }, { selected: [] }] } })
    expect(nextCardState([color, rooms], state, { kind: 'picks', first: 0, count: 2, indices: [1, 0] })).toMatchObject({ kind: 'keep', state: { selections: [{ selected: ['Red'] }, { selected: ['Hall', 'Den', 'Attic'] }] } })
    expect(nextCardState([color, rooms], state, { kind: 'picks', first: 0, count: 2, indices: [2] })).toEqual({ kind: 'ignore' })
    expect(nextCardState([color, rooms], state, { kind: 'submit' })).toMatchObject({ kind: 'answer', output: { answers: [{ header: 'Color', selected: ['Red'] }, { header: 'Rooms', selected: ['Attic'] }] } })
    expect(nextCardState([color, rooms], onRooms, { kind: 'submit' })).toEqual({ kind: 'empty', question: 1 })
    expect(nextCardState([color], start, { kind: 'submit' })).toEqual({ kind: 'ignore' })
  })

  it('a typed answer replaces the picks of a single-choice question and answers it; only where typing is allowed', () => {
    expect(nextCardState([color, rooms], start, { kind: 'typed', text: '  teal ' })).toEqual({ kind: 'keep', state: { step: 1, selections: [{ selected: [], custom: 'teal' }, { selected: [] }] } })
    expect(nextCardState([color, rooms], { step: 1, selections: [] }, { kind: 'typed', text: 'cellar' })).toEqual({ kind: 'ignore' })
    expect(nextCardState([color], start, { kind: 'typed', text: '   ' })).toEqual({ kind: 'ignore' })
  })

  it('page, other… and back change only the look; other… only where typing is allowed; dismiss dismisses', () => {
    expect(nextCardState([color], start, { kind: 'page', page: 2 })).toEqual({ kind: 'look', control: { kind: 'page', page: 2 } })
    expect(nextCardState([color], start, { kind: 'other' })).toEqual({ kind: 'look', control: { kind: 'other' } })
    expect(nextCardState([rooms], start, { kind: 'other' })).toEqual({ kind: 'ignore' })
    expect(nextCardState([color], start, { kind: 'back' })).toEqual({ kind: 'look', control: { kind: 'back' } })
    expect(nextCardState([color], start, { kind: 'dismiss' })).toEqual({ kind: 'dismiss' })
  })
})
