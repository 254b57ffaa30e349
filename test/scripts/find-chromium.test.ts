import { describe, expect, test } from 'vitest'
import { findChromium, isStrictCI, SYSTEM_CHROMIUM_PATHS } from '../../scripts/find-chromium.ts'

const only = (...present: string[]) => (path: string) => present.includes(path)

describe('the Chromium of the browser suites', () => {
  test("CHROMIUM_PATH wins, and a wrong one is told, never passed over for another", () => {
    expect(findChromium({ env: { CHROMIUM_PATH: '/opt/chrome' }, exists: only('/opt/chrome', '/usr/bin/chromium') })).toEqual({ path: '/opt/chrome', problem: null })
    expect(findChromium({ env: { CHROMIUM_PATH: '/opt/nothing' }, exists: only('/usr/bin/chromium') })).toEqual({ path: null, problem: 'CHROMIUM_PATH is /opt/nothing, which does not exist' })
  })

  test("Debian's chromium first, then other system browsers, then playwright's own download", () => {
    expect(findChromium({ env: {}, exists: only(...SYSTEM_CHROMIUM_PATHS) }).path).toBe('/usr/bin/chromium')
    expect(findChromium({ env: {}, exists: only('/usr/bin/google-chrome') }).path).toBe('/usr/bin/google-chrome')
    expect(findChromium({ env: {}, exists: only('/home/me/.cache/ms-playwright/chrome'), playwrightPath: '/home/me/.cache/ms-playwright/chrome' }).path).toBe('/home/me/.cache/ms-playwright/chrome')
  })

  test('none found: the problem names every place looked at', () => {
    const lookup = findChromium({ env: {}, exists: only(), playwrightPath: '/p/chrome' })
    expect(lookup.path).toBeNull()
    expect(lookup.problem).toBe(`no Chromium found (looked for CHROMIUM_PATH, ${[...SYSTEM_CHROMIUM_PATHS, '/p/chrome'].join(', ')})`)
  })

  test('CI is strict when set to anything but false or 0', () => {
    expect([undefined, '', 'false', 'FALSE', '0'].map((CI) => isStrictCI({ CI }))).toEqual([false, false, false, false, false])
    expect(['true', '1', 'yes'].map((CI) => isStrictCI({ CI }))).toEqual([true, true, true])
  })
})
