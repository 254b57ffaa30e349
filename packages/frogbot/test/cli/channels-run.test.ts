import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { cliEnv, FROGBOT_BIN, frogbotLines, NODE, runCli, startServe, stopAllServes, tempFolders } from '../helpers/spawn-serve.ts'

// `frogbot channels:run` runs only the listeners of the config's pieces, in a process of its own;
// `frogbot serve` runs them too; one process at a time holds each listener.

const LISTENING = join(import.meta.dirname, 'fixtures/listener.config.ts')
const folders = tempFolders()
const children: ChildProcess[] = []
afterEach(async () => {
  await stopAllServes()
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})
afterAll(folders.removeAll)

/** The marks the fixture's listener wrote to `file`. */
const marks = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : [])

/** `frogbot channels:run` in `cwd`, with its output collected; `exited` resolves with its exit code. */
function channelsRun(cwd: string, env: NodeJS.ProcessEnv) {
  const child = spawn(NODE, [FROGBOT_BIN, 'channels:run', '--config', LISTENING], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let out = ''
  let err = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, stdout: () => out, stderr: () => err, exited }
}

describe('frogbot channels:run', () => {
  it('runs the listeners of the config\'s pieces until SIGTERM, and says what it runs', async () => {
    const cwd = folders.folder()
    const file = join(cwd, 'marks.txt')
    const run = channelsRun(cwd, cliEnv({ LISTENER_FILE: file }))
    await vi.waitFor(() => expect(marks(file)).toEqual([`listening ${run.child.pid}`]), { timeout: 15_000, interval: 50 })
    expect(frogbotLines(run.stdout())).toEqual(
      expect.arrayContaining(['frogbot: channel fixture: Fixture for agent planner, messages through its listener', 'frogbot: running the listeners of fixture (one process at a time holds each; stop with Ctrl-C)'])
    )
    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)
    expect(marks(file)).toEqual([`listening ${run.child.pid}`, `stopped ${run.child.pid}`])
    expect(run.stderr()).toBe('')
  })

  it('with frogbot serve beside it, one of them holds the listener; when it stops, the other takes it over', async () => {
    const cwd = folders.folder()
    const file = join(cwd, 'marks.txt')
    const env = cliEnv({ LISTENER_FILE: file, FROGBOT_TOKEN: 'listener-test-token-0123456789' })
    const serve = await startServe({ cwd, env, config: LISTENING })
    await vi.waitFor(() => expect(marks(file)).toEqual([`listening ${serve.child.pid}`]), { timeout: 15_000, interval: 50 })
    const run = channelsRun(cwd, env)
    await vi.waitFor(() => expect(run.stdout()).toContain('running the listeners of fixture'), { timeout: 15_000, interval: 50 })
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(marks(file)).toEqual([`listening ${serve.child.pid}`])
    expect((await serve.stop()).code).toBe(0)
    // The lease was let go at the stop: channels:run takes it on its next try (every 5 s).
    await vi.waitFor(() => expect(marks(file), run.stderr()).toEqual([`listening ${serve.child.pid}`, `stopped ${serve.child.pid}`, `listening ${run.child.pid}`]), { timeout: 20_000, interval: 100 })
    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)
  }, 60_000)

  it('refuses a config whose pieces have no listener, naming them', async () => {
    const { code, stderr } = await runCli(['channels:run', '--config', join(import.meta.dirname, 'fixtures/no-listener.config.ts')], { cwd: folders.folder() })
    expect(code).toBe(1)
    expect(stderr.trim()).toBe('frogbot channels:run: no channel piece of this config has a listener (hooks take their platform\'s requests at /api/webhooks/<instance>, which frogbot serve serves); nothing to run')
  })
})
