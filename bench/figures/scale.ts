// A million waiting chats on PostgreSQL (`--quick`: 100,000): what an answer, a chat's pending
// list, the inbox (when the build has GET /api/pending) and the sweeper's pass cost among them,
// against the same with 1,000 waiting chats, in the same run, in alternating blocks. The chats
// are copies of one asked question (bulkWaitingChats), made in bulk: a million asks through the
// model would take hours. Also the database bytes each waiting chat adds, by table.
import { sql } from 'kysely'
import { storeOf } from '../../packages/frogbot/src/frogbot-internals.ts'
import { bulkWaitingChats, copyOf } from '../../packages/frogbot/src/testing/bulk-waiting-chats.ts'
import { type Figure, type FigureContext, type FigureResult, atMost, bySize, needsPostgres, row } from '../figure.ts'
import { type BenchFrogbot, type WaitingChat, startFrogbot } from '../frogbot-app.ts'
import { p50, p99 } from '../stats.ts'
import { readContinuation } from '../turn.ts'

const SMALL = 1000
/** The target: each figure among many waiting chats at most this times its figure among SMALL. */
const LIMIT = 1.25

type Side = { frogbot: BenchFrogbot; template: WaitingChat; size: number; next: number }

/** Bytes of the database and of each FrogBot table with its indexes. */
async function sizes(frogbot: BenchFrogbot): Promise<Record<string, number>> {
  const { db } = storeOf(frogbot.instance)
  const { rows } = await sql<{ name: string; bytes: string }>`
    select 'database' as name, pg_database_size(current_database())::text as bytes
    union all select relname, pg_total_relation_size(oid)::text from pg_class where relkind = 'r' and relname like 'frogbot_%'`.execute(db)
  return Object.fromEntries(rows.map((entry) => [entry.name, Number(entry.bytes)]))
}

async function side(size: number, context: FigureContext): Promise<Side> {
  const frogbot = await startFrogbot('postgres')
  const template = await frogbot.ask()
  const { db } = storeOf(frogbot.instance)
  const started = performance.now()
  await bulkWaitingChats(db, { template, from: 1, to: size - 1, onBatch: (made) => context.progress(`  ${made.toLocaleString('en')} of ${size.toLocaleString('en')} waiting chats`) })
  await sql`vacuum analyze`.execute(db)
  context.progress(`  ${size.toLocaleString('en')} waiting chats made in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  return { frogbot, template, size, next: 1 }
}

/** A waiting chat of `side` not answered yet, spread over the whole table. */
function nextChat(side: Side): WaitingChat {
  const stride = Math.max(1, Math.floor(side.size / 997))
  const n = 1 + ((side.next++ * stride) % (side.size - 1))
  return copyOf(side.template, n)
}

const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now()
  await work()
  return performance.now() - started
}

/** The samples of each measured path, one side's. */
type Samples = { firstText: number[]; pending: number[]; inbox: number[]; sweepIdle: number[]; sweepDue: number[] }

async function block(side: Side, count: number, into: Samples, inbox: boolean) {
  const { frogbot } = side
  const { db } = storeOf(frogbot.instance)
  for (let i = 0; i < count; i++) {
    const chat = nextChat(side)
    into.pending.push(await timed(async () => (await frogbot.get(`/api/agents/planner/chats/${chat.chatId}/pending`)).text()))
    if (inbox) into.inbox.push(await timed(async () => (await frogbot.get('/api/pending')).text()))
    const started = performance.now()
    const response = await frogbot.answer(chat)
    if (response.status !== 200) throw new Error(`answer: ${response.status} ${await response.text()}`)
    into.firstText.push(await readContinuation(response.body!, started))
  }
  into.sweepIdle.push(await timed(() => frogbot.instance.maintain()))
  // Five calls fall due (not timed), then a pass expires them.
  const due = Array.from({ length: 5 }, () => nextChat(side))
  await sql`update frogbot_pending_calls set expires_at = '2000-01-01T00:00:00.000Z' where tool_call_id in (${sql.join(due.map((chat) => chat.toolCallId))})`.execute(db)
  into.sweepDue.push(await timed(() => frogbot.instance.maintain()))
}

async function measure(context: FigureContext): Promise<Omit<FigureResult, 'id' | 'title'>> {
  const large = bySize(context.size, { full: 1_000_000, quick: 100_000, tiny: 3_000 })
  const rounds = bySize(context.size, { full: 20, quick: 10, tiny: 2 })
  const perBlock = bySize(context.size, { full: 20, quick: 15, tiny: 3 })
  context.progress(`  ${SMALL.toLocaleString('en')} waiting chats`)
  const small = await side(SMALL, context)
  let many: Side | undefined
  try {
    context.progress(`  ${large.toLocaleString('en')} waiting chats`)
    many = await side(large, context)
    const inbox = (await small.frogbot.get('/api/pending')).status === 200
    const samples = { small: { firstText: [], pending: [], inbox: [], sweepIdle: [], sweepDue: [] } as Samples, many: { firstText: [], pending: [], inbox: [], sweepIdle: [], sweepDue: [] } as Samples }
    // Warm-up of each (the JIT, the statement caches), then alternating blocks.
    await block(small, perBlock, { firstText: [], pending: [], inbox: [], sweepIdle: [], sweepDue: [] }, inbox)
    await block(many, perBlock, { firstText: [], pending: [], inbox: [], sweepIdle: [], sweepDue: [] }, inbox)
    context.progress(`  ${rounds} rounds of ${perBlock} answers and two sweeper passes on each, alternating`)
    for (let round = 0; round < rounds; round++) {
      await block(small, perBlock, samples.small, inbox)
      await block(many, perBlock, samples.many, inbox)
    }
    const [smallBytes, manyBytes] = [await sizes(small.frogbot), await sizes(many.frogbot)]
    const added = many.size - small.size
    const perChat = (name: string) => Math.round(((manyBytes[name] ?? 0) - (smallBytes[name] ?? 0)) / added)
    const label = large.toLocaleString('en')
    const compare = (name: string, of: (entry: Samples) => number[]) => row('scale', `${name}, ${label} waiting chats against ${SMALL.toLocaleString('en')} (p50)`, 'ms', p50(of(samples.small)), p50(of(samples.many)), atMost(LIMIT))
    const rows = [
      compare('answer → first text', (entry) => entry.firstText),
      row('scale', `answer → first text, ${label} waiting chats (p99)`, 'ms', p99(samples.small.firstText), p99(samples.many.firstText)),
      compare("a chat's pending list", (entry) => entry.pending),
      ...(inbox ? [compare("the caller's inbox (GET /api/pending)", (entry) => entry.inbox)] : []),
      compare('sweeper pass, nothing due', (entry) => entry.sweepIdle),
      compare('sweeper pass, 5 calls due', (entry) => entry.sweepDue),
      row('scale', 'database bytes per waiting chat', 'bytes', null, perChat('database')),
      ...['frogbot_chats', 'frogbot_messages', 'frogbot_pending_calls'].map((table) => row('scale', `  of which ${table} with its indexes`, 'bytes', null, perChat(table)))
    ]
    return {
      rows,
      versus: `${SMALL.toLocaleString('en')} waiting chats`,
      details: { small: SMALL, large, rounds, perBlock, inbox, bytes: { small: smallBytes, large: manyBytes }, samples }
    }
  } finally {
    await small.frogbot.close()
    await many?.frogbot.close()
  }
}

/** A million waiting chats (100,000 in a quick run) against 1,000, on PostgreSQL. */
export const postgresScale: Figure = {
  id: 'scale-postgres',
  title: 'a million waiting chats against a thousand, PostgreSQL',
  run: needsPostgres(measure)
}
