import { describe, expect, it } from 'vitest'
import { budgetedItems } from './budgeted-items.ts'

const rest = (count: number) => `… and ${count} more`
const cost = (item: string) => item.length

describe('budgetedItems', () => {
  it('keeps every item that fits, in order', () => {
    expect(budgetedItems(['aa', 'bbb', 'c'], { room: 6, cost, rest })).toEqual(['aa', 'bbb', 'c'])
    expect(budgetedItems([], { room: 0, cost, rest })).toEqual([])
  })

  it('tells the first item that does not fit, and every one after it, as one', () => {
    const items = ['aa', 'bbb', 'cccc', 'd']
    expect(budgetedItems(items, { room: 6, cost, rest })).toEqual(['aa', 'bbb', '… and 2 more'])
    expect(budgetedItems(items, { room: 0, cost, rest })).toEqual(['… and 4 more'])
  })
})
