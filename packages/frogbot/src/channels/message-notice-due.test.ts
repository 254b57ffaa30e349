import { describe, expect, it } from 'vitest'
import { messageNoticeDue } from './message-notice-due.ts'

/** A state that keeps `setIfNotExists` keys forever (no clock), recording each key asked. */
function memoryState() {
  const keys = new Set<string>()
  return {
    keys,
    setIfNotExists: async (key: string) => {
      if (keys.has(key)) return false
      keys.add(key)
      return true
    }
  }
}

describe('messageNoticeDue', () => {
  it('tells that a message waits, or is not for the agent, once per participant and thread; a refused answer every time', async () => {
    const state = memoryState()
    const due = (userId: string, thread: string, notice: Parameters<typeof messageNoticeDue>[0]['notice']) => messageNoticeDue({ state, piece: 'telegram', thread, participant: { userId }, notice, everyMs: 60_000 })
    expect(await due('1', 'g', { kind: 'queued', behind: 'question' })).toBe(true)
    expect(await due('1', 'g', { kind: 'queued', behind: 'reply' })).toBe(false)
    expect(await due('2', 'g', { kind: 'queued', behind: 'question' })).toBe(true)
    expect(await due('1', 'h', { kind: 'queued', behind: 'question' })).toBe(true)
    expect(await due('1', 'g', { kind: 'denied', to: 'write' })).toBe(true)
    expect(await due('1', 'g', { kind: 'denied', to: 'write' })).toBe(false)
    expect(await due('1', 'g', { kind: 'denied', to: 'answer' })).toBe(true)
    expect(await due('1', 'g', { kind: 'denied', to: 'answer' })).toBe(true)
    expect([...state.keys]).toContain('frogbot:telegram:told:queued:g:1')
  })
})
