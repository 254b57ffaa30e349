import { statSync } from 'node:fs'

/** How often the SQLite file is looked at, in milliseconds. */
export const SQLITE_WATCH_MS = 1000

/** The identity of a file on its disk (device and inode), or `null` when it is not there. */
function identityOf(file: string): string | null {
  try {
    const stat = statSync(file, { bigint: true })
    return `${stat.dev}:${stat.ino}`
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/**
 * Watches the SQLite file a server opened (docs/project/guarantees.md: a deleted database file). SQLite
 * keeps writing into a file that was deleted or replaced under it, and everything written then is
 * lost at the next start; so once every `intervalMs` the file's identity is compared with the one
 * opened, and on the first difference `onLost(message)` is called once, saying what happened and
 * what to do, and the watch ends. Returns a function that ends it. The timer never keeps the
 * process alive.
 */
export function watchSqliteFile({ file, intervalMs = SQLITE_WATCH_MS, onLost }: { file: string; intervalMs?: number; onLost: (message: string) => void }): () => void {
  const opened = identityOf(file)
  const timer = setInterval(() => {
    let now: string | null
    try {
      now = identityOf(file)
    } catch {
      return // a file that cannot be looked at now (permissions, a busy disk) is looked at again
    }
    if (now === opened) return
    clearInterval(timer)
    onLost(
      `the SQLite file ${file} was ${now === null ? 'deleted' : 'replaced by another file'} while FrogBot ran, so what it wrote since would be lost: FrogBot stopped. ` +
        `${now === null ? 'Restore the file from a backup, or start FrogBot again to begin with a new, empty one.' : 'Start FrogBot again to open the file now at that path.'}`
    )
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
