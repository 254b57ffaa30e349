import { describe, expect, it } from 'vitest'
import { directEntryId, directEntryOpener } from './direct-entry.ts'

describe('directEntryId', () => {
  it("reads the user id of this instance's entries, and nothing else", () => {
    expect(directEntryId({ entry: 'discord:80351110224678912' }, 'discord')).toBe('80351110224678912')
    expect(directEntryId({ entry: 'discord-two:1002' }, 'discord-two')).toBe('1002')
    const others = ['telegram:1002', 'discord:', 'discord:12a', 'discord:../1', 'dana@example.com']
    for (const entry of [...others, 'discord:1'.padEnd(40, '1')]) {
      expect(directEntryId({ entry }, 'discord'), entry).toBeUndefined()
    }
  })

  it('takes another shape of id where the platform has one', () => {
    expect(directEntryId({ entry: 'chat:U024BE7LH' }, 'chat', /^U[A-Z0-9]{2,20}$/)).toBe('U024BE7LH')
    expect(directEntryId({ entry: 'chat:1002' }, 'chat', /^U[A-Z0-9]{2,20}$/)).toBeUndefined()
  })

  it("opens the direct conversation of this instance's entries with the piece's open", async () => {
    const opened: string[] = []
    const openDirect = directEntryOpener('telegram', (userId) => {
      opened.push(userId)
      return `telegram:${userId}`
    })
    expect(await openDirect({ entry: 'telegram:1002', email: null })).toBe('telegram:1002')
    expect(await openDirect({ entry: 'discord:1002', email: null })).toBeUndefined()
    expect(await openDirect({ entry: 'dana@example.com', email: 'dana@example.com' })).toBeUndefined()
    expect(opened).toEqual(['1002'])
  })
})
