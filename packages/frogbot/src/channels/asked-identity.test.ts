import { afterEach, describe, expect, it, vi } from 'vitest'
import { askedIdentity, IDENTITY_RETRY_MS, IDENTITY_TIMEOUT_MS } from './asked-identity.ts'

/** A platform that answers what `answers` gives, in order (a promise that never settles: it hangs); `ask` resolves to why it failed. */
function fakePlatform(answers: (() => Promise<unknown>)[]) {
  const platform = {
    id: undefined as string | undefined,
    asked: 0,
    known: () => platform.id !== undefined,
    ask: () =>
      answers[platform.asked++]().then(
        (result) => {
          platform.id = (result as { id: string }).id
          return null
        },
        (error: unknown) => error
      )
  }
  return platform
}

const unreachable = () => Promise.reject(new Error('getaddrinfo ENOTFOUND example.com'))
const refused = () => Promise.reject(Object.assign(new Error('invalid_auth'), { refused: true }))
const known = () => Promise.resolve({ id: 'BOT' })
const hanging = () => new Promise(() => {})
const isRefused = (error: unknown) => (error as { refused?: boolean } | null)?.refused === true

afterEach(() => void vi.useRealTimers())

describe('askedIdentity', () => {
  it('keeps a failure for retryMs, tells it once per kind, then asks again; callers share a request', async () => {
    let clock = 0
    const failures: string[] = []
    const platform = fakePlatform([unreachable, unreachable, refused, known])
    const identity = askedIdentity({ known: platform.known, ask: platform.ask, refused: isRefused, what: 'whoami', now: () => clock, onFailure: (failure) => failures.push(failure.kind) })

    expect(await identity()).toEqual({ kind: 'unreachable', reason: 'getaddrinfo ENOTFOUND example.com' })
    expect(await identity()).toMatchObject({ kind: 'unreachable' })
    expect(platform.asked).toBe(1)
    clock += IDENTITY_RETRY_MS
    expect(await identity()).toMatchObject({ kind: 'unreachable' })
    expect(platform.asked).toBe(2)
    clock += IDENTITY_RETRY_MS
    expect(await identity()).toEqual({ kind: 'refused', reason: 'invalid_auth' })
    expect(failures).toEqual(['unreachable', 'refused'])
    clock += IDENTITY_RETRY_MS
    expect(await Promise.all([identity(), identity()])).toEqual([{ kind: 'known' }, { kind: 'known' }])
    expect(platform.asked).toBe(4)
    expect(await identity()).toEqual({ kind: 'known' })
    expect(platform.asked).toBe(4)
  })

  it('gives up on a platform that never answers after timeoutMs, and its late answer still counts', async () => {
    vi.useFakeTimers()
    let answer!: (value: unknown) => void
    const failures: string[] = []
    const platform = fakePlatform([() => new Promise((resolve) => (answer = resolve)), hanging])
    const identity = askedIdentity({ known: platform.known, ask: platform.ask, refused: isRefused, what: 'whoami', now: () => Date.now(), onFailure: (failure) => failures.push(failure.reason) })

    const waiting = identity()
    await vi.advanceTimersByTimeAsync(IDENTITY_TIMEOUT_MS)
    expect(await waiting).toEqual({ kind: 'unreachable', reason: `no answer within ${IDENTITY_TIMEOUT_MS / 1000} s` })
    expect(await identity()).toMatchObject({ kind: 'unreachable' })
    expect(failures).toHaveLength(1)
    answer({ id: 'BOT' })
    await vi.advanceTimersByTimeAsync(0)
    expect(await identity()).toEqual({ kind: 'known' })
    expect(platform.asked).toBe(1)
  })

  it('takes its own timeout and retry, and names the lookup when it throws nothing', async () => {
    let clock = 0
    let asked = 0
    const ask = () => {
      asked++
      return Promise.reject(undefined)
    }
    const identity = askedIdentity({ known: () => false, ask, refused: isRefused, what: 'getMe', now: () => clock, onFailure: () => {}, retryMs: 1000, timeoutMs: 50 })
    expect(await identity()).toEqual({ kind: 'unreachable', reason: 'getMe failed' })
    await identity()
    expect(asked).toBe(1)
    clock += 1000
    await identity()
    expect(asked).toBe(2)
    const slow = askedIdentity({ known: () => false, ask: hanging, refused: isRefused, what: 'getMe', now: () => clock, onFailure: () => {}, timeoutMs: 20 })
    expect(await slow()).toEqual({ kind: 'unreachable', reason: 'no answer within 0.02 s' })
  })
})
