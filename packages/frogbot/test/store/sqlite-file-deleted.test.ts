import { copyFileSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { scriptedModel, textStep } from '../../src/testing/scripted-model.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { callJson, startServe, stopAllServes, tempFolders } from '../helpers/spawn-serve.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// SQLite keeps writing into a file deleted or replaced under it, and all of that is lost at the
// next start (docs/project/guarantees.md). FrogBot notices within about a second and stops with a clear
// error instead: one log line saying what happened and what to do, every request refused, and
// `frogbot serve` exits with code 1.

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})
const folders = tempFolders()
afterAll(async () => {
  await stopAllServes()
  folders.removeAll()
})

async function running() {
  const logged: string[] = []
  const app = await testFrogbot({ model: scriptedModel([textStep('Hello.'), textStep('Again.')]), options: { log: (line) => logged.push(line) } })
  cleanups.push(app.close)
  expect((await app.call('POST', '/api/agents/planner', { prompt: 'Hi' })).json.status).toBe('complete')
  return { ...app, logged }
}

describe('the SQLite file under a running server', () => {
  it('deleted: FrogBot stops within seconds, says why and what to do, and refuses what it would lose', async () => {
    const { frogbot, file, call, logged } = await running()
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
    const reason = await Promise.race([frogbot.stopped, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000))])
    const message = `the SQLite file ${file} was deleted while FrogBot ran, so what it wrote since would be lost: FrogBot stopped. Restore the file from a backup, or start FrogBot again to begin with a new, empty one.`
    expect(reason?.message).toBe(message)
    expect(logged).toEqual([`frogbot: ${message}`])
    const refused = await call('POST', '/api/agents/planner', { prompt: 'Are you there?' })
    expect(refused).toMatchObject({ status: 503, json: { code: 'closed' } })
  })

  it('replaced by another file: FrogBot stops and says to start again to open it', async () => {
    const { frogbot, file } = await running()
    await storeOf(frogbot).db.selectFrom('frogbot_chats').select('id').execute()
    copyFileSync(file, `${file}.copy`)
    renameSync(`${file}.copy`, file)
    const reason = await Promise.race([frogbot.stopped, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000))])
    expect(reason?.message).toMatch(/was replaced by another file while FrogBot ran, .*Start FrogBot again to open the file now at that path\.$/)
  })

  it('frogbot serve exits with code 1 and the reason', async () => {
    const dir = folders.folder()
    const serve = await startServe({ cwd: dir })
    expect((await callJson(serve.base, null, 'GET', '/api/health')).status).toBe(200)
    for (const suffix of ['', '-wal', '-shm']) rmSync(join(dir, `frogbot.db${suffix}`), { force: true })
    const code = await new Promise<number | null>((resolve) => serve.child.once('exit', (exit) => resolve(exit)))
    expect(code).toBe(1)
    expect(serve.stderr()).toContain(`frogbot: the SQLite file ${join(dir, 'frogbot.db')} was deleted while FrogBot ran`)
    expect(serve.stdout()).toContain('frogbot: shutting down: the database is gone (see above)')
  }, 60_000)
})
