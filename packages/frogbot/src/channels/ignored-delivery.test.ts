import { describe, expect, it } from 'vitest'
import { ignoredDelivery } from './ignored-delivery.ts'

describe('ignoredDelivery', () => {
  it('is a 200 in plain text that says why the delivery was not acted on', async () => {
    const answer = ignoredDelivery('only new comments are read, not edited ones')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await answer.text()).toBe('Ignored: only new comments are read, not edited ones.')
  })
})
