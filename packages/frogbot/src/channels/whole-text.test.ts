import { describe, expect, it } from 'vitest'
import { wholeText } from './whole-text.ts'

const streamOf = async function* (chunks: string[]) {
  yield* chunks
}

describe('wholeText', () => {
  it('joins every delta as it came, and is empty for white space only', async () => {
    expect(await wholeText(streamOf(['  Hello', ' there.\n', '']))).toBe('  Hello there.\n')
    expect(await wholeText(streamOf([' ', '\n\t']))).toBe('')
    expect(await wholeText(streamOf([]))).toBe('')
  })
})
