// Answer → first continuation text in this process, and server CPU per answer, on SQLite and on
// PostgreSQL, against the bare app's same turn in the same run.
import { createBaselineApp, baselineRequest } from '../baseline-app.ts'
import { alternate, timeAnswers } from '../answer-loop.ts'
import { type Figure, needsPostgres, type FigureResult, atMost, bySize, row } from '../figure.ts'
import { type StoreKind, startFrogbot } from '../frogbot-app.ts'
import { p50, p99 } from '../stats.ts'
import { answeredMessages, benchModel } from '../turn.ts'

async function measure(kind: StoreKind, context: Parameters<Figure['run']>[0]): Promise<Omit<FigureResult, 'id' | 'title'>> {
  const count = bySize(context.size, { full: 600, quick: 200, tiny: 10 })
  const app = createBaselineApp(benchModel())
  const messages = answeredMessages()
  const frogbot = await startFrogbot(kind)
  try {
    const baselineLoop = (n: number, into: Parameters<typeof timeAnswers>[3]) => timeAnswers(n, async () => null, () => app.fetch(baselineRequest('http://localhost', messages)), into)
    const frogbotLoop = (n: number, into: Parameters<typeof timeAnswers>[3]) => timeAnswers(n, frogbot.ask, frogbot.answer, into)
    // Warm-up: the JIT and the statement caches.
    const warm = Math.max(5, Math.round(count / 5))
    await baselineLoop(warm, undefined)
    await frogbotLoop(warm, undefined)
    context.progress(`  ${kind}: ${count} answers each, alternating blocks`)
    const { baseline, frogbot: ours } = await alternate(count, Math.max(5, Math.round(count / 10)), { baseline: baselineLoop, frogbot: frogbotLoop })
    const db = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'
    const limit = kind === 'sqlite' ? 1.5 : 3
    return {
      rows: [
        row('latency', `answer → first text, ${db}, in process (p50)`, 'ms', p50(baseline.firstText), p50(ours.firstText), atMost(limit)),
        row('latency', `answer → first text, ${db}, in process (p99)`, 'ms', p99(baseline.firstText), p99(ours.firstText)),
        row('cpu', `server CPU per answer, ${db} (p50)`, 'ms', p50(baseline.cpu), p50(ours.cpu))
      ],
      details: { answers: count }
    }
  } finally {
    await frogbot.close()
  }
}

/** In-process latency and CPU per answer on SQLite. */
export const sqliteLatency: Figure = { id: 'latency-sqlite', title: 'answer → first text and CPU per answer, SQLite, in process', run: (context) => measure('sqlite', context) }

/** In-process latency and CPU per answer on PostgreSQL (skipped when it is unreachable). */
export const postgresLatency: Figure = {
  id: 'latency-postgres',
  title: 'answer → first text and CPU per answer, PostgreSQL, in process',
  run: needsPostgres((context) => measure('postgres', context))
}
