import { describe, expect, it } from 'vitest'
import { directAddresses } from './direct-addresses.ts'
import { memoryState } from '../../test/helpers/memory-state.ts'

type Met = { userId: string; serviceUrl: string }

describe('directAddresses', () => {
  it('keeps where a person was met by email (lower-cased), written again only when it changed', async () => {
    const state = memoryState()
    const addresses = directAddresses<Met>({ state, key: 'p:direct' })
    await addresses.remember('Ada@Example.com', { userId: 'u1', serviceUrl: 'https://a.example' })
    await addresses.remember('ada@example.com', { userId: 'u1', serviceUrl: 'https://a.example' })
    expect(state.writes()).toBe(1)
    const kept = state.values.get('p:direct:ada@example.com')
    expect(kept).toEqual({ userId: 'u1', serviceUrl: 'https://a.example' })
    await addresses.remember('ada@example.com', { userId: 'u1', serviceUrl: 'https://b.example' })
    expect(state.writes()).toBe(2)
  })

  it('opens a conversation once, kept until met elsewhere; undefined for someone never met', async () => {
    const state = memoryState()
    const addresses = directAddresses<Met>({ state, key: 'p' })
    const opened: Met[] = []
    const opener = async (met: Met) => {
      opened.push(met)
      return `dm-${opened.length}`
    }
    expect(await addresses.open('eve@example.com', opener)).toBeUndefined()
    const met = { userId: 'u1', serviceUrl: 'https://a.example' }
    await addresses.remember('ada@example.com', met)
    expect(await addresses.open('ADA@example.com', opener)).toEqual({ met, conversationId: 'dm-1' })
    expect(await addresses.open('ada@example.com', opener)).toEqual({ met, conversationId: 'dm-1' })
    expect(opened).toEqual([met])
    // Met again where they were: the conversation stays; met elsewhere: it is opened again.
    await addresses.remember('ada@example.com', met)
    expect(await addresses.open('ada@example.com', opener)).toEqual({ met, conversationId: 'dm-1' })
    const moved = { userId: 'u1', serviceUrl: 'https://b.example' }
    await addresses.remember('ada@example.com', moved)
    expect(await addresses.open('ada@example.com', opener)).toEqual({ met: moved, conversationId: 'dm-2' })
  })

  it('keeps nothing when opening fails', async () => {
    const state = memoryState()
    const addresses = directAddresses<Met>({ state, key: 'p' })
    const met = { userId: 'u1', serviceUrl: 'https://a.example' }
    await addresses.remember('ada@example.com', met)
    const refused = async () => Promise.reject(new Error('refused'))
    await expect(addresses.open('ada@example.com', refused)).rejects.toThrow('refused')
    expect(state.values.get('p:ada@example.com')).toEqual(met)
  })
})
