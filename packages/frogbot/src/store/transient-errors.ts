/**
 * A database error that a fresh attempt of the same transaction can get past: a PostgreSQL
 * serialization failure (`40001`) or deadlock (`40P01`), or a SQLite file another process keeps
 * locked past the busy timeout.
 */
export function isTransientError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  if (code === '40001' || code === '40P01') return true
  // node:sqlite's errors carry SQLite's result code: SQLITE_BUSY is 5, its extended codes
  // (SQLITE_BUSY_SNAPSHOT 517, SQLITE_BUSY_RECOVERY 261, …) keep 5 in their low byte.
  const errcode = (error as { errcode?: unknown } | null)?.errcode
  return code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' && (errcode & 0xff) === 5
}
