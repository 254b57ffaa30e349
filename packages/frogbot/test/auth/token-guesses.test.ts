import { afterEach, describe, expect, it } from 'vitest'
import type { AuthOptions } from '../../src/index.ts'
import { errorOf } from '../helpers/error-body.ts'
import { type Answer, authApp } from './auth-kit.ts'

// Wrong bearer tokens were never throttled: one client made 2,000–4,100 guesses a second.
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

async function app({ tokenGuessLimit = { failures: 5, windowSeconds: 60 }, filename }: { tokenGuessLimit?: AuthOptions['tokenGuessLimit'] | null; filename?: string } = {}) {
  const created = await authApp({ filename, auth: { clientAddress: (request) => request.headers.get('x-test-address'), ...(tokenGuessLimit ? { tokenGuessLimit } : {}) } })
  closers.push(created.close)
  const withToken = (token: string, address = '203.0.113.7') => created.request('GET', '/api/agents', { headers: { authorization: `Bearer ${token}`, 'x-test-address': address } })
  const guesses = (count: number, address?: string) => Promise.all(Array.from({ length: count }, (_, i) => withToken(`fbt_wrong_guess_${i}_${Math.random()}`, address)))
  return { ...created, withToken, guesses }
}
const statuses = (answers: Answer[]) => answers.map((answer) => answer.status)

function expectThrottled(answer: Answer) {
  expect(answer.status).toBe(429)
  const retryAfter = Number(answer.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(60)
  expect(errorOf(answer.json)).toEqual({ code: 'too-many-requests', message: `Too many wrong API tokens from this address; try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.` })
}

describe('wrong bearer tokens', () => {
  it('by default, after 20 wrong tokens in a minute an address gets 429 with Retry-After', async () => {
    const { guesses, withToken } = await app({ tokenGuessLimit: null })
    const answers = []
    for (let i = 0; i < 25; i++) answers.push(...(await guesses(1)))
    expect(statuses(answers)).toEqual([...Array(20).fill(401), ...Array(5).fill(429)])
    expectThrottled(await withToken('fbt_yet_another_wrong_guess'))
  })

  it('leave other addresses and tokens already in use alone, and the address is open again after the window', async () => {
    const { guesses, withToken, adaToken, bobToken, clock } = await app()
    expect((await withToken(adaToken)).status).toBe(200)
    expect(statuses(await guesses(5))).toEqual(Array(5).fill(401))
    expectThrottled((await guesses(1))[0])
    expect((await withToken(adaToken)).status).toBe(200) // verified here before: a guesser cannot know it
    expectThrottled(await withToken(bobToken)) // not seen from here yet: it waits like any guess
    expect((await withToken(bobToken, '198.51.100.1')).status).toBe(200)
    clock.advance(61_000)
    expect(statuses(await guesses(1))).toEqual([401])
  })

  it('are counted in the database, so guesses spread over processes are held too', async () => {
    const first = await app()
    const second = await app({ filename: first.file })
    expect(statuses(await first.guesses(3))).toEqual([401, 401, 401])
    expect(statuses(await second.guesses(2))).toEqual([401, 401])
    expectThrottled((await second.guesses(1))[0])
    // The first process learns of the other's guesses at its next wrong token, and holds from then on.
    expect(statuses(await first.guesses(1))).toEqual([401])
    expectThrottled((await first.guesses(1))[0])
  })

  it('valid tokens write nothing to the limit table', async () => {
    const { withToken, adaToken, db } = await app()
    for (let i = 0; i < 10; i++) expect((await withToken(adaToken)).status).toBe(200)
    expect(await db.selectFrom('frogbot_login_attempts').selectAll().execute()).toEqual([])
  })
})
