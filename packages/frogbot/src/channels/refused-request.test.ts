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

  it('tells the sender another reason where one is given, and logs its own', async () => {
    const logged: string[] = []
    const response = refusedRequest((why) => logged.push(why), 'the header is not SECRET_VAR', 'set it again', 'the header is not the secret')
    expect(logged).toEqual(['the header is not SECRET_VAR; set it again'])
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ error: 'Refused: the header is not the secret.', code: 'unauthorized' })
  })
})
