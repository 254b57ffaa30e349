import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BearerCheck, BearerVerifier, OpenIdBearerOptions } from './openid-bearer.ts'
import { openIdBearer } from './openid-bearer.ts'

/** A signing key the test makes: its private half, and its public half as a key set lists it. */
async function testKey(kid: string, alg = 'RS256', extra: Record<string, unknown> = {}) {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true })
  const jwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig', ...extra } as JWK
  return { kid, alg, privateKey, jwk }
}
type TestKey = Awaited<ReturnType<typeof testKey>>
type Verifier = BearerVerifier

const ISSUER = 'https://issuer.example'
const AUDIENCE = 'app-1'
/** The test's clock (s since the epoch): tokens are issued and checked against it. */
const NOW_S = Date.UTC(2026, 0, 1) / 1000
const HOUR_S = 3600

describe('openIdBearer', () => {
  let key: TestKey
  let other: TestKey
  // What the test's provider serves: its metadata and its key set (`null`: answered 500; a string as it is).
  const served: { metadata: unknown; jwks: unknown } = { metadata: null, jwks: null }
  const asked: string[] = []
  const server = createServer((request, response) => {
    asked.push(request.url ?? '')
    const document = request.url === '/metadata' ? served.metadata : served.jwks
    response.writeHead(document === null ? 500 : 200, { 'content-type': 'application/json' })
    response.end(typeof document === 'string' ? document : JSON.stringify(document ?? {}))
  })
  let base = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    key = await testKey('key-1', 'RS256', { endorsements: ['chat'] })
    other = await testKey('key-2')
    const listed = { id_token_signing_alg_values_supported: ['RS256'] }
    served.metadata = { issuer: ISSUER, jwks_uri: `${base}/keys`, ...listed }
    served.jwks = { keys: [key.jwk] }
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  /** A token signed with `signer` (default the listed key, as `kid`) at the test's time, valid an hour. */
  const token = (claims: JWTPayload = {}, signer: TestKey = key, kid = signer.kid) => {
    const times = { iat: NOW_S, nbf: NOW_S, exp: NOW_S + HOUR_S }
    const payload = { iss: ISSUER, aud: AUDIENCE, ...times, ...claims }
    return new SignJWT(payload).setProtectedHeader({ alg: signer.alg, kid }).sign(signer.privateKey)
  }
  /** A verifier of the test's provider (its metadata), with `options` changed. */
  const verifier = (options: Partial<OpenIdBearerOptions> = {}) => {
    const metadataUrl = `${base}/metadata`
    const given = { issuer: ISSUER, audience: AUDIENCE, provider: 'the provider', now: () => NOW_S * 1000 }
    return openIdBearer({ metadataUrl, ...given, ...options } as OpenIdBearerOptions)
  }
  /** What `check` makes of a request carrying `bearer`'s token. */
  const checked = async (check: Verifier, bearer: Promise<string>): Promise<BearerCheck> =>
    check(`Bearer ${await bearer}`)

  it('verifies a token signed by a key the metadata lists, giving its claims and signing key', async () => {
    asked.length = 0
    const check = verifier()
    expect(await checked(check, token({ sub: 'ada' }))).toMatchObject({
      kind: 'verified',
      claims: { sub: 'ada', aud: AUDIENCE },
      key: { kid: 'key-1', endorsements: ['chat'] }
    })
    expect(await check(`bearer  ${await token()} `)).toMatchObject({ kind: 'verified' })
    // The metadata and the keys are fetched once, and kept.
    expect(asked).toEqual(['/metadata', '/keys'])
  })

  it('verifies against a key set given directly, with one of several issuers and audiences', async () => {
    asked.length = 0
    const issuer = ['https://other.example', ISSUER]
    const audience = ['app-0', AUDIENCE]
    const check = verifier({ metadataUrl: undefined, jwksUrl: `${base}/keys`, issuer, audience })
    expect(await checked(check, token())).toMatchObject({ kind: 'verified', claims: { iss: ISSUER } })
    expect(asked).toEqual(['/keys'])
  })

  it('refuses a request without a bearer token, or with one that is no JWT, saying why', async () => {
    const check = verifier()
    expect(await check(null)).toEqual({ kind: 'refused', reason: 'the Authorization header is missing' })
    const basic = { kind: 'refused', reason: 'the Authorization header is not a Bearer token' }
    expect(await check('Basic YWRhOnNlY3JldA==')).toEqual(basic)
    const malformed = { kind: 'refused', reason: expect.stringMatching(/^the token is malformed \(/) }
    expect(await check('Bearer not.a.jwt')).toEqual(malformed)
  })

  it('refuses a token of another key, a forged signature, another algorithm, issuer, audience', async () => {
    const check = verifier()
    const reason = async (bearer: Promise<string>) => {
      const answer = await checked(check, bearer)
      return answer.kind === 'refused' ? answer.reason : answer.kind
    }
    expect(await reason(token({}, other))).toBe("no key of the provider's signing keys matches the token")
    expect(await reason(token({}, other, key.kid))).toBe('the token signature is invalid')
    const ps256 = await testKey('key-1', 'PS256')
    const unlisted = "the token is signed with an algorithm the provider's metadata does not list"
    expect(await reason(token({}, ps256))).toBe(unlisted)
    expect(await reason(token({ iss: 'https://evil.example' }))).toMatch(/^the token's iss claim is wrong/)
    expect(await reason(token({ aud: 'app-2' }))).toMatch(/^the token's aud claim is wrong/)
    const es256Only = await checked(verifier({ algorithms: ['ES256'] }), token())
    const notEs256 = 'the token is signed with an algorithm other than ES256'
    expect(es256Only).toEqual({ kind: 'refused', reason: notEs256 })
  })

  it('refuses a token expired, not valid yet or without expiry, beyond the clock tolerance', async () => {
    const check = verifier({ clockTolerance: 60 })
    const at = (offsetS: number) => {
      const issued = NOW_S + offsetS
      return token({ iat: issued, nbf: issued, exp: issued + HOUR_S })
    }
    const refused = (reason: string) => ({ kind: 'refused', reason })
    expect(await checked(check, at(-HOUR_S - 61))).toEqual(refused('the token has expired'))
    expect(await checked(check, at(61))).toEqual(refused('the token is not valid yet (nbf)'))
    const noExpiry = refused("the token's exp claim is wrong (missing)")
    expect(await checked(check, token({ exp: undefined }))).toEqual(noExpiry)
    expect(await checked(check, at(-HOUR_S - 59))).toMatchObject({ kind: 'verified' })
    expect(await checked(check, at(59))).toMatchObject({ kind: 'verified' })
  })

  it('is unavailable, not refused, when the metadata or the keys cannot be fetched', async () => {
    const metadata = served.metadata
    served.metadata = null
    try {
      const reason = `the OpenID metadata at ${base}/metadata answered 500`
      expect(await checked(verifier(), token())).toEqual({ kind: 'unavailable', reason })
    } finally {
      served.metadata = metadata
    }
    // A key set answering other than 200, or not JSON: jose throws its bare JOSEError, no token's fault.
    for (const jwks of [null, 'not JSON']) {
      served.jwks = jwks
      const keysDown = verifier({ metadataUrl: undefined, jwksUrl: `${base}/keys` })
      const reason = expect.stringContaining('JSON Web Key Set HTTP response')
      expect(await checked(keysDown, token())).toEqual({ kind: 'unavailable', reason })
    }
    served.jwks = { keys: [key.jwk] }
    const unreachable = verifier({ metadataUrl: undefined, jwksUrl: 'http://127.0.0.1:9/keys' })
    const unfetched = expect.stringMatching(/^the provider's signing keys could not be fetched \(/)
    const unavailable = { kind: 'unavailable', reason: unfetched }
    expect(await checked(unreachable, token())).toEqual(unavailable)
  })
})
