// Answer → first continuation text in this process, and server CPU per answer, on SQLite and on
// PostgreSQL, against the bare app's same turn in the same run.
import { createBaselineApp, baselineRequest } from '../baseline-app.ts'
import { alternate, timeAnswers } from '../answer-loop.ts'
import { type Figure, needsPostgres, type FigureResult, atMost, bySize, row } from '../figure.ts'
import { sql } from 'kysely'
import { storeOf } from '../../packages/frogbot/src/frogbot-internals.ts'
import { type BenchFrogbot, type StoreKind, startFrogbot } from '../frogbot-app.ts'
import { p50, p99 } from '../stats.ts'
import { answeredMessages, benchModel } from '../turn.ts'

/**
 * `count` timings of `select 1` and of a one-row insert committed on its own, through FrogBot's
 * connection pool: what a round trip costs, and what a durable commit costs (its WAL flush).
 */
async function probes(frogbot: BenchFrogbot, count: number): Promise<{ roundTrip: number[]; commit: number[] }> {
  const { db } = storeOf(frogbot.instance)
  const time = async (statement: () => Promise<unknown>) => {
    const samples: number[] = []
    for (let i = 0; i < count; i++) {
      const started = performance.now()
      await statement()
      samples.push(performance.now() - started)
    }
    return samples
  }
  await sql`create table if not exists bench_probe (n integer)`.execute(db)
  return { roundTrip: await time(() => sql`select 1`.execute(db)), commit: await time(() => sql`insert into bench_probe values (1)`.execute(db)) }
}

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
    const probe = kind === 'postgres' ? await probes(frogbot, 100) : null
    const extra = probe
      ? [row('latency', 'one PostgreSQL round trip (select 1) (p50)', 'ms', null, p50(probe.roundTrip)), row('latency', 'one PostgreSQL commit (a one-row insert) (p50)', 'ms', null, p50(probe.commit))]
      : []
    const limit = kind === 'sqlite' ? 1.1 : 2
    return {
      rows: [
        row('latency', `answer → first text, ${db}, in process (p50)`, 'ms', p50(baseline.firstText), p50(ours.firstText), atMost(limit)),
        row('latency', `answer → first text, ${db}, in process (p99)`, 'ms', p99(baseline.firstText), p99(ours.firstText)),
        row('cpu', `server CPU per answer, ${db} (p50)`, 'ms', p50(baseline.cpu), p50(ours.cpu)),
        ...extra
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
