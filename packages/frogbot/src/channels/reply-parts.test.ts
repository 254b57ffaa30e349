import { describe, expect, it } from 'vitest'
import { replyParts } from './reply-parts.ts'

const streamOf = async function* (chunks: string[]) {
  yield* chunks
}
const partsOf = async (chunks: string[], max: number) => {
  const next = replyParts(streamOf(chunks), max)
  const parts: string[] = []
  for (let part = await next(); part; part = await next()) {
    let text = ''
    for await (const piece of part) text += piece
    parts.push(text)
  }
  return parts
}

describe('replyParts', () => {
  it('keeps a short reply whole and starts nothing for white space only', async () => {
    expect(await partsOf(['Hello ', 'there.'], 100)).toEqual(['Hello there.'])
    expect(await partsOf(['  ', '\n'], 100)).toEqual([])
  })

  it('ends each part at a line break near its limit, losing nothing', async () => {
    const lines = Array.from({ length: 30 }, (_, index) => `line ${index + 1}\n`)
    const parts = await partsOf(lines.flatMap((line) => line.split(/(?<= )/)), 50)
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(50)
    expect(parts.every((part) => part.endsWith('\n'))).toBe(true)
    expect(parts.join('')).toBe(lines.join(''))
  })

  it('cuts a line longer than a part at a space, and a word longer than a part where it must', async () => {
    expect(await partsOf(['aaaa bbbb cccc'], 10)).toEqual(['aaaa bbbb ', 'cccc'])
    expect(await partsOf(['x'.repeat(25)], 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)])
  })
})
