// Answers per second of one process on SQLite: 16 clients answering 1,000 waiting chats as fast
// as they can, against the bare app doing the same turns, all in this process.
import { type Figure, atLeast, bySize, row } from '../figure.ts'
import { startFrogbot, type WaitingChat } from '../frogbot-app.ts'
import { createBaselineApp, baselineRequest } from '../baseline-app.ts'
import { cpuClock } from '../stats.ts'
import { sqliteTime } from '../sql-counter.ts'
import { answeredMessages, benchModel, readContinuation } from '../turn.ts'

const CLIENTS = 16

/** `clients` loops taking the next of `count` answers until none are left: the seconds and CPU ms it took. */
async function drive(count: number, clients: number, answer: (index: number) => Promise<Response> | Response) {
  let next = 0
  const cpu = cpuClock()
  const started = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) {
        const index = next++
        const response = await answer(index)
        if (response.status !== 200) throw new Error(`answer ${index}: ${response.status} ${await response.text()}`)
        await readContinuation(response.body!, started)
      }
    })
  )
  return { count, seconds: (performance.now() - started) / 1000, cpuMs: cpu.stop() }
}

type Driven = Awaited<ReturnType<typeof drive>>
const total = (runs: Driven[]) => runs.reduce((sum, run) => ({ count: sum.count + run.count, seconds: sum.seconds + run.seconds, cpuMs: sum.cpuMs + run.cpuMs }), { count: 0, seconds: 0, cpuMs: 0 })

const BLOCKS = 4

/** Answers per second per process on SQLite. */
export const throughput: Figure = {
  id: 'throughput',
  title: `answers per second, SQLite, ${CLIENTS} clients, 1,000 chats waiting`,
  run: async (context) => {
    const chats = bySize(context.size, { full: 1000, quick: 1000, tiny: 40 })
    const answers = bySize(context.size, { full: 1000, quick: 400, tiny: 40 })
    const app = createBaselineApp(benchModel())
    const frogbot = await startFrogbot('sqlite')
    try {
      context.progress(`  asking ${chats} questions`)
      const waiting: WaitingChat[] = []
      for (let i = 0; i < chats; i++) waiting.push(await frogbot.ask())
      // Warm-up of the bare app (FrogBot is warm from the asks).
      await drive(Math.min(100, answers), CLIENTS, () => app.fetch(baselineRequest('http://localhost', answeredMessages())))
      context.progress(`  answering ${answers} of them with ${CLIENTS} clients, then the bare app the same`)
      // Alternating blocks, so a change of the machine's load falls on both alike.
      sqliteTime.clear()
      const messages = answeredMessages()
      const oursRuns: Driven[] = []
      const baselineRuns: Driven[] = []
      for (let block = 0; block < BLOCKS; block++) {
        const from = Math.floor((block * answers) / BLOCKS)
        const size = Math.floor(((block + 1) * answers) / BLOCKS) - from
        oursRuns.push(await drive(size, CLIENTS, (index) => frogbot.answer(waiting[from + index])))
        baselineRuns.push(await drive(size, CLIENTS, () => app.fetch(baselineRequest('http://localhost', messages))))
      }
      const inSqlite = Object.fromEntries([...sqliteTime].map(([word, ms]) => [word, Math.round(ms)]))
      const ours = total(oursRuns)
      const baseline = total(baselineRuns)
      return {
        rows: [
          row('throughput', `answers per second, SQLite, ${CLIENTS} clients, ${chats} chats waiting`, 'answers/s', baseline.count / baseline.seconds, ours.count / ours.seconds, atLeast(1)),
          row('cpu', `CPU per answer under load, SQLite`, 'ms', baseline.cpuMs / baseline.count, ours.cpuMs / ours.count)
        ],
        details: { chats, clients: CLIENTS, answers, wallMs: { frogbot: Math.round(ours.seconds * 1000), baseline: Math.round(baseline.seconds * 1000) }, msInSqliteStatements: inSqlite }
      }
    } finally {
      await frogbot.close()
    }
  }
}
