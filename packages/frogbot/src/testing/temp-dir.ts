import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A new empty folder in the system's temporary folder (`dir`), and `remove()`, which deletes it with what it holds. */
export function tempDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'frogbot-test-'))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
