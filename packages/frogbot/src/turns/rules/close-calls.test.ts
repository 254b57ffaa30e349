import { describe, expect, it } from 'vitest'
import type { StoredMessage } from '../../store/chat-records.ts'
import { closeCalls, settlementOf } from './close-calls.ts'

const message: StoredMessage = {
  id: 'msg_1',
  role: 'assistant',
  parts: [
    { type: 'text', text: 'Two things.' },
    { type: 'tool-question', toolCallId: 'a', state: 'input-available', input: { questions: [] } },
    { type: 'tool-pick_file', toolCallId: 'b', state: 'input-available', input: { files: ['x'] } }
  ] as StoredMessage['parts'],
  settlements: []
}
const at = '2026-12-01T10:00:00.000Z'

describe('closeCalls', () => {
  it('gives each closed call its output or tool error and records who closed it; other parts stay as they are', () => {
    const closed = closeCalls(message, [
      { toolCallId: 'a', outcome: 'answered', by: { userId: 'u' }, at, output: { answers: [] } },
      { toolCallId: 'b', outcome: 'cancelled', by: { system: true }, at, errorText: 'Cancelled because the user dismissed a related request.' }
    ])
    expect(closed.parts).toEqual([
      { type: 'text', text: 'Two things.' },
      { type: 'tool-question', toolCallId: 'a', state: 'output-available', input: { questions: [] }, output: { answers: [] } },
      { type: 'tool-pick_file', toolCallId: 'b', state: 'output-error', input: { files: ['x'] }, errorText: 'Cancelled because the user dismissed a related request.' }
    ])
    expect(closed.settlements).toEqual([
      { toolCallId: 'a', outcome: 'answered', by: { userId: 'u' }, at },
      { toolCallId: 'b', outcome: 'cancelled', by: { system: true }, at }
    ])
    expect(message.parts[1]).toMatchObject({ state: 'input-available' })
    expect(settlementOf(closed, 'a')).toMatchObject({ outcome: 'answered', part: { state: 'output-available' } })
    expect(settlementOf(closed, 'zzz')).toBeNull()
  })
})
