import { describe, expect, it } from 'vitest'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { callTracker, closeEngine, queueKicker } from './engine.ts'

// The engine's own parts around its methods: refusing and tracking calls, starting queued messages, closing.

const later = <T>() => {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)))
  return { promise, resolve, reject }
}
const settledWithin = async (promise: Promise<unknown>, ms: number) => Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))])

describe('callTracker', () => {
  it('runs a guarded call with its arguments and passes its result and its failure on', async () => {
    const { guard } = callTracker(() => false)
    expect(await guard(async (a: number, b: number) => a + b)(2, 3)).toBe(5)
    await expect(guard(async () => Promise.reject(new FrogbotError('not-found', 'No chat "chat_1".')))()).rejects.toMatchObject({ code: 'not-found' })
  })

  it('refuses calls once closing, with FrogbotError closed, without running them', async () => {
    let closing = false
    let runs = 0
    const { guard } = callTracker(() => closing)
    const method = guard(async () => ++runs)
    await method()
    closing = true
    const refused = await method().catch((error: unknown) => error)
    expect(FrogbotError.isInstance(refused) && refused.code).toBe('closed')
    expect((refused as Error).message).toBe('FrogBot is shutting down; retry on another server or once it is back.')
    expect(runs).toBe(1)
  })

  it('finished(ms) waits for the calls under way, failed ones too, and at most ms', async () => {
    const { guard, finished } = callTracker(() => false)
    const first = later<string>()
    const second = later<string>()
    const call = guard(() => first.promise)()
    void guard(() => second.promise)().catch(() => {})
    expect(await settledWithin(finished(5000), 50)).toBe(false)
    first.resolve('done')
    second.reject(new Error('model down'))
    expect(await settledWithin(finished(5000), 50)).toBe(true)
    expect(await call).toBe('done')
    void guard(() => new Promise(() => {}))()
    const started = Date.now()
    await finished(100)
    expect(Date.now() - started).toBeLessThan(1000)
  })
})

describe('queueKicker', () => {
  it('starts the chat next queued message and says whether one started', async () => {
    const started: string[] = []
    const kick = queueKicker({ closing: false, log: () => {} }, async (chatId) => (started.push(chatId), chatId === 'chat_1'))
    expect(await kick('chat_1')).toBe(true)
    expect(await kick('chat_2')).toBe(false)
    expect(started).toEqual(['chat_1', 'chat_2'])
  })

  it('starts nothing while the engine closes, and a failure is logged naming the chat and reads false', async () => {
    const lines: string[] = []
    const services = { closing: false, log: (line: string) => lines.push(line) }
    let starts = 0
    const kick = queueKicker(services, async () => {
      starts++
      throw new Error('database is locked')
    })
    expect(await kick('chat_1')).toBe(false)
    expect(lines).toEqual(['frogbot: could not start the queued message of chat chat_1: database is locked'])
    services.closing = true
    expect(await kick('chat_1')).toBe(false)
    expect(starts).toBe(1)
  })
})

describe('closeEngine', () => {
  it('sets closing, waits for the calls, then aborts the running turns and waits for them', async () => {
    const order: string[] = []
    const abort = new AbortController()
    abort.signal.addEventListener('abort', () => order.push('turn aborted'))
    const turn = later<void>()
    abort.signal.addEventListener('abort', () => turn.resolve())
    const services = { closing: false, activeRuns: new Map([['chat_1', abort]]), turnsInFlight: new Set<Promise<unknown>>([turn.promise.then(() => order.push('turn ended'))]) }
    await closeEngine(services, async () => order.push(`calls finished (closing: ${services.closing})`), 5000)
    expect(order).toEqual(['calls finished (closing: true)', 'turn aborted', 'turn ended'])
  })

  it('waits at most graceMs for a turn, and its later failure is no unhandled rejection', async () => {
    const turn = later<void>()
    const services = { closing: false, activeRuns: new Map<string, AbortController>(), turnsInFlight: new Set<Promise<unknown>>([turn.promise]) }
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      const started = Date.now()
      await closeEngine(services, async () => {}, 100)
      expect(Date.now() - started).toBeLessThan(1000)
      turn.reject(new Error('lease lost'))
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})
