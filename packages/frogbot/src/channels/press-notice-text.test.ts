import { describe, expect, it } from 'vitest'
import { noticeText, plainNameOf } from './piece-notices.ts'
import { PRESS_FAILED, pressNoticeText } from './press-notice-text.ts'

/** How the tests read a press: plain names, the log kept in `log`. */
function reading(log: string[]) {
  return { nameOf: plainNameOf, log: (line: string) => void log.push(line), what: 'a press', maxChars: 200 }
}

describe('pressNoticeText', () => {
  it('is the text of the notice the press resolves to, cut to the limit; null for none', async () => {
    const log: string[] = []
    const closed = await pressNoticeText(async () => ({ kind: 'closed' }), reading(log))
    expect(closed).toBe(noticeText({ kind: 'closed' }))
    const invalid = { kind: 'invalid', message: 'x'.repeat(300) } as const
    const long = await pressNoticeText(async () => invalid, reading(log))
    expect(long).toHaveLength(200)
    expect(await pressNoticeText(async () => null, reading(log))).toBeNull()
    expect(log).toEqual([])
  })

  it('logs a press that throws, naming it, and tells the presser something went wrong', async () => {
    const log: string[] = []
    const text = await pressNoticeText(async () => {
      throw new Error('the database is down')
    }, reading(log))
    expect(text).toBe(PRESS_FAILED)
    expect(log).toEqual(['could not handle a press: the database is down'])
  })
})
