import { describe, expect, it } from 'vitest'
import type { CallRecord } from '../../store/chat-records.ts'
import { planSettle, withoutRepeats } from './plan-settle.ts'

// The settle rules without a database: what a settle does to a step, decided from a snapshot.

const call = (toolCallId: string, status: CallRecord['status'] = 'pending'): CallRecord => ({
  toolCallId,
  toolName: 'question',
  input: {},
  messageId: 'msg_1',
  chatId: 'chat_1',
  agentSlug: 'planner',
  createdAt: '2026-12-01T00:00:00.000Z',
  status,
  toolFingerprint: 'fp',
  expiresAt: null,
  settledAt: null,
  kind: 'question',
  quorum: null,
  votes: [],
  assignees: null
})
const ada = { userId: 'user_ada' }
const at = '2026-12-01T10:00:00.000Z'
const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }

describe('planSettle', () => {
  it('answering the only waiting call continues the turn', () => {
    expect(planSettle({ state: 'awaiting', calls: [call('a')], actions: [{ toolCallId: 'a', output: blue }], by: ada, at })).toEqual({
      closings: [{ toolCallId: 'a', outcome: 'answered', by: ada, at, output: blue }],
      votes: [],
      next: 'continue',
      remaining: []
    })
  })

  it('answering one of two waits for the other', () => {
    const plan = planSettle({ state: 'awaiting', calls: [call('a'), call('b')], actions: [{ toolCallId: 'a', output: blue }], by: ada, at })
    expect(plan).toMatchObject({ next: 'awaiting', remaining: [{ toolCallId: 'b' }] })
  })

  it('a dismissal ends the step: the other waiting calls are cancelled by FrogBot with their own text', () => {
    const plan = planSettle({ state: 'awaiting', calls: [call('a'), call('b'), call('c', 'answered')], actions: [{ toolCallId: 'a', dismissed: true, reason: 'not now' }], by: ada, at })
    expect(plan).toEqual({
      closings: [
        { toolCallId: 'a', outcome: 'dismissed', by: ada, at, reason: 'not now', errorText: 'Dismissed by the user. Reason: not now' },
        { toolCallId: 'b', outcome: 'cancelled', by: { system: true }, at, errorText: 'Cancelled because the user dismissed a related request.' }
      ],
      votes: [],
      next: 'idle',
      remaining: []
    })
  })

  it('an expiry is FrogBot’s and cancels the step’s other calls with its own text', () => {
    const plan = planSettle({ state: 'awaiting', calls: [call('a'), call('b')], actions: [{ toolCallId: 'a', expired: true as const }], by: { system: true }, at })
    expect(plan).toMatchObject({
      closings: [
        { toolCallId: 'a', outcome: 'expired', errorText: 'Expired without an answer.' },
        { toolCallId: 'b', outcome: 'cancelled', errorText: 'Cancelled because a related request expired.' }
      ],
      next: 'idle'
    })
  })

  it('refuses in the seed’s order: an unknown call, then one already settled, then a chat that does not wait', () => {
    expect(planSettle({ state: 'idle', calls: [call('a', 'answered')], actions: [{ toolCallId: 'x', output: blue }], by: ada, at })).toEqual({ refused: 'call-not-found', toolCallId: 'x' })
    expect(planSettle({ state: 'idle', calls: [call('a', 'answered')], actions: [{ toolCallId: 'a', output: blue }], by: ada, at })).toEqual({ refused: 'already-settled', toolCallId: 'a' })
    expect(planSettle({ state: 'running', calls: [call('a')], actions: [{ toolCallId: 'a', output: blue }], by: ada, at })).toEqual({ refused: 'not-awaiting' })
  })

  it('the chat UI’s resubmission must answer the whole step (pending-calls), unless it dismisses', () => {
    const calls = [call('a'), call('b')]
    expect(planSettle({ state: 'awaiting', calls, actions: [{ toolCallId: 'a', output: blue }], by: ada, at, wholeStep: true })).toEqual({ refused: 'pending-calls', missing: [calls[1]] })
    expect(planSettle({ state: 'awaiting', calls, actions: [{ toolCallId: 'a', output: blue }, { toolCallId: 'b', output: blue }], by: ada, at, wholeStep: true })).toMatchObject({ next: 'continue' })
    expect(planSettle({ state: 'awaiting', calls, actions: [{ toolCallId: 'a', output: blue }, { toolCallId: 'b', dismissed: true as const }], by: ada, at, wholeStep: true })).toMatchObject({
      next: 'idle',
      closings: [{ outcome: 'answered' }, { outcome: 'dismissed' }]
    })
  })
})

describe('planSettle: a call past its deadline', () => {
  const overdue = (toolCallId: string): CallRecord => ({ ...call(toolCallId), expiresAt: '2026-12-01T09:59:59.000Z' })

  it('an answer to it expires it in the same write, cancels the step, and is then refused as already settled', () => {
    const plan = planSettle({ state: 'awaiting', calls: [overdue('a'), call('b')], actions: [{ toolCallId: 'a', output: blue }], by: ada, at })
    expect(plan).toMatchObject({
      closings: [
        { toolCallId: 'a', outcome: 'expired', by: { system: true }, errorText: 'Expired without an answer.' },
        { toolCallId: 'b', outcome: 'cancelled', errorText: 'Cancelled because a related request expired.' }
      ],
      next: 'idle',
      refusal: { refused: 'already-settled', toolCallId: 'a' }
    })
  })

  it('the refusal is the first action’s, from the chat as the expiry leaves it', () => {
    const calls = [call('a'), overdue('b')]
    expect(planSettle({ state: 'awaiting', calls, actions: [{ toolCallId: 'a', output: blue }, { toolCallId: 'b', output: blue }], by: ada, at, wholeStep: true })).toMatchObject({
      closings: [{ toolCallId: 'b', outcome: 'expired' }, { toolCallId: 'a', outcome: 'cancelled' }],
      refusal: { refused: 'already-settled', toolCallId: 'a' }
    })
    expect(planSettle({ state: 'awaiting', calls, actions: [{ toolCallId: 'x', output: blue }, { toolCallId: 'b', dismissed: true as const }], by: ada, at })).toMatchObject({ refusal: { refused: 'call-not-found', toolCallId: 'x' } })
  })

  it('FrogBot’s own expiry of it, a call before its deadline, and a chat that does not wait are decided as usual', () => {
    expect(planSettle({ state: 'awaiting', calls: [overdue('a')], actions: [{ toolCallId: 'a', expired: true as const }], by: { system: true }, at })).not.toHaveProperty('refusal')
    const later = { ...call('a'), expiresAt: '2026-12-01T10:00:01.000Z' }
    expect(planSettle({ state: 'awaiting', calls: [later], actions: [{ toolCallId: 'a', output: blue }], by: ada, at })).toMatchObject({ next: 'continue' })
    expect(planSettle({ state: 'running', calls: [overdue('a')], actions: [{ toolCallId: 'a', output: blue }], by: ada, at })).toEqual({ refused: 'not-awaiting' })
  })
})

describe('withoutRepeats', () => {
  const red = { answers: [{ header: 'Color', selected: ['Red'] }] }
  const calls = [call('call_a'), call('call_b', 'answered')]
  const stored = new Map<string, unknown>([['call_b', { answers: [{ selected: ['Red'], header: 'Color' }] }]])

  it('passes over an answer equal to the stored output (key order aside), keeping the rest', () => {
    const actions = [{ toolCallId: 'call_a', output: blue }, { toolCallId: 'call_b', output: red }]
    expect(withoutRepeats(actions, calls, stored)).toEqual([actions[0]])
  })

  it('keeps a changed answer and a dismissal of an answered call, so the planner refuses them', () => {
    const changed = [{ toolCallId: 'call_a', output: blue }, { toolCallId: 'call_b', output: blue }]
    expect(withoutRepeats(changed, calls, stored)).toEqual(changed)
    const dismissal = [{ toolCallId: 'call_a', output: blue }, { toolCallId: 'call_b', dismissed: true as const }]
    expect(withoutRepeats(dismissal, calls, stored)).toEqual(dismissal)
  })

  it('passes over nothing when every action repeats', () => {
    const actions = [{ toolCallId: 'call_b', output: red }]
    expect(withoutRepeats(actions, calls, stored)).toEqual(actions)
    expect(planSettle({ state: 'awaiting', calls, actions, by: ada, at, wholeStep: true })).toEqual({ refused: 'already-settled', toolCallId: 'call_b' })
  })
})

describe('planSettle: approvals', () => {
  const approval = (toolCallId: string, quorum: number | null = null, votes: CallRecord['votes'] = []): CallRecord => ({ ...call(toolCallId), toolName: 'send_invoice', kind: 'approval', quorum, votes })
  const bob = { userId: 'user_bob' }

  it('a yes closes the call approved and continues; a no closes it denied and continues too', () => {
    for (const approved of [true, false]) {
      const plan = planSettle({ state: 'awaiting', calls: [approval('a')], actions: [{ toolCallId: 'a', approved }], by: ada, at })
      expect(plan).toMatchObject({ closings: [{ toolCallId: 'a', outcome: approved ? 'approved' : 'denied', approval: { approved } }], votes: [], next: 'continue' })
    }
  })

  it('with a quorum, a yes short of it is a vote, the count-th yes closes the call with every vote, a second vote by one person is refused', () => {
    const first = planSettle({ state: 'awaiting', calls: [approval('a', 2)], actions: [{ toolCallId: 'a', approved: true }], by: ada, at })
    expect(first).toMatchObject({ closings: [], votes: [{ toolCallId: 'a', votes: [{ by: ada, approved: true }] }], next: 'awaiting', remaining: [{ toolCallId: 'a' }] })
    const votes = [{ by: ada, at, approved: true }]
    expect(planSettle({ state: 'awaiting', calls: [approval('a', 2, votes)], actions: [{ toolCallId: 'a', approved: true }], by: ada, at })).toEqual({ refused: 'already-voted', toolCallId: 'a', vote: votes[0] })
    // The same person through a channel, matched to their FrogBot user, is the same voter.
    const viaSlack = { channel: { piece: 'slack', userId: 'U1' }, userId: 'user_ada' }
    expect(planSettle({ state: 'awaiting', calls: [approval('a', 2, votes)], actions: [{ toolCallId: 'a', approved: true }], by: viaSlack, at })).toMatchObject({ refused: 'already-voted' })
    const second = planSettle({ state: 'awaiting', calls: [approval('a', 2, votes)], actions: [{ toolCallId: 'a', approved: true }], by: bob, at })
    expect(second).toMatchObject({ closings: [{ outcome: 'approved', votes: [{ by: ada }, { by: bob }] }], votes: [], next: 'continue' })
    const no = planSettle({ state: 'awaiting', calls: [approval('a', 3, votes)], actions: [{ toolCallId: 'a', approved: false, reason: 'too much' }], by: bob, at })
    expect(no).toMatchObject({ closings: [{ outcome: 'denied', reason: 'too much', votes: [{ by: ada, approved: true }, { by: bob, approved: false }] }], next: 'continue' })
  })

  it('a resubmission repeating a stored decision is passed over', () => {
    const decided = { ...approval('a'), status: 'approved' as const }
    expect(withoutRepeats([{ toolCallId: 'a', approved: true }, { toolCallId: 'b', output: 1 }], [decided, call('b')], new Map())).toEqual([{ toolCallId: 'b', output: 1 }])
  })
})
