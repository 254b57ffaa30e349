import { afterEach, describe, expect, it } from 'vitest'
import { withEnvDefaults } from './with-env-defaults.ts'

const QUIET = { FROGBOT_TEST_LEVEL: 'error' }
const seen = () => ({ level: process.env.FROGBOT_TEST_LEVEL, log: process.env.FROGBOT_TEST_LOG })

describe('withEnvDefaults', () => {
  afterEach(() => {
    delete process.env.FROGBOT_TEST_LEVEL
    delete process.env.FROGBOT_TEST_LOG
  })

  it('sets the defaults while making only, and removes them once made or failed', () => {
    expect(withEnvDefaults(QUIET, seen, ['FROGBOT_TEST_LOG'])).toEqual({ level: 'error' })
    expect(process.env.FROGBOT_TEST_LEVEL).toBeUndefined()
    const failing = () => {
      throw new Error('no')
    }
    expect(() => withEnvDefaults(QUIET, failing)).toThrow('no')
    expect(process.env.FROGBOT_TEST_LEVEL).toBeUndefined()
  })

  it('leaves the environment as it is where the variable or one of `unless` is set', () => {
    process.env.FROGBOT_TEST_LEVEL = 'debug'
    expect(withEnvDefaults(QUIET, seen)).toEqual({ level: 'debug' })
    expect(process.env.FROGBOT_TEST_LEVEL).toBe('debug')
    delete process.env.FROGBOT_TEST_LEVEL
    process.env.FROGBOT_TEST_LOG = 'on'
    expect(withEnvDefaults(QUIET, seen, ['FROGBOT_TEST_LOG'])).toEqual({ log: 'on' })
    expect(process.env.FROGBOT_TEST_LEVEL).toBeUndefined()
  })
})
