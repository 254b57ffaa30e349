import { describe, expect, it } from 'vitest'
import { newLeaseOwner, runMessageOf } from '../../src/turns/services.ts'

// docs/chat/turns.md (Stop): a run's lease owner names the assistant message it writes, so a Stop
// naming a message is one compare with what the chat's row holds, in any process.

describe('lease owners name the message their run writes', () => {
  let next = 0
  const services = { processId: 'p1.ab', newId: (prefix: string) => `${prefix}_${++next}` }

  it('a new message gets a fresh id; a continuation names the message it continues', () => {
    const fresh = newLeaseOwner(services)
    expect(runMessageOf(fresh)).toMatch(/^msg_\d+$/)
    expect(runMessageOf(newLeaseOwner(services, 'msg_continued'))).toBe('msg_continued')
    expect(newLeaseOwner(services, 'msg_a')).not.toBe(newLeaseOwner(services, 'msg_a'))
  })

  it('any message id comes back exactly, whatever the process and lease ids hold', () => {
    const odd = { processId: 'p:1/2', newId: (prefix: string) => `${prefix}/x:y` }
    for (const messageId of ['a/b', 'c:d', 'e%2Ff', 'ünï/💬', '/', ' ']) {
      expect(runMessageOf(newLeaseOwner(odd, messageId))).toBe(messageId)
      expect(runMessageOf(newLeaseOwner(services, messageId))).toBe(messageId)
    }
  })

  it('a lease owner an older FrogBot wrote names no message', () => {
    expect(runMessageOf('p123.abcd:lease_x1')).toBeNull()
    expect(runMessageOf('p123.abcd:lease_x1/%E0%A4%A')).toBeNull()
  })
})
