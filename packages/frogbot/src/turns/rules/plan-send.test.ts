import { describe, expect, it } from 'vitest'
import { effectiveState } from '../../store/effective-state.ts'
import { planSend } from './plan-send.ts'

describe('planSend (FrogBot’s turn rules)', () => {
  it('starts in a free chat with an empty queue, and queues behind a running turn, a waiting question or older messages', () => {
    expect(planSend({ state: 'idle', queueSize: 0, queueLimit: 20, canQueue: true })).toBe('start')
    expect(planSend({ state: 'running', queueSize: 0, queueLimit: 20, canQueue: true })).toBe('queue')
    expect(planSend({ state: 'awaiting', queueSize: 3, queueLimit: 20, canQueue: true })).toBe('queue')
    expect(planSend({ state: 'idle', queueSize: 1, queueLimit: 20, canQueue: true })).toBe('queue')
  })

  it('refuses a full queue, and a busy chat for a caller that cannot queue', () => {
    expect(planSend({ state: 'awaiting', queueSize: 20, queueLimit: 20, canQueue: true })).toBe('queue-full')
    expect(planSend({ state: 'running', queueSize: 0, queueLimit: 20, canQueue: false })).toBe('turn-in-progress')
    expect(planSend({ state: 'idle', queueSize: 0, queueLimit: 20, canQueue: false })).toBe('start')
  })
})

describe('effectiveState', () => {
  it('a running turn whose lease passed leaves the chat idle', () => {
    expect(effectiveState({ state: 'running', leaseUntil: '2026-12-01T10:00:00.000Z' }, '2026-12-01T10:00:01.000Z')).toBe('idle')
    expect(effectiveState({ state: 'running', leaseUntil: '2026-12-01T10:00:02.000Z' }, '2026-12-01T10:00:01.000Z')).toBe('running')
    expect(effectiveState({ state: 'awaiting', leaseUntil: null }, '2026-12-01T10:00:01.000Z')).toBe('awaiting')
  })
})
