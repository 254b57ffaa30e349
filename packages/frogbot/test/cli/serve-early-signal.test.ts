import { spawn } from 'node:child_process'
import { afterAll, expect, it } from 'vitest'
import { cliEnv, FROGBOT_BIN, NODE, PLANNER_CONFIG, tempCwd } from '../helpers/spawn-serve.ts'

// The server takes requests before its last start-up lines are written (the demo user's token and
// password are prepared after it listens). A SIGTERM in that moment once killed it with the default
// signal action: no "shutting down", no clean close. It must shut down like any other time.

const temp = tempCwd()
afterAll(() => temp.remove())

it('a SIGTERM right after the first answered request shuts the server down cleanly', { timeout: 60_000 }, async () => {
  const port = 3000 + Math.floor(Math.random() * 1000) + 4000
  const child = spawn(NODE, [FROGBOT_BIN, 'serve', '--port', String(port), '--config', PLANNER_CONFIG], { cwd: temp.dir, env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  for (let tries = 0; ; tries++) {
    if (tries > 20_000 || child.exitCode !== null) throw new Error(`serve did not answer:\n${output}`)
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.ok, () => false)) break
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  child.kill('SIGTERM')
  expect(await exited).toEqual({ code: 0, signal: null })
  expect(output).toContain('frogbot: shutting down')
})
