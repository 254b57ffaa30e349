import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite'
import type { SqliteDatabase, SqliteStatement } from 'kysely'

function bind(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0
    if (value === undefined) return null
    return value as SQLInputValue
  })
}

/**
 * Adapts a `node:sqlite` `DatabaseSync` to the interface Kysely's `SqliteDialect` expects.
 * A raw `DatabaseSync` does not fit it: its statements have no `reader` flag, and Kysely passes
 * parameters as an array where node:sqlite wants them spread. Prepared statements are cached by
 * SQL text because Kysely prepares a statement for every query.
 */
export function nodeSqliteDatabase(database: DatabaseSync, { cacheSize = 256 } = {}): SqliteDatabase {
  const cache = new Map<string, { statement: StatementSync; reader: boolean }>()
  const prepare = (sqlText: string) => {
    let entry = cache.get(sqlText)
    if (!entry) {
      const statement = database.prepare(sqlText)
      entry = { statement, reader: statement.columns().length > 0 }
      if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!)
      cache.set(sqlText, entry)
    }
    return entry
  }
  return {
    close: () => {
      cache.clear()
      database.close()
    },
    prepare(sqlText: string): SqliteStatement {
      const { statement, reader } = prepare(sqlText)
      return {
        reader,
        all: (parameters) => statement.all(...bind(parameters)) as unknown[],
        run: (parameters) => {
          const result = statement.run(...bind(parameters))
          return { changes: result.changes, lastInsertRowid: result.lastInsertRowid }
        },
        iterate: (parameters) => statement.iterate(...bind(parameters)) as IterableIterator<unknown>
      }
    }
  }
}
