import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPENID_METADATA_KEEP_MS, OPENID_METADATA_RETRY_MS, openIdMetadata } from './openid-metadata.ts'

describe('openIdMetadata', () => {
  const asked: string[] = []
  let answer: { status: number; json: unknown } = { status: 200, json: {} }
  const server = createServer((request, response) => {
    asked.push(request.url ?? '')
    response.writeHead(answer.status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(answer.json))
  })
  let base = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('fetches each document once while it is kept, and again a day later', async () => {
    asked.length = 0
    let clock = 0
    const metadata = openIdMetadata({ now: () => clock })
    const document = { issuer: 'https://id.example', jwks_uri: 'https://id.example/keys', id_token_signing_alg_values_supported: ['RS256'] }
    answer = { status: 200, json: document }
    const url = `${base}/.well-known/openid-configuration`
    expect(await Promise.all([metadata(url), metadata(url)])).toEqual([document, document])
    clock = OPENID_METADATA_KEEP_MS - 1
    await metadata(url)
    expect(asked).toHaveLength(1)
    clock = OPENID_METADATA_KEEP_MS
    await metadata(url)
    expect(asked).toHaveLength(2)
  })

  it('throws naming the URL for a refusal or a document without a jwks_uri, and keeps the failure a while', async () => {
    asked.length = 0
    let clock = 0
    const metadata = openIdMetadata({ now: () => clock })
    answer = { status: 503, json: {} }
    await expect(metadata(`${base}/down`)).rejects.toThrow(`the OpenID metadata at ${base}/down answered 503`)
    answer = { status: 200, json: { jwks_uri: 'not a URL' } }
    await expect(metadata(`${base}/down`)).rejects.toThrow('answered 503')
    expect(asked).toHaveLength(1)
    clock = OPENID_METADATA_RETRY_MS
    await expect(metadata(`${base}/down`)).rejects.toThrow(`the OpenID metadata at ${base}/down names no jwks_uri`)
    expect(asked).toHaveLength(2)
  })
})
