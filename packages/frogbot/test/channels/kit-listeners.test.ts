import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hostListener } from '../../src/hosting/piece-listeners.ts'
import type { ChannelPiece } from '../../src/contract/piece.ts'
import { channelState } from '../../src/store/channel-state.ts'
import { migrateToLatest } from '../../src/store/migrate.ts'
import { sqliteAdapter } from '../../src/store/sqlite-adapter.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'

// A piece's listener (Discord's Gateway, Telegram's long polling) runs in one process at a time
// through a lease in the piece's state; a connection that ends or fails is logged and started
// again, never fatal; a process that stops lets the lease go for another to take.

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

/** Two "processes" on one SQLite file: each its own connection and state of the piece's scope. */
async function twoProcesses() {
  const temp = tempDir()
  const adapter = sqliteAdapter({ filename: join(temp.dir, 'frogbot.db') })
  const first = adapter.connect()
  await migrateToLatest(first)
  const second = sqliteAdapter({ filename: join(temp.dir, 'frogbot.db') }).connect()
  cleanups.push(() => temp.remove(), () => first.destroy(), () => second.destroy())
  return [channelState({ db: first, scope: 'gateway' }), channelState({ db: second, scope: 'gateway' })]
}

/** A piece whose listener counts how many run at once, each until its signal aborts; `runs` is who ran, in order. */
function countingPiece(fail: { times: number } = { times: 0 }) {
  const seen = { active: 0, most: 0, runs: [] as string[] }
  const piece = (who: string): ChannelPiece => ({
    piece: 'gateway',
    instance: 'gateway',
    label: 'Gateway',
    identity: { by: 'platform-id' },
    supportsKind: () => false,
    listen: async ({ signal }) => {
      seen.runs.push(who)
      if (fail.times-- > 0) throw new Error('the connection dropped')
      seen.active++
      seen.most = Math.max(seen.most, seen.active)
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))
      seen.active--
    }
  })
  return { seen, piece }
}

describe('a piece\'s listener', () => {
  it('runs in one process at a time; when that process stops, another takes the lease over', async () => {
    const [a, b] = await twoProcesses()
    const { seen, piece } = countingPiece()
    const stopA = new AbortController()
    const stopB = new AbortController()
    const logs: string[] = []
    const hostA = hostListener({ piece: piece('a'), agentSlug: 'planner' }, { state: a, signal: stopA.signal, log: (line) => logs.push(line), leaseMs: 400 })
    await vi.waitFor(() => expect(seen.runs).toEqual(['a']))
    const hostB = hostListener({ piece: piece('b'), agentSlug: 'planner' }, { state: b, signal: stopB.signal, log: (line) => logs.push(line), leaseMs: 400 })
    // Long enough for several renewals and several tries of the other process.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(seen.runs).toEqual(['a'])
    stopA.abort()
    await hostA
    await vi.waitFor(() => expect(seen.runs).toEqual(['a', 'b']), { timeout: 3000 })
    expect(seen.most).toBe(1)
    stopB.abort()
    await hostB
    expect(seen.active).toBe(0)
    expect(logs).toEqual([])
  })

  it('a connection that fails is logged and started again after a pause, never fatal', async () => {
    const [state] = await twoProcesses()
    const { seen, piece } = countingPiece({ times: 1 })
    const stop = new AbortController()
    const logs: string[] = []
    const host = hostListener({ piece: piece('a'), agentSlug: 'planner' }, { state, signal: stop.signal, log: (line) => logs.push(line), leaseMs: 400 })
    await vi.waitFor(() => expect(seen.active).toBe(1), { timeout: 5000 })
    expect(seen.runs).toEqual(['a', 'a'])
    expect(logs).toEqual(['frogbot: gateway gateway: listener: its connection failed (the connection dropped); starting it again in 1 s'])
    stop.abort()
    await host
  })

  it('a process that lost its lease (another took it) stops its listener', async () => {
    const [a, b] = await twoProcesses()
    const { seen, piece } = countingPiece()
    const stopA = new AbortController()
    const stopB = new AbortController()
    const logs: string[] = []
    const hostA = hostListener({ piece: piece('a'), agentSlug: 'planner' }, { state: a, signal: stopA.signal, log: (line) => logs.push(line), leaseMs: 600 })
    await vi.waitFor(() => expect(seen.runs).toEqual(['a']))
    // As if process a had stalled past its lease: the lease goes to b.
    await b.forceReleaseLock('frogbot:listener')
    const hostB = hostListener({ piece: piece('b'), agentSlug: 'planner' }, { state: b, signal: stopB.signal, log: (line) => logs.push(line), leaseMs: 600 })
    await vi.waitFor(() => expect(seen.runs).toEqual(['a', 'b']), { timeout: 3000 })
    await vi.waitFor(() => expect(logs).toContain('frogbot: gateway gateway: listener: another process took over its lease; stopping here'), { timeout: 3000 })
    await vi.waitFor(() => expect(seen.active).toBe(1))
    stopA.abort()
    stopB.abort()
    await Promise.all([hostA, hostB])
  })
})
