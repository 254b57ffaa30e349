import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, test } from 'vitest'

const REPO = resolve(import.meta.dirname, '../..')

/** Runs vitest in the repository as `npm test` does, with a Chromium that is not there; resolves its exit code, output and time. */
function vitest(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string; seconds: number }> {
  const started = Date.now()
  return new Promise((done, fail) => {
    const child = spawn('npx', ['vitest', 'run', ...args], { cwd: REPO, env: { ...process.env, CI: '', ...env, CHROMIUM_PATH: '/nowhere/chromium', FORCE_COLOR: '0' } })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000)
    child.on('error', fail)
    child.on('close', (code) => {
      clearTimeout(timer)
      done({ code, output, seconds: (Date.now() - started) / 1000 })
    })
  })
}

describe('npm test on a machine without Chromium', () => {
  test('skips the browser suites with one notice naming how to enable them, and passes', async () => {
    const run = await vitest(['test/scripts/find-chromium.test.ts'], {})
    expect(run.code, run.output).toBe(0)
    const notices = run.output.split('\n').filter((line) => line.startsWith('notice: skipping the browser suites'))
    expect(notices).toHaveLength(1)
    expect(notices[0]).toContain('CHROMIUM_PATH is /nowhere/chromium, which does not exist')
    expect(notices[0]).toContain('apt-get install chromium')
    expect(notices[0]).toContain('CI=true makes this a failure')
    expect(run.output).toMatch(/\d+ passed, 0 failed/)
  }, 120_000)

  test('with CI=true fails at once, saying what is missing, and exits without hanging', async () => {
    const run = await vitest(['--project', 'admin', 'packages/admin/test/browser/accessibility.test.ts'], { CI: 'true' })
    expect(run.code, run.output).not.toBe(0)
    expect(run.code).not.toBeNull()
    expect(run.output).toContain('The admin chat browser suite needs Chromium: CHROMIUM_PATH is /nowhere/chromium, which does not exist')
    expect(run.output).not.toContain('something prevents the main process from exiting')
    expect(run.seconds).toBeLessThan(60)
  }, 120_000)
})
