import { describe, expect, it } from 'vitest'
import { refusedRequest } from './refused-request.ts'

describe('refusedRequest', () => {
  it('logs the reason with the remedy and answers 401 with the reason only', async () => {
    const logged: string[] = []
    const response = refusedRequest((why) => logged.push(why), 'the Ed25519 signature is invalid', 'check the public key')
    expect(logged).toEqual(['the Ed25519 signature is invalid; check the public key'])
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ error: 'Refused: the Ed25519 signature is invalid.', code: 'unauthorized' })
  })
})
