// Counts the SQL statements and transactions FrogBot sends, at the driver: every `node:sqlite`
// statement run, every query a `pg` client sends (one query is one round trip to PostgreSQL).
import { StatementSync } from 'node:sqlite'
import type pg from 'pg'

/**
 * Running totals. `statements` counts every statement, `BEGIN` and `COMMIT` included;
 * `transactions` counts explicit transactions (`BEGIN`) plus writes outside one (each its own
 * implicit transaction); `reads` counts `SELECT`s outside a transaction.
 */
export type SqlTally = { statements: number; transactions: number; reads: number }

/** Where the counted statements go: read a copy before and after the work and subtract. */
export const sqlTally: SqlTally = { statements: 0, transactions: 0, reads: 0 }

/** Wall-clock ms spent inside `node:sqlite` statements, by their first word (`commit`, `select`, ...). */
export const sqliteTime = new Map<string, number>()

/** `after - before`, field by field. */
export function tallySince(before: SqlTally): SqlTally {
  return { statements: sqlTally.statements - before.statements, transactions: sqlTally.transactions - before.transactions, reads: sqlTally.reads - before.reads }
}

/** A copy of the running totals. */
export const tallyNow = (): SqlTally => ({ ...sqlTally })

/** One connection's state: whether a statement runs inside an explicit transaction. */
function tallier() {
  let open = false
  return (text: string) => {
    sqlTally.statements++
    const word = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? ''
    if (word === 'begin' || word === 'start') {
      open = true
      sqlTally.transactions++
    } else if (word === 'commit' || word === 'rollback' || word === 'end') {
      open = false
    } else if (!open) {
      if (word === 'select') sqlTally.reads++
      else sqlTally.transactions++
    }
  }
}

let sqlitePatched = false

/**
 * Counts every statement a `node:sqlite` database of this process runs (through `StatementSync`,
 * which is how Kysely's SQLite dialect runs each query). Once per process; SQLite here has one
 * connection per database, and the benchmark opens one database at a time.
 */
export function countSqliteStatements() {
  if (sqlitePatched) return
  sqlitePatched = true
  const note = tallier()
  const proto = StatementSync.prototype as unknown as Record<'run' | 'all' | 'get' | 'iterate', (...args: unknown[]) => unknown>
  for (const method of ['run', 'all', 'get', 'iterate'] as const) {
    const original = proto[method]
    proto[method] = function (this: StatementSync, ...args: unknown[]) {
      const text = this.sourceSQL
      note(text)
      const started = performance.now()
      try {
        return original.apply(this, args)
      } finally {
        const word = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? '?'
        sqliteTime.set(word, (sqliteTime.get(word) ?? 0) + performance.now() - started)
      }
    }
  }
}

/** Counts every query the clients of `pool` send, from now on (each is one round trip). */
export function countPostgresQueries(pool: pg.Pool): pg.Pool {
  pool.on('connect', (client) => {
    const note = tallier()
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    ;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0]
      note(typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? ''))
      return query(...args)
    }
  })
  return pool
}
