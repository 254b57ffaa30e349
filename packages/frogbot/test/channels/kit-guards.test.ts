import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { releasedOnFailure, replayGuard } from '../../src/channels/replay-guard.ts'
import { refusalLog } from '../../src/channels/refusal-log.ts'
import { withinDeadline } from '../../src/channels/chat-sdk/ack-deadline.ts'
import type { ChannelState } from '../../src/contract/channel-state.ts'
import { channelState } from '../../src/store/channel-state.ts'
import { migrateToLatest } from '../../src/store/migrate.ts'
import { sqliteAdapter } from '../../src/store/sqlite-adapter.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'

// The kit's guards of a piece's webhook: each verified request admitted once (keyed on what a
// sender cannot re-encode), stale ones refused, each reason for a refusal logged at most once a minute, and the
// platform answered within its deadline whatever the handling does.

const temp = tempDir()
const db = sqliteAdapter({ filename: join(temp.dir, 'frogbot.db') }).connect()
let clock = Date.parse('2026-12-01T12:00:00.000Z')
let state: ChannelState
beforeAll(async () => {
  await migrateToLatest(db)
  state = channelState({ db, scope: 'guarded', now: () => clock })
})
afterAll(async () => {
  await db.destroy()
  temp.remove()
})

describe('the replay and freshness guard', () => {
  it('forgets what it admitted for a request the piece answered with a server error, so that the platform\'s redelivery is admitted; never for a 4xx or a success', async () => {
    const guard = replayGuard({ state, now: () => clock })
    const handle = (deliveryId: string, status: number) => releasedOnFailure(async () => ((await guard.admit({ body: '{}', deliveryId })) ? new Response('replay', { status: 401 }) : new Response(null, { status })))
    // Telegram could not be reached: the update is answered 503, and Telegram delivers it again.
    expect((await handle('update-500', 503)).status).toBe(503)
    expect((await handle('update-500', 200)).status).toBe(200)
    expect((await handle('update-500', 200)).status).toBe(401)
    expect((await handle('update-501', 400)).status).toBe(400)
    expect((await handle('update-501', 200)).status).toBe(401)
  })

  it('admits a request signed at a time once, however its signature is written, and its retry signed anew', async () => {
    const guard = replayGuard({ state, now: () => clock })
    const body = '{"event":"message"}'
    expect(await guard.admit({ body, signedAt: clock - 1000 })).toBeNull()
    expect(await guard.admit({ body, signedAt: clock - 1000 })).toEqual({ refused: 'replay', message: 'Refused: this signed request was already received (a replay).' })
    expect(await guard.admit({ body: `${body} `, signedAt: clock - 1000 })).toBeNull()
    expect(await guard.admit({ body, signedAt: clock })).toBeNull()
  })

  it('refuses a request signed more than the window away from now, either way, or at no time it can read', async () => {
    const guard = replayGuard({ state, now: () => clock, windowMs: 60_000 })
    const stale = { refused: 'stale', message: "Refused: the request was signed more than 60 s away from this server's time." }
    expect(await guard.admit({ body: 'a', signedAt: clock - 61_000 })).toEqual(stale)
    expect(await guard.admit({ body: 'a', signedAt: clock + 61_000 })).toEqual(stale)
    expect(await guard.admit({ body: 'a', signedAt: Number.NaN })).toEqual(stale)
    expect(await guard.admit({ body: 'a', signedAt: clock - 59_000 })).toBeNull()
  })

  it('knows a delivery by the platform\'s delivery id, whatever its body, for a day', async () => {
    const guard = replayGuard({ state, now: () => clock })
    expect(await guard.admit({ body: 'first', deliveryId: 'd-1' })).toBeNull()
    expect(await guard.admit({ body: 'changed', deliveryId: 'd-1' })).toMatchObject({ refused: 'replay' })
    clock += 24 * 60 * 60_000 + 1
    expect(await guard.admit({ body: 'first', deliveryId: 'd-1' })).toBeNull()
  })

  it('forgets a request signed at a time once it could no longer be fresh', async () => {
    const guard = replayGuard({ state, now: () => clock, windowMs: 1000 })
    clock += 2 * 24 * 60 * 60_000
    await state.sweep()
    expect(await guard.admit({ body: 'b', signedAt: clock })).toBeNull()
    expect(await state.sweep()).toBe(0)
    clock += 2 * 1000 + 60_000 + 1
    expect(await state.sweep()).toBe(1)
  })
})

describe('the refusal log', () => {
  it('logs each reason at most once a minute', () => {
    let now = 0
    const lines: string[] = []
    const refused = refusalLog({ instance: 'guarded', now: () => now, log: (line) => lines.push(line) })
    refused('the signature is invalid')
    now += 30_000
    refused('the signature is invalid')
    now += 31_000
    refused('the signature is invalid')
    expect(lines).toEqual(['refused a request to /api/webhooks/guarded: the signature is invalid', 'refused a request to /api/webhooks/guarded: the signature is invalid'])
  })

  it("an unsigned probe's refusal does not hide a wrong secret's seconds later", () => {
    let now = 0
    const lines: string[] = []
    const refused = refusalLog({ instance: 'slack', now: () => now, log: (line) => lines.push(line) })
    refused('the X-Slack-Signature and X-Slack-Request-Timestamp headers are required; Slack signs every request')
    now += 5_000
    refused('the signature does not match the body; check SLACK_SIGNING_SECRET')
    now += 5_000
    refused('the X-Slack-Signature and X-Slack-Request-Timestamp headers are required; Slack signs every request')
    refused('the signature does not match the body; check SLACK_SIGNING_SECRET')
    expect(lines).toEqual([
      'refused a request to /api/webhooks/slack: the X-Slack-Signature and X-Slack-Request-Timestamp headers are required; Slack signs every request',
      'refused a request to /api/webhooks/slack: the signature does not match the body; check SLACK_SIGNING_SECRET'
    ])
  })

  it('logs at most 20 distinct reasons a minute, then again once the minute is over', () => {
    let now = 0
    const lines: string[] = []
    const refused = refusalLog({ instance: 'guarded', now: () => now, log: (line) => lines.push(line) })
    for (let i = 0; i < 25; i++) refused(`made-up reason ${i}`)
    expect(lines).toHaveLength(20)
    now += 60_000
    refused('made-up reason 24')
    expect(lines.at(-1)).toBe('refused a request to /api/webhooks/guarded: made-up reason 24')
  })
})

describe('the acknowledgement deadline', () => {
  it('answers with the handling\'s own answer when it comes in time, else with the late answer just before the deadline, the handling going on', async () => {
    const tasks: Promise<unknown>[] = []
    const track = <T>(work: Promise<T>) => (tasks.push(work), work)
    const logs: string[] = []
    expect(await (await withinDeadline(Promise.resolve(new Response('in time')), { deadlineMs: 3000, track, log: (line) => logs.push(line) })).text()).toBe('in time')

    vi.useFakeTimers()
    try {
      let fail!: (error: Error) => void
      const slow = new Promise<Response>((_resolve, reject) => (fail = reject))
      const answer = withinDeadline(slow, { deadlineMs: 3000, lateAck: () => new Response('late', { status: 202 }), track, log: (line) => logs.push(line) })
      await vi.advanceTimersByTimeAsync(2499)
      let settled = false
      void answer.then(() => (settled = true))
      await vi.advanceTimersByTimeAsync(0)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      const late = await answer
      expect([late.status, await late.text()]).toEqual([202, 'late'])
      fail(new Error('the platform hung up'))
      await Promise.allSettled(tasks)
      expect(logs).toEqual(['a request acknowledged late failed: the platform hung up'])
    } finally {
      vi.useRealTimers()
    }
  })
})
