import { describe, expect, it } from 'vitest'
import type { PieceNotice } from '../piece-notices.ts'
import type { QuestionCard } from '../question-cards.ts'
import { type CardPress, cardPresses, type LookPress } from './card-presses.ts'
import type { PartialAnswer } from './partial-answers.ts'

const questions = [
  { header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }], custom: false },
  { header: 'Extras', question: 'Which extras?', options: [{ label: 'Nuts' }, { label: 'Cream' }], multiple: true, custom: true }
]
const card = { chatId: 'c1', toolCallId: 'call_q', thread: 't1', input: { questions }, messageIds: ['m1'], closed: false, kind: 'question' } as unknown as QuestionCard
const ADA = { userId: 'ada' }

/** The flow on a card held by message `m1`, with `partial` stored, and a record of what it did. */
function presses({ partial = { revision: 0, step: 0, selections: [] }, refuse = null, onCard = card }: { partial?: PartialAnswer; refuse?: PieceNotice | null; onCard?: QuestionCard } = {}) {
  const did: { answered: unknown[]; kept: PartialAnswer[]; drawn: { partial: PartialAnswer; previous: PartialAnswer }[]; looked: LookPress[] } = { answered: [], kept: [], drawn: [], looked: [] }
  const press = cardPresses({
    cards: { ofMessage: async (id) => (onCard.messageIds.includes(id) ? onCard : null) },
    partials: { read: async () => partial },
    answer: async ({ action }) => (did.answered.push(action), refuse),
    mayAnswer: async () => refuse,
    keep: async ({ revision, change }) => {
      if (refuse) return refuse
      const kept = { ...change(partial), revision: revision + 1 }
      did.kept.push(kept)
      return { partial: kept }
    },
    drawing: { drawPartial: async () => {} }
  })
  const run = (pressed: Omit<CardPress, 'participant'>) =>
    press({ participant: ADA, ...pressed }, { look: async (look) => (did.looked.push(look), null), redraw: async ({ partial: now, previous }) => void did.drawn.push({ partial: now, previous }) })
  return { run, did }
}

describe('a press on a multi-step card (the kit\'s cardPresses)', () => {
  it('an option of the first question keeps it and shows the next question; the last one answers the call through the settle door', async () => {
    const first = presses()
    expect(await first.run({ messageId: 'm1', revision: 0, control: { kind: 'option', index: 1 } })).toBeNull()
    expect(first.did.kept).toEqual([{ revision: 1, step: 1, selections: [{ selected: ['Blue'] }, { selected: [] }] }])
    expect(first.did.drawn).toEqual([{ partial: first.did.kept[0], previous: { revision: 0, step: 0, selections: [] } }])
    expect(first.did.answered).toEqual([])

    const last = presses({ partial: { revision: 3, step: 1, selections: [{ selected: ['Blue'] }, { selected: ['Cream'] }] } })
    expect(await last.run({ messageId: 'm1', revision: 3, control: { kind: 'submit' } })).toBeNull()
    expect(last.did.answered).toEqual([{ output: { answers: [{ header: 'Color', selected: ['Blue'] }, { header: 'Extras', selected: ['Cream'] }] } }])
  })

  it('a press on an older drawing changes nothing and is told the card changed; on a message the card no longer holds, closed', async () => {
    const { run, did } = presses({ partial: { revision: 2, step: 0, selections: [] } })
    expect(await run({ messageId: 'm1', revision: 1, control: { kind: 'option', index: 0 } })).toEqual({ kind: 'changed' })
    expect(await run({ messageId: 'm1', revision: 2, step: 1, control: { kind: 'option', index: 0 } })).toEqual({ kind: 'changed' })
    expect(await run({ card, messageId: 'gone', revision: 1, control: { kind: 'option', index: 0 } })).toEqual({ kind: 'closed' })
    expect(await run({ messageId: 'unknown', revision: 2, control: { kind: 'option', index: 0 } })).toEqual({ kind: 'closed' })
    expect(did.kept).toEqual([])
    expect(did.answered).toEqual([])
  })

  it('whoever may not answer is told so, whatever they press, and nothing is kept', async () => {
    const refused: PieceNotice = { kind: 'refused', message: 'Only Bob may answer.' } as unknown as PieceNotice
    const { run, did } = presses({ refuse: refused, onCard: { ...card, closed: true } as QuestionCard })
    expect(await run({ messageId: 'm1', revision: 0, control: { kind: 'option', index: 0 } })).toEqual(refused)
    expect(did.kept).toEqual([])
    expect(await presses({ onCard: { ...card, closed: true } as QuestionCard }).run({ messageId: 'm1', revision: 0, control: { kind: 'option', index: 0 } })).toEqual({ kind: 'closed' })
  })

  it('Done with nothing chosen asks to choose first; Other… on a question without typed answers says so; an option never offered does nothing', async () => {
    const on = (step: number) => presses({ partial: { revision: 0, step, selections: [] } })
    expect(await on(1).run({ messageId: 'm1', revision: 0, control: { kind: 'submit' } })).toEqual({ kind: 'invalid', message: 'Choose at least one option for “Extras”, or type your answer.', question: 1 })
    expect(await on(0).run({ messageId: 'm1', revision: 0, control: { kind: 'other' } })).toEqual({ kind: 'invalid', message: '“Color” takes no typed answer; choose one of its options.', question: 0 })
    const forged = on(0)
    expect(await forged.run({ messageId: 'm1', revision: 0, control: { kind: 'option', index: 7 } })).toBeNull()
    expect(forged.did).toEqual({ answered: [], kept: [], drawn: [], looked: [] })
  })

  it('a page or Other… is the piece\'s to draw; Dismiss dismisses; a typed answer applies to the partial answer as it is now', async () => {
    const { run, did } = presses({ partial: { revision: 4, step: 1, selections: [{ selected: ['Red'] }] } })
    await run({ messageId: 'm1', revision: 4, control: { kind: 'page', page: 1 } })
    expect(did.looked.map((look) => [look.control, look.step, look.question.header])).toEqual([[{ kind: 'page', page: 1 }, 1, 'Extras']])
    await run({ card, control: { kind: 'typed', text: ' Sprinkles ', question: 1 } })
    expect(did.answered).toEqual([{ output: { answers: [{ header: 'Color', selected: ['Red'] }, { header: 'Extras', selected: [], custom: 'Sprinkles' }] } }])
    await run({ messageId: 'm1', revision: 0, control: { kind: 'dismiss' } })
    expect(did.answered.at(-1)).toEqual({ dismissed: true })
  })
})
