import { DatabaseSync } from 'node:sqlite'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isTransientError } from '../../src/store/transient-errors.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'

// Which database errors a fresh attempt of the same transaction can get past: told by the
// driver's codes, never by the wording of its message.

const dir = tempDir()
afterAll(() => dir.remove())

/** What node:sqlite throws for `sql` run on a second connection while the first holds the write lock. */
function errorOf(sql: string, setup = 'create table t(x unique)') {
  const file = join(dir.dir, `${Math.random().toString(36).slice(2)}.db`)
  const first = new DatabaseSync(file)
  first.exec(`PRAGMA journal_mode=WAL; ${setup}`)
  first.exec('begin immediate')
  const second = new DatabaseSync(file)
  second.exec('PRAGMA busy_timeout=1')
  try {
    second.exec(sql)
  } catch (error) {
    return error
  } finally {
    first.exec('rollback')
    first.close()
    second.close()
  }
  throw new Error(`${sql} did not fail`)
}

describe('isTransientError', () => {
  it('is true for a SQLite file locked past the busy timeout, and for PostgreSQL serialization failures and deadlocks', () => {
    expect(isTransientError(errorOf('begin immediate'))).toBe(true)
    expect(isTransientError(Object.assign(new Error('could not serialize access'), { code: '40001' }))).toBe(true)
    expect(isTransientError(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe(true)
  })

  it('is false for other errors, whatever their message says', () => {
    const constraint = (() => {
      const db = new DatabaseSync(':memory:')
      db.exec('create table t(x unique); insert into t values (1)')
      try {
        db.exec('insert into t values (1)')
      } catch (error) {
        return error
      }
    })()
    expect(isTransientError(constraint)).toBe(false)
    expect(isTransientError(new Error('database is locked'))).toBe(false)
    expect(isTransientError(Object.assign(new Error('unique violation'), { code: '23505' }))).toBe(false)
    expect(isTransientError(null)).toBe(false)
  })
})
