// What a question leaves behind: heap per waiting chat (SQLite, in process) and database bytes per
// asked-and-answered question (SQLite and PostgreSQL). No baseline: the bare app stores nothing.
// The targets compare with REFERENCE, the figures when the suite was written ("stay where they are").
import { statSync } from 'node:fs'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { sql } from 'kysely'
import { storeOf } from '../../packages/frogbot/src/frogbot-internals.ts'
import { type Figure, needsPostgres, type FigureContext, type FigureResult, atMost, bySize, row } from '../figure.ts'
import { type StoreKind, startFrogbot, type BenchFrogbot, type WaitingChat } from '../frogbot-app.ts'
import { settleDown } from '../stats.ts'
import { readContinuation } from '../turn.ts'

/**
 * The figures as they stood when the suite was written; a target allows 25 % above them. A
 * waiting chat lives in the database only: its heap figure is GC noise around 0, so its reference
 * is a noise floor.
 */
export const REFERENCE = { heapPerWaitingChat: 400, sqliteBytesPerQuestion: 2000, postgresBytesPerQuestion: 3500 }
const ALLOWANCE = 1.25

/** Heap used after full collections (`gc` is exposed on first use). */
async function heapAfterGc(): Promise<number> {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  await settleDown()
  for (let i = 0; i < 3; i++) gc()
  return process.memoryUsage().heapUsed
}

/** Bytes the database holds now: the SQLite file and its WAL after a checkpoint, or PostgreSQL's database size. */
export async function databaseBytes(frogbot: BenchFrogbot): Promise<number> {
  const { db } = storeOf(frogbot.instance)
  if (frogbot.sqliteFile) {
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db)
    const size = (path: string) => statSync(path, { throwIfNoEntry: false })?.size ?? 0
    return size(frogbot.sqliteFile) + size(`${frogbot.sqliteFile}-wal`)
  }
  const { rows } = await sql<{ size: string }>`select pg_database_size(current_database())::text as size`.execute(db)
  return Number(rows[0].size)
}

async function measure(kind: StoreKind, context: FigureContext): Promise<Omit<FigureResult, 'id' | 'title'>> {
  const count = bySize(context.size, { full: 1000, quick: 200, tiny: 20 })
  const frogbot = await startFrogbot(kind)
  try {
    for (let i = 0; i < bySize(context.size, { full: 20, quick: 20, tiny: 3 }); i++) await readContinuation((await frogbot.answer(await frogbot.ask())).body!, 0)
    const rows = []
    let heap: Record<string, number> | undefined
    if (kind === 'sqlite') {
      context.progress(`  heap: ${count} waiting chats`)
      // Caches (prepared statements, compiled code) first filled by as many asks and answers, so
      // that the difference is what waiting chats hold; the ids this loop keeps are subtracted.
      for (let i = 0; i < count; i++) await readContinuation((await frogbot.answer(await frogbot.ask())).body!, 0)
      const waiting: WaitingChat[] = new Array(count)
      const empty = await heapAfterGc()
      for (let i = 0; i < count; i++) waiting[i] = await frogbot.ask()
      const held = await heapAfterGc()
      const ids = waiting.reduce((sum, chat) => sum + 2 * (40 + chat.chatId.length + chat.toolCallId.length) + 32, 0)
      const perChat = Math.max(0, held - empty - ids) / count
      heap = { before: empty, withWaitingChats: held, bytesOfTheBenchIds: ids }
      for (const chat of waiting) await readContinuation((await frogbot.answer(chat)).body!, 0)
      rows.push(row('footprint', 'heap per waiting chat, SQLite', 'bytes', null, Math.round(perChat), atMost(REFERENCE.heapPerWaitingChat * ALLOWANCE, 'value')))
    }
    context.progress(`  database bytes: ${count} asked-and-answered questions`)
    await settleDown()
    const bytesBefore = await databaseBytes(frogbot)
    for (let i = 0; i < count; i++) await readContinuation((await frogbot.answer(await frogbot.ask())).body!, 0)
    await settleDown()
    const perQuestion = Math.max(0, (await databaseBytes(frogbot)) - bytesBefore) / count
    const reference = kind === 'sqlite' ? REFERENCE.sqliteBytesPerQuestion : REFERENCE.postgresBytesPerQuestion
    rows.push(row('footprint', `database bytes per question, ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`, 'bytes', null, Math.round(perQuestion), atMost(reference * ALLOWANCE, 'value')))
    return { rows, details: { questions: count, reference: REFERENCE, allowance: ALLOWANCE, ...(heap ? { heap } : {}) } }
  } finally {
    await frogbot.close()
  }
}

/** Heap per waiting chat and bytes per question on SQLite. */
export const sqliteFootprint: Figure = { id: 'footprint-sqlite', title: 'memory per waiting chat and database bytes per question, SQLite', run: (context) => measure('sqlite', context) }

/** Bytes per question on PostgreSQL. */
export const postgresFootprint: Figure = {
  id: 'footprint-postgres',
  title: 'database bytes per question, PostgreSQL',
  run: needsPostgres((context) => measure('postgres', context))
}
