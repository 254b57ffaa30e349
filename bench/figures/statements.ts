// SQL statements and transactions per asked-and-answered question, the ask and the answer apart,
// counted at the driver; on PostgreSQL each statement is one round trip, counted before the
// answer's response starts and after.
import { type Figure, needsPostgres, type FigureContext, type FigureResult, atMost, bySize, row } from '../figure.ts'
import { type StoreKind, startFrogbot } from '../frogbot-app.ts'
import { tallyNow, tallySince } from '../sql-counter.ts'
import { p50, settleDown } from '../stats.ts'
import { readContinuation } from '../turn.ts'

async function count(kind: StoreKind, context: FigureContext): Promise<Omit<FigureResult, 'id' | 'title'>> {
  const questions = bySize(context.size, { full: 50, quick: 20, tiny: 3 })
  const frogbot = await startFrogbot(kind)
  const ask = { statements: [] as number[], transactions: [] as number[] }
  const answer = { statements: [] as number[], transactions: [] as number[], beforeResponse: [] as number[], beforeText: [] as number[] }
  try {
    await frogbot.answer(await frogbot.ask()).then((response) => response.text()) // warm-up
    await settleDown()
    for (let i = 0; i < questions; i++) {
      let before = tallyNow()
      const chat = await frogbot.ask()
      await settleDown()
      const asked = tallySince(before)
      ask.statements.push(asked.statements)
      ask.transactions.push(asked.transactions)
      before = tallyNow()
      const response = await frogbot.answer(chat)
      answer.beforeResponse.push(tallySince(before).statements)
      await readContinuation(response.body!, performance.now(), () => answer.beforeText.push(tallySince(before).statements))
      await settleDown()
      const answered = tallySince(before)
      answer.statements.push(answered.statements)
      answer.transactions.push(answered.transactions)
    }
  } finally {
    await frogbot.close()
  }
  const db = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'
  const rows = [
    row('statements', `SQL statements per ask, ${db}`, 'count', null, p50(ask.statements), atMost(10, 'value')),
    row('statements', `transactions per ask, ${db}`, 'count', null, p50(ask.transactions), atMost(2, 'value')),
    row('statements', `SQL statements per answer, ${db}`, 'count', null, p50(answer.statements), atMost(8, 'value')),
    row('statements', `transactions per answer, ${db}`, 'count', null, p50(answer.transactions), atMost(2, 'value'))
  ]
  if (kind === 'postgres') {
    rows.push(
      row('statements', 'round trips before the response starts, PostgreSQL', 'count', null, p50(answer.beforeResponse), atMost(3, 'value')),
      row('statements', 'round trips before the first text, PostgreSQL', 'count', null, p50(answer.beforeText)),
      row('statements', 'round trips after the first text, PostgreSQL', 'count', null, p50(answer.statements) - p50(answer.beforeText))
    )
  }
  return { rows, details: { questions, ask, answer } }
}

/** Statements and transactions per ask and per answer on SQLite. */
export const sqliteStatements: Figure = { id: 'statements-sqlite', title: 'SQL statements and transactions per question, SQLite', run: (context) => count('sqlite', context) }

/** The same on PostgreSQL, with round trips before and after the response starts. */
export const postgresStatements: Figure = {
  id: 'statements-postgres',
  title: 'SQL statements, transactions and round trips per question, PostgreSQL',
  run: needsPostgres((context) => count('postgres', context))
}
