import { afterEach, describe, expect, it, vi } from 'vitest'
import { IDENTITY_RETRY_MS, IDENTITY_TIMEOUT_MS } from 'frogbot/channels'
import { botIdentity } from './slack-identity.ts'

/** An adapter whose `auth.test` answers what `answers` gives, in order (a promise that never settles: Slack hanging); `ask` resolves to why it failed. */
function fakeAdapter(answers: (() => Promise<unknown>)[]) {
  const adapter = {
    botUserId: undefined as string | undefined,
    asked: 0,
    known: () => adapter.botUserId !== undefined,
    ask: () =>
      answers[adapter.asked++]().then(
        (result) => {
          adapter.botUserId = (result as { user_id: string }).user_id
          return null
        },
        (error: unknown) => error
      )
  }
  return adapter
}

const unreachable = () => Promise.reject(Object.assign(new Error('A request error occurred: getaddrinfo ENOTFOUND slack.com'), { code: 'slack_webapi_request_error' }))
const refused = () => Promise.reject(Object.assign(new Error('An API error occurred: invalid_auth'), { code: 'slack_webapi_platform_error' }))
const known = () => Promise.resolve({ ok: true, user_id: 'UFROGBOT', bot_id: 'BFROGBOT' })
const hanging = () => new Promise(() => {})

afterEach(() => void vi.useRealTimers())

describe("the bot's identity", () => {
  it('a failure is kept a minute, told once per kind, then asked again; callers share a request', async () => {
    let clock = 0
    const failures: string[] = []
    const adapter = fakeAdapter([unreachable, unreachable, refused, known])
    const identity = botIdentity({ known: adapter.known, ask: adapter.ask, now: () => clock, onFailure: (failure) => failures.push(failure.kind) })

    expect(await identity()).toMatchObject({ kind: 'unreachable', reason: expect.stringContaining('ENOTFOUND') })
    expect(await identity()).toMatchObject({ kind: 'unreachable' })
    expect(adapter.asked).toBe(1)
    clock += IDENTITY_RETRY_MS
    expect(await identity()).toMatchObject({ kind: 'unreachable' })
    expect(adapter.asked).toBe(2)
    clock += IDENTITY_RETRY_MS
    expect(await identity()).toMatchObject({ kind: 'refused' })
    expect(failures).toEqual(['unreachable', 'refused'])
    clock += IDENTITY_RETRY_MS
    const [first, second] = await Promise.all([identity(), identity()])
    expect([first, second]).toEqual([{ kind: 'known' }, { kind: 'known' }])
    expect(adapter.asked).toBe(4)
    expect(adapter.botUserId).toBe('UFROGBOT')
    expect(await identity()).toEqual({ kind: 'known' })
    expect(adapter.asked).toBe(4)
  })

  it(`a Slack that never answers is given up after ${IDENTITY_TIMEOUT_MS / 1000} s, and its late answer still counts`, async () => {
    vi.useFakeTimers()
    let answer!: (value: unknown) => void
    const failures: string[] = []
    const adapter = fakeAdapter([() => new Promise((resolve) => (answer = resolve)), hanging])
    const identity = botIdentity({ known: adapter.known, ask: adapter.ask, now: () => Date.now(), onFailure: (failure) => failures.push(failure.reason) })

    const waiting = identity()
    await vi.advanceTimersByTimeAsync(IDENTITY_TIMEOUT_MS)
    expect(await waiting).toEqual({ kind: 'unreachable', reason: `no answer within ${IDENTITY_TIMEOUT_MS / 1000} s` })
    expect(await identity()).toMatchObject({ kind: 'unreachable' })
    expect(failures).toHaveLength(1)
    answer({ ok: true, user_id: 'UFROGBOT' })
    await vi.advanceTimersByTimeAsync(0)
    expect(await identity()).toEqual({ kind: 'known' })
    expect(adapter.asked).toBe(1)
  })
})
