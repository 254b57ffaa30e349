import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqliteAdapter } from '../../src/store/sqlite-adapter.ts'
import { cliEnv, type ServeProcess, startServe, stopAllServes, tempCwd } from '../helpers/spawn-serve.ts'
import { storedTranscriptProblems } from './stored-transcripts.ts'

// A short soak on loopback: one real `frogbot serve` (SQLite file) and CLIENTS clients that ask,
// answer, dismiss, stream and follow up as fast as they can for FROGBOT_SOAK_SECONDS (60 by
// default; the first 15% warm the server up, the rest is two equal windows). Every request must
// succeed, and once the load stops the server's open file descriptors and live heap must come
// back to their level before it, within a margin. Memory is measured after a full garbage
// collection, which a heap snapshot forces (`--heapsnapshot-signal`): V8 otherwise keeps garbage
// around for a while. Resident memory does not come back after a load (the allocator keeps the
// pages the peak needed, more of them the faster the machine), so it is held to a plateau
// instead: a leak grows it in the second window as much as in the first; kept pages do not.

const SECONDS = Math.max(10, Number(process.env.FROGBOT_SOAK_SECONDS) || 60)
const WARMUP_MS = SECONDS * 150
const WINDOW_MS = (SECONDS * 1000 - WARMUP_MS) / 2
const CLIENTS = 12
const CONFIG = fileURLToPath(new URL('../cluster/fixtures/cluster.config.ts', import.meta.url))
/** Growth of resident memory in the second window that still counts as a plateau, besides half the first window's. */
const RSS_PLATEAU_BYTES = 24 * 1024 * 1024
/** Growth of resident memory over the whole soak beyond which something is wrong however it grew. */
const RSS_CEILING_BYTES = 160 * 1024 * 1024
const HEAP_MARGIN_BYTES = 8 * 1024 * 1024
const FD_MARGIN = 3

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Resident memory (bytes) and open file descriptors of process `pid`. */
function usage(pid: number) {
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024
  return { rss, fds: readdirSync(`/proc/${pid}/fd`).length }
}

/** The live heap of a V8 heap snapshot: the sum of its objects' own sizes. */
function liveHeapBytes(file: string): number {
  const { snapshot, nodes } = JSON.parse(readFileSync(file, 'utf8')) as { snapshot: { meta: { node_fields: string[] } }; nodes: number[] }
  const fields = snapshot.meta.node_fields.length
  const selfSize = snapshot.meta.node_fields.indexOf('self_size')
  let total = 0
  for (let at = selfSize; at < nodes.length; at += fields) total += nodes[at]
  return total
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`

describe(`soak: ${CLIENTS} clients for ${SECONDS} s on loopback`, () => {
  let server: ServeProcess
  let cwd: { dir: string; remove: () => void }
  const token = randomBytes(16).toString('hex')

  beforeAll(async () => {
    cwd = tempCwd()
    server = await startServe({ cwd: cwd.dir, env: cliEnv({ FROGBOT_TOKEN: token, NODE_OPTIONS: '--heapsnapshot-signal=SIGUSR2' }), config: CONFIG })
  })
  afterAll(async () => {
    await stopAllServes()
    cwd?.remove()
  })

  /** One HTTP exchange over `agent`: the status and the whole body (streams read to their end). */
  function exchange(agent: Agent, method: string, path: string, body?: unknown, accept = 'application/json') {
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const outgoing = httpRequest(
        `${server.base}${path}`,
        { method, agent, timeout: 20_000, headers: { authorization: `Bearer ${token}`, accept, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
        (response) => {
          let text = ''
          response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
          response.on('error', reject)
        }
      )
      outgoing.on('timeout', () => outgoing.destroy(new Error(`${method} ${path}: no answer within 20 s`)))
      outgoing.on('error', reject)
      outgoing.end(payload)
    })
  }

  /**
   * Runs `clients` loops until `ms` pass. Each round: ask a question, list what waits, answer it
   * (or dismiss it, or answer with a streamed continuation), follow up, read the chat. Returns
   * how many rounds ran and every unexpected answer.
   */
  async function load(ms: number) {
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS })
    const deadline = Date.now() + ms
    const errors: string[] = []
    let rounds = 0
    const expectAnswer = (what: string, answer: { status: number; text: string }, status: number, contains: string) => {
      if (answer.status !== status || !answer.text.includes(contains)) errors.push(`${what}: ${answer.status} ${answer.text.slice(0, 200)}`)
    }
    async function client(id: number) {
      for (let round = 0; Date.now() < deadline; round++) {
        try {
          const asked = await exchange(agent, 'POST', '/api/agents/planner', { prompt: `Client ${id}, round ${round}: ask me the color` })
          expectAnswer('ask', asked, 200, '"awaiting-input"')
          if (asked.status !== 200) continue
          const { chatId, pending } = JSON.parse(asked.text)
          const base = `/api/agents/planner/chats/${chatId}`
          expectAnswer('pending', await exchange(agent, 'GET', `${base}/pending`), 200, pending[0].toolCallId)
          const answer = { answers: [{ header: 'Color', selected: ['Blue'] }] }
          if (round % 5 === 4) expectAnswer('dismiss', await exchange(agent, 'POST', `${base}/settle`, { toolCallId: pending[0].toolCallId, dismissed: true }), 200, '"dismissed"')
          else if (round % 5 === 3) expectAnswer('streamed settle', await exchange(agent, 'POST', `${base}/settle`, { toolCallId: pending[0].toolCallId, output: answer }, 'text/event-stream'), 200, '"delta":"Blue."')
          else expectAnswer('settle', await exchange(agent, 'POST', `${base}/settle`, { toolCallId: pending[0].toolCallId, output: answer }), 200, 'You answered Blue.')
          expectAnswer('follow-up', await exchange(agent, 'POST', '/api/agents/planner', { chatId, prompt: 'Thanks' }), 200, 'Reply to: Thanks')
          expectAnswer('read', await exchange(agent, 'GET', base), 200, '"state":"idle"')
          rounds++
        } catch (error) {
          errors.push(`client ${id}: ${error instanceof Error ? error.message : String(error)}`)
        }
      }
    }
    await Promise.all(Array.from({ length: CLIENTS }, (_, id) => client(id)))
    agent.destroy()
    return { rounds, errors }
  }

  /**
   * The server's usage once idle: after the clients closed their connections, a heap snapshot
   * (which collects all garbage first) for the live heap, then the lowest of a few samples.
   */
  async function settledUsage(pid: number) {
    await sleep(1000)
    const snapshots = () => readdirSync(cwd.dir).filter((file) => file.endsWith('.heapsnapshot'))
    process.kill(pid, 'SIGUSR2')
    const file = await (async () => {
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(200)) {
        // The snapshot is written on the main thread: once the server answers again, it is complete.
        if (snapshots().length > 0 && (await fetch(`${server.base}/api/health`).then((answer) => answer.ok, () => false))) return join(cwd.dir, snapshots()[0])
      }
      throw new Error('the server wrote no heap snapshot within 30 s')
    })()
    const heap = liveHeapBytes(file)
    rmSync(file)
    const samples = []
    for (let sample = 0; sample < 5; sample++) {
      samples.push(usage(pid))
      await sleep(200)
    }
    return { rss: Math.min(...samples.map((entry) => entry.rss)), fds: Math.min(...samples.map((entry) => entry.fds)), heap }
  }

  it('0 errors; file descriptors and live heap back to their level afterwards, resident memory on a plateau', async () => {
    const pid = server.child.pid!
    const warm = await load(WARMUP_MS)
    expect(warm.errors).toEqual([])
    const before = await settledUsage(pid)

    let peak = { rss: before.rss, fds: before.fds }
    const sampler = setInterval(() => {
      const now = usage(pid)
      peak = { rss: Math.max(peak.rss, now.rss), fds: Math.max(peak.fds, now.fds) }
    }, 500)
    const first = await load(WINDOW_MS)
    const middle = await settledUsage(pid)
    const second = await load(WINDOW_MS)
    clearInterval(sampler)
    const after = await settledUsage(pid)
    const summary = `${first.rounds} + ${second.rounds} rounds after ${warm.rounds} to warm up; rss ${mib(before.rss)} → ${mib(middle.rss)} → ${mib(after.rss)} (peak ${mib(peak.rss)}); live heap ${mib(before.heap)} → ${mib(middle.heap)} → ${mib(after.heap)}; fds ${before.fds} → peak ${peak.fds} → ${after.fds}`

    expect([...first.errors, ...second.errors], summary).toEqual([])
    expect(second.rounds, summary).toBeGreaterThan(CLIENTS)
    expect(peak.fds, `the load was seen: ${summary}`).toBeGreaterThan(before.fds)
    expect(after.fds, summary).toBeLessThanOrEqual(before.fds + FD_MARGIN)
    expect(after.heap, summary).toBeLessThanOrEqual(before.heap + HEAP_MARGIN_BYTES)
    // Per round, so that a window that ran fewer rounds (a busier machine) is judged fairly.
    const firstGrowth = Math.max(0, middle.rss - before.rss) / first.rounds
    const secondGrowth = Math.max(0, after.rss - middle.rss) / second.rounds
    expect(secondGrowth * second.rounds, summary).toBeLessThanOrEqual(Math.max(RSS_PLATEAU_BYTES, (firstGrowth / 2) * second.rounds))
    expect(after.rss, summary).toBeLessThanOrEqual(before.rss + RSS_CEILING_BYTES)
    expect(server.stderr(), summary).not.toMatch(/unexpected error|failed/)

    const db = sqliteAdapter({ filename: join(cwd.dir, 'frogbot.db') }).connect()
    try {
      expect(await storedTranscriptProblems(db)).toEqual([])
    } finally {
      await db.destroy()
    }
  }, SECONDS * 1000 + 60_000)
})
