import { describe, expect, it } from 'vitest'
import { cardViews } from './card-views.ts'
import { SETTLED_CARD_TTL_MS } from './question-cards.ts'

/** A state that keeps values in a map, recording the time each was kept for. */
function memoryState() {
  const values = new Map<string, unknown>()
  const ttls = new Map<string, number | undefined>()
  return {
    values,
    ttls,
    get: async <T>(key: string) => (values.get(key) ?? null) as T | null,
    set: async (key: string, value: unknown, ttlMs?: number) => {
      values.set(key, value)
      ttls.set(key, ttlMs)
    },
    delete: async (key: string) => {
      values.delete(key)
    }
  }
}

describe('cardViews', () => {
  it("keeps each card's view under the piece's key as long as a settled card, until forgotten", async () => {
    const state = memoryState()
    const views = cardViews<{ page: number }>(state, 'telegram', { page: 0 })
    const card = { chatId: 'c1', toolCallId: 'call_1' }
    const shown = await views.view(card)
    expect(shown).toEqual({ page: 0 })
    shown.page = 5
    expect(await views.view(card)).toEqual({ page: 0 })
    await views.setView(card, { page: 2 })
    expect(await views.view(card)).toEqual({ page: 2 })
    expect(await views.view({ chatId: 'c1', toolCallId: 'call_2' })).toEqual({ page: 0 })
    expect(state.ttls.get('frogbot:telegram:view:c1:call_1')).toBe(SETTLED_CARD_TTL_MS)
    await views.forget(card)
    expect(await views.view(card)).toEqual({ page: 0 })
    expect(state.values.size).toBe(0)
  })
})
