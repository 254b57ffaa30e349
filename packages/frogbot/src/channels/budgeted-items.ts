/**
 * The first of `items` whose costs together fit `room` (in any unit: bytes, characters, blocks;
 * each item's from `cost(item)`), in order: when one does not fit, it and every item after it are
 * left out and told by one item more, `rest(count)` ("… and 12 more lines"), whose own cost is not
 * counted (keep a margin for it in `room`). For a platform that limits a message's size (Teams: an
 * Adaptive Card's bytes); `room` 0 or less keeps none.
 */
export function budgetedItems<T>(items: T[], { room, cost, rest }: {
  room: number
  cost: (item: T) => number
  rest: (count: number) => T
}): T[] {
  const kept: T[] = []
  let used = 0
  for (const [index, item] of items.entries()) {
    used += cost(item)
    if (used > room) return [...kept, rest(items.length - index)]
    kept.push(item)
  }
  return kept
}
