/**
 * A database error that a fresh attempt of the same transaction can get past: a PostgreSQL
 * serialization failure (`40001`) or deadlock (`40P01`), or a SQLite file another process keeps
 * locked past the busy timeout.
 */
export function isTransientError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  if (code === '40001' || code === '40P01') return true
  return /SQLITE_BUSY|database is locked/i.test(String((error as Error | null)?.message ?? ''))
}
