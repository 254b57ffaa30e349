import { execFile } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { NODE, tempCwd } from '../helpers/spawn-serve.ts'

const run = promisify(execFile)
const temp = tempCwd()
afterAll(() => temp.remove())

describe('migrations on one SQLite file from several processes at once', { timeout: 60_000 }, () => {
  it('apply once; the others wait and find the schema current (they used to fail with "table already exists")', async () => {
    const file = join(temp.dir, 'frogbot.db')
    const startAt = String(Date.now() + 4000)
    const script = join(import.meta.dirname, 'fixtures/migrate-at.ts')
    const outputs = await Promise.all(Array.from({ length: 5 }, () => run(NODE, [script, file, startAt], { timeout: 30_000 })))
    const applied = outputs.map(({ stdout }) => JSON.parse(stdout) as string[])
    const every = readdirSync(join(import.meta.dirname, '../../src/store/migrations'))
      .filter((name) => /^\d{3}-.*\.ts$/.test(name))
      .map((name) => name.replace(/\.ts$/, ''))
      .sort()
    expect(every.slice(0, 6)).toEqual(['001-initial', '002-auth', '003-turn-control', '004-engine', '005-channel-state', '006-call-kinds'])
    expect(applied.filter((names) => names.length > 0)).toEqual([every])
    expect(applied.filter((names) => names.length === 0)).toHaveLength(4)
  })
})
