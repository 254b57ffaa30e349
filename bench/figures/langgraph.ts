// FrogBot beside LangGraph.js: the same turn as an interrupt and a resume on LangGraph's SQLite
// and PostgreSQL checkpointers, in the same run, in alternating blocks. Answer → first text and CPU
// per answer, and what a question leaves stored (bytes, rows), each side on a fresh database.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { sql } from 'kysely'
import { storeOf } from '../../packages/frogbot/src/frogbot-internals.ts'
import { alternate, timeAnswers, timeRuns, type AnswerSamples } from '../answer-loop.ts'
import { type Figure, type FigureContext, type FigureResult, atMost, bySize, needsPostgres, row } from '../figure.ts'
import { type BenchFrogbot, type StoreKind, startFrogbot } from '../frogbot-app.ts'
import { type LangGraphTarget, type LangGraphTurn, loadLangGraph } from '../langgraph-turn.ts'
import { createBenchDatabase, ignoreDroppedConnection } from '../postgres.ts'
import { p50, p99, settleDown } from '../stats.ts'
import { readContinuation } from '../turn.ts'
import { databaseBytes } from './footprint.ts'

/** Rows FrogBot keeps for its chats: chats, messages, calls, queued messages. */
async function frogbotRows(frogbot: BenchFrogbot): Promise<number> {
  const { db } = storeOf(frogbot.instance)
  const { rows } = await sql<{ n: number | string }>`select (select count(*) from frogbot_chats) + (select count(*) from frogbot_messages) + (select count(*) from frogbot_pending_calls) + (select count(*) from frogbot_queued_messages) as n`.execute(db)
  return Number(rows[0].n)
}

/** Bytes and rows per asked-and-answered question: `questions` of them, measured around. */
async function stored(questions: number, measure: { bytes: () => Promise<number>; rows: () => Promise<number> }, question: () => Promise<unknown>) {
  await settleDown()
  const [bytes, rows] = [await measure.bytes(), await measure.rows()]
  for (let i = 0; i < questions; i++) await question()
  await settleDown()
  return { bytes: Math.max(0, (await measure.bytes()) - bytes) / questions, rows: ((await measure.rows()) - rows) / questions }
}

/** LangGraph's checkpoints: a SQLite file of its own, or a PostgreSQL database of its own. */
async function langGraphTarget(kind: StoreKind): Promise<{ target: LangGraphTarget; cleanup: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'frogbot-bench-langgraph-'))
    return { target: { kind, file: join(dir, 'checkpoints.db') }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) }
  }
  const database = await createBenchDatabase()
  const pool = new pg.Pool({ connectionString: database.url, max: 10 })
  pool.on('error', ignoreDroppedConnection)
  // Dropping the database ends its connections; the pool must not crash the run for it.
  pool.on('error', () => {})
  return {
    target: { kind, pool },
    cleanup: async () => {
      await pool.end()
      await database.drop()
    }
  }
}

async function compare(kind: StoreKind, context: FigureContext): Promise<Omit<FigureResult, 'id' | 'title'>> {
  const langgraph = await loadLangGraph({ allowInstall: context.langgraph.allowInstall, progress: context.progress })
  if ('missing' in langgraph) return { rows: [], skipped: langgraph.missing, versus: 'LangGraph.js' }
  const count = bySize(context.size, { full: 600, quick: 200, tiny: 10 })
  const questions = bySize(context.size, { full: 300, quick: 100, tiny: 5 })
  const { target, cleanup } = await langGraphTarget(kind)
  let graph: LangGraphTurn | undefined
  const frogbot = await startFrogbot(kind)
  try {
    graph = await langgraph.startLangGraph(target)
    const theirs = graph
    const frogbotLoop = (n: number, into?: AnswerSamples) => timeAnswers(n, frogbot.ask, frogbot.answer, into)
    const langgraphLoop = (n: number, into?: AnswerSamples) => timeRuns(n, theirs.ask, theirs.answer, into)
    const warm = Math.max(5, Math.round(count / 5))
    await langgraphLoop(warm)
    await frogbotLoop(warm)
    context.progress(`  ${kind}: ${count} answers each, alternating blocks`)
    const { baseline, frogbot: ours } = await alternate(count, Math.max(5, Math.round(count / 10)), { baseline: langgraphLoop, frogbot: frogbotLoop })
    if (theirs.model.continuations !== theirs.model.asks) throw new Error(`LangGraph continued ${theirs.model.continuations} of ${theirs.model.asks} questions`)
    context.progress(`  ${kind}: bytes and rows of ${questions} questions each`)
    const langgraphStored = await stored(questions, theirs, async () => theirs.answer(await theirs.ask(), performance.now()))
    const frogbotStored = await stored(questions, { bytes: () => databaseBytes(frogbot), rows: () => frogbotRows(frogbot) }, async () => readContinuation((await frogbot.answer(await frogbot.ask())).body!, 0))
    const db = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'
    return {
      versus: 'LangGraph.js',
      rows: [
        row('langgraph', `answer → first text, ${db}, in process, vs LangGraph.js (p50)`, 'ms', p50(baseline.firstText), p50(ours.firstText), atMost(0.4)),
        row('langgraph', `answer → first text, ${db}, in process, vs LangGraph.js (p99)`, 'ms', p99(baseline.firstText), p99(ours.firstText)),
        row('langgraph', `CPU per answer, ${db}, vs LangGraph.js (p50)`, 'ms', p50(baseline.cpu), p50(ours.cpu)),
        row('langgraph', `database bytes per question, ${db}, vs LangGraph.js`, 'bytes', Math.round(langgraphStored.bytes), Math.round(frogbotStored.bytes), atMost(1)),
        row('langgraph', `rows stored per question, ${db}, vs LangGraph.js`, 'count', langgraphStored.rows, frogbotStored.rows)
      ],
      details: { answers: count, questions, langgraph: { durability: 'sync', checkpointer: kind === 'sqlite' ? 'SqliteSaver (WAL, synchronous=NORMAL)' : 'PostgresSaver' } }
    }
  } finally {
    await graph?.close()
    await frogbot.close()
    await cleanup()
  }
}

/** FrogBot against LangGraph.js with its SQLite checkpointer (skipped when LangGraph is not installed and may not be). */
export const langgraphSqlite: Figure = { id: 'langgraph-sqlite', title: 'FrogBot vs LangGraph.js, SQLite checkpointer', run: (context) => compare('sqlite', context) }

/** FrogBot against LangGraph.js with its PostgreSQL checkpointer (skipped when PostgreSQL is unreachable, or LangGraph absent). */
export const langgraphPostgres: Figure = {
  id: 'langgraph-postgres',
  title: 'FrogBot vs LangGraph.js, PostgreSQL checkpointer',
  run: needsPostgres((context) => compare('postgres', context))
}
