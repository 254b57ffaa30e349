import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientCredentialsToken, RENEW_BEFORE_MS } from './client-credentials-token.ts'
import { PlatformError } from './platform-error.ts'

describe('clientCredentialsToken', () => {
  const forms: URLSearchParams[] = []
  let answer: { status: number; json: unknown } = { status: 200, json: {} }
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      forms.push(new URLSearchParams(body))
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(answer.json))
    })
  })
  let tokenUrl = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    tokenUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const token = (now: () => number) =>
    clientCredentialsToken({ tokenUrl, clientId: 'app', clientSecret: 's3cret', check: 'APP_ID, APP_SECRET', now })

  it('asks once per scope (client credentials), keeping the token until shortly before it expires', async () => {
    forms.length = 0
    let clock = 0
    const of = token(() => clock)
    answer = { status: 200, json: { access_token: 'first', expires_in: 3600, token_type: 'Bearer' } }
    expect(await Promise.all([of('scope/a'), of('scope/a')])).toEqual(['first', 'first'])
    expect(forms.map((form) => Object.fromEntries(form))).toEqual([
      { grant_type: 'client_credentials', client_id: 'app', client_secret: 's3cret', scope: 'scope/a' }
    ])
    answer = { status: 200, json: { access_token: 'second', expires_in: '3600' } }
    expect(await of('scope/b')).toBe('second')
    clock = 3600_000 - RENEW_BEFORE_MS - 1
    expect(await of('scope/a')).toBe('first')
    clock += 1
    expect(await of('scope/a')).toBe('second')
    expect(forms).toHaveLength(3)
  })

  it('throws a PlatformError: credentials refused (4xx) with what to check, else what it got', async () => {
    const of = token(() => 0)
    const description = 'AADSTS7000215: Invalid client secret.\r\nTrace ID: 1'
    answer = { status: 401, json: { error: 'invalid_client', error_description: description } }
    const refused = await of('scope').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(PlatformError)
    const reason = 'invalid_client: AADSTS7000215: Invalid client secret.'
    expect(refused).toMatchObject({
      status: 401,
      credentials: true,
      message: `the token endpoint ${tokenUrl} refused the app's credentials (${reason}); check APP_ID, APP_SECRET`
    })
    answer = { status: 503, json: {} }
    const failed = (status: number) => {
      const message = `the token endpoint ${tokenUrl} answered ${status} (HTTP ${status})`
      return { status, credentials: false, message }
    }
    await expect(of('scope')).rejects.toMatchObject(failed(503))
    answer = { status: 200, json: { token_type: 'Bearer' } }
    await expect(of('scope')).rejects.toMatchObject(failed(200))
  })
})
