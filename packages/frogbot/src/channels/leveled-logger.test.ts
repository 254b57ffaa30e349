import { describe, expect, it } from 'vitest'
import { leveledLogger } from './leveled-logger.ts'

describe('leveledLogger', () => {
  it('hands on the levels given, each call as one line, and drops the others', () => {
    const lines: string[] = []
    const logger = leveledLogger({ error: (line) => lines.push(`error: ${line}`) }, 'error')
    logger.debug('apiCall start')
    logger.info('initialized')
    logger.warn('http request failed', 503)
    logger.error('failed for good:', new Error('invalid_auth'), { retries: 2 })
    expect(lines).toEqual(['error: failed for good: Error: invalid_auth [object Object]'])
  })

  it('keeps the level it was last set to, and takes a name without using it', () => {
    const logger = leveledLogger({}, 'error' as 'error' | 'debug')
    expect(logger.getLevel()).toBe('error')
    logger.setLevel('debug')
    logger.setName('web-api')
    expect(logger.getLevel()).toBe('debug')
  })
})
