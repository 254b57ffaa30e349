import { describe, expect, it } from 'vitest'
import { cardViews } from './card-views.ts'
import { SETTLED_CARD_TTL_MS } from './question-cards.ts'
import { memoryState } from '../../test/helpers/memory-state.ts'

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
