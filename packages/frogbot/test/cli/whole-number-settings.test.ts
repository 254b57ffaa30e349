import { afterAll, describe, expect, it } from 'vitest'
import { wholeNumberSetting } from '../../src/config/whole-number-setting.ts'
import { leaseFromEnv, serverTimeouts } from '../../src/cli/serve-command.ts'
import { cliEnv, PLANNER_CONFIG, runCli, stopAllServes, tempFolders } from '../helpers/spawn-serve.ts'

// A new user found `PORT=0x10` listening on 16, `PORT=1e3` on 1000 and `FROGBOT_LEASE_MS=1e3`
// accepted as 1000, while `PORT=3430.5` was refused: Number() read more than decimal digits.
// Every whole-number setting is now read as written: white space around it ignored, blank unset,
// else decimal digits only, in range, or refused at start naming the variable.

const { folder, removeAll } = tempFolders()
afterAll(async () => {
  await stopAllServes()
  removeAll()
})

const NOT_WRITTEN_IN_DIGITS = [
  '0x10', '1e3', '3430.5', '+3430', '-1', '1_000', '0b11', '0o17', 'Infinity', '١٢٣', '30 000', '3e'
]

describe('whole-number settings', () => {
  it('are decimal digits only, in range; white space around is ignored and blank is unset', () => {
    const rule = { min: 100, max: 1000, rule: 'must be 100–1000' }
    for (const written of NOT_WRITTEN_IN_DIGITS) {
      const refusal = `X: ${JSON.stringify(written)} must be 100–1000`
      expect(() => wholeNumberSetting('X', written, rule), written).toThrow(refusal)
    }
    expect(() => wholeNumberSetting('X', '99', rule)).toThrow('X: "99" must be 100–1000')
    expect(() => wholeNumberSetting('X', '1001', rule)).toThrow('X: "1001" must be 100–1000')
    expect(wholeNumberSetting('X', '100', rule)).toBe(100)
    expect(wholeNumberSetting('X', ' 0200\n', rule)).toBe(200)
    expect(wholeNumberSetting('X', undefined, rule)).toBeUndefined()
    expect(wholeNumberSetting('X', '  ', rule)).toBeUndefined()
    const refused = { ...rule, blank: 'refused' as const }
    expect(() => wholeNumberSetting('--x', '', refused)).toThrow('--x: "" must be 100–1000')
  })

  it('FROGBOT_LEASE_MS and FROGBOT_REQUEST_TIMEOUT_MS take milliseconds in decimal digits', () => {
    for (const written of ['1e3', '0x3e8', '1000.0', '50']) {
      const rule = 'must be a whole number of milliseconds, at least 100, in decimal digits'
      expect(() => leaseFromEnv(written)).toThrow(`FROGBOT_LEASE_MS: ${JSON.stringify(written)} ${rule}`)
      const timeout = `FROGBOT_REQUEST_TIMEOUT_MS: ${JSON.stringify(written)} ${rule}`
      expect(() => serverTimeouts(written)).toThrow(timeout)
    }
    expect(leaseFromEnv(' 1500 ')).toBe(1500)
    expect(leaseFromEnv('')).toBeUndefined()
    expect(serverTimeouts('2000').requestTimeout).toBe(2000)
  })
})

const MS = 'must be a whole number of milliseconds, at least 100, in decimal digits'

describe('frogbot serve refuses a number not written in decimal digits', { timeout: 60_000 }, () => {
  const serve = (env: Record<string, string>, ...args: string[]) =>
    runCli(['serve', '--config', PLANNER_CONFIG, ...args], { cwd: folder(), env: cliEnv(env) })

  it.each([
    [{ PORT: '0x10' }, [], 'PORT: "0x10" is not a port number (0–65535) in decimal digits, such as 3000'],
    [{ PORT: '1e3' }, [], 'PORT: "1e3" is not a port number (0–65535) in decimal digits, such as 3000'],
    [{ PORT: '3430.5' }, [], 'PORT: "3430.5" is not a port number (0–65535) in decimal digits, such as 3000'],
    [{ PORT: '0', FROGBOT_LEASE_MS: '1e3' }, [], `FROGBOT_LEASE_MS: "1e3" ${MS} (such as 30000)`],
    [{ PORT: '0', FROGBOT_REQUEST_TIMEOUT_MS: '0x3e8' }, [], `FROGBOT_REQUEST_TIMEOUT_MS: "0x3e8" ${MS}`]
  ])('%j %j: exit 1 naming it, nothing listens', async (env, args, message) => {
    const result = await serve(env, ...args)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`frogbot: ${message}`)
    expect(result.stdout).not.toContain('listening on')
  })
})

// `frogbot serve --port 0x10` printed "frogbot: --port: …" without the usage, although
// docs/reference/cli.md says a command-line mistake is "frogbot serve: …" followed by the usage.
describe('a --port that is not a port is a command-line mistake', { timeout: 60_000 }, () => {
  const serve = (env: Record<string, string>, ...args: string[]) =>
    runCli(['serve', '--config', PLANNER_CONFIG, ...args], { cwd: folder(), env: cliEnv(env) })

  it.each([
    [['--port', '0x10'], '"0x10"'],
    [['--port=-5'], '"-5"'],
    [['--port', '70000'], '"70000"'],
    [['--port', '1e3'], '"1e3"']
  ])('%j: "frogbot serve: --port: …", then the usage; exit 1, nothing listens', async (args, value) => {
    const result = await serve({}, ...args)
    expect(result.code).toBe(1)
    const rule = 'is not a port number (0–65535) in decimal digits, such as 3000'
    expect(result.stderr).toContain(`frogbot serve: --port: ${value} ${rule}\n\n`)
    expect(result.stderr).toContain('serve [--port 3000]')
    expect(result.stderr).not.toContain('frogbot: --port')
    expect(result.stdout).not.toContain('listening on')
  })
})
