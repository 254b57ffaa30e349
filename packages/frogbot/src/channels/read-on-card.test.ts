import { describe, expect, it } from 'vitest'
import { approvalAnswer } from './approval-cards.ts'
import { readOnCard } from './read-on-card.ts'

const COLOR = { header: 'Color', question: 'Which?', options: [{ label: 'Blue' }] }
const QUESTION = { input: { questions: [COLOR] } }
const APPROVAL = { kind: 'approval' as const, input: { path: '/tmp/x' } }
const output = { answers: [{ header: 'Color', selected: ['Blue'] }] }
const readers = (approval: boolean) => ({
  approval,
  readApproval: () => ({ action: approvalAnswer({ kind: 'approve' }) }),
  readQuestions: () => ({ kind: 'answer' as const, output })
})

describe('readOnCard', () => {
  it("reads a question card's controls as its questions' reading, an approval card's as its approval", () => {
    expect(readOnCard(QUESTION, readers(false))).toEqual({ action: { output } })
    expect(readOnCard(APPROVAL, readers(true))).toEqual({ action: approvalAnswer({ kind: 'approve' }) })
  })

  it('tells a message without a card, or with a card of the other kind, closed', () => {
    const closed = { notice: { kind: 'closed' } }
    expect(readOnCard(null, readers(false))).toEqual(closed)
    expect(readOnCard(null, readers(true))).toEqual(closed)
    expect(readOnCard(QUESTION, readers(true))).toEqual(closed)
    expect(readOnCard(APPROVAL, readers(false))).toEqual(closed)
  })

  it('hands on what the approval reader makes of a control that is none of its own', () => {
    expect(readOnCard(APPROVAL, { ...readers(true), readApproval: () => null })).toBeNull()
  })
})
