// Answers per second of one process on SQLite: 16 clients answering 1,000 waiting chats as fast
// as they can, against the bare app doing the same turns, all in this process.
import { type Figure, atLeast, bySize, row } from '../figure.ts'
import { startFrogbot, type WaitingChat } from '../frogbot-app.ts'
import { createBaselineApp, baselineRequest } from '../baseline-app.ts'
import { cpuClock } from '../stats.ts'
import { sqliteTime } from '../sql-counter.ts'
import { answeredMessages, benchModel, readContinuation } from '../turn.ts'

const CLIENTS = 16

/** `clients` loops taking the next of `count` answers until none are left: answers/s and CPU ms per answer. */
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
  const seconds = (performance.now() - started) / 1000
  return { perSecond: count / seconds, cpuPerAnswer: cpu.stop() / count }
}

/** Answers per second per process on SQLite. */
export const throughput: Figure = {
  id: 'throughput',
  title: `answers per second, SQLite, ${CLIENTS} clients, 1,000 chats waiting`,
  run: async (context) => {
    const chats = bySize(context.size, { full: 1000, quick: 1000, tiny: 40 })
    const app = createBaselineApp(benchModel())
    const frogbot = await startFrogbot('sqlite')
    try {
      context.progress(`  asking ${chats} questions`)
      const waiting: WaitingChat[] = []
      for (let i = 0; i < chats; i++) waiting.push(await frogbot.ask())
      // Warm-up of the bare app (FrogBot is warm from the asks).
      await drive(Math.min(100, chats), CLIENTS, () => app.fetch(baselineRequest('http://localhost', answeredMessages())))
      context.progress(`  answering ${chats} chats with ${CLIENTS} clients, then the bare app the same`)
      sqliteTime.clear()
      const ours = await drive(chats, CLIENTS, (index) => frogbot.answer(waiting[index]))
      const inSqlite = Object.fromEntries([...sqliteTime].map(([word, ms]) => [word, Math.round(ms)]))
      const messages = answeredMessages()
      const baseline = await drive(chats, CLIENTS, () => app.fetch(baselineRequest('http://localhost', messages)))
      return {
        rows: [
          row('throughput', `answers per second, SQLite, ${CLIENTS} clients, ${chats} chats waiting`, 'answers/s', baseline.perSecond, ours.perSecond, atLeast(0.8)),
          row('cpu', `CPU per answer under load, SQLite`, 'ms', baseline.cpuPerAnswer, ours.cpuPerAnswer)
        ],
        details: { chats, clients: CLIENTS, wallMs: { frogbot: Math.round((chats / ours.perSecond) * 1000), baseline: Math.round((chats / baseline.perSecond) * 1000) }, msInSqliteStatements: inSqlite }
      }
    } finally {
      await frogbot.close()
    }
  }
}
