import { scriptedModel, textStep } from 'frogbot/testing'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { APP_ID, signedJwt, signingKey } from './bot-framework-keys.ts'
import { delivery, inThread, messageActivity, nextId } from './teams-activities.ts'
import { ADA, standIn, teamsKit, type TeamsKit } from './teams-kit.ts'
import type { TeamsStandIn } from './teams-stand-in.ts'

// The webhook trusts nothing it cannot verify (docs/pieces/teams.md): every activity's Bot
// Framework JWT, signed by a key of the OpenID metadata's JWKS, for this app, unexpired, for the
// activity's serviceUrl, and never the same activity twice. A refused request changes nothing: no
// chat, no model call, no call to the Bot Connector.

let teams: TeamsStandIn
let kit: TeamsKit
let model: ReturnType<typeof scriptedModel>

beforeAll(async () => {
  teams = await standIn()
  model = scriptedModel(Array.from({ length: 10 }, () => textStep('Hello.')))
  kit = await teamsKit({ model, teams })
})
afterAll(async () => {
  await kit?.close()
  await teams?.close()
})

const mention = () => messageActivity(teams, { from: ADA, text: 'paint the shed', where: inThread(nextId()) })
const refusal = (message: string) => ({ status: 401, text: JSON.stringify({ error: `Refused: ${message}.`, code: 'unauthorized' }) })

/** Nothing happened: no chat, no model call and no call to the Bot Connector since `calls`. */
async function nothingChanged(calls: number) {
  expect(teams.calls.length).toBe(calls)
  expect(model.doStreamCalls).toHaveLength(0)
  expect(await kit.chats()).toEqual([])
}

describe('the Teams webhook', () => {
  it('refuses an unsigned activity, a token of another key, a tampered token and a token for another app, issuer or service URL with 401', async () => {
    const calls = teams.calls.length
    const activity = mention()
    const body = JSON.stringify(activity)
    expect(await kit.deliver({ body, headers: { 'content-type': 'application/json' } })).toMatchObject(refusal('the Authorization header is missing'))
    expect(await kit.deliver({ body, headers: { 'content-type': 'application/json', authorization: 'Basic YWRhOnNlY3JldA==' } })).toMatchObject(refusal('the Authorization header is not a Bearer token'))

    const foreign = signingKey()
    expect(await kit.deliver(delivery(teams, activity, { key: foreign }))).toMatchObject(refusal("no key of the Bot Framework's signing keys matches the token"))
    const now = Math.floor(Date.now() / 1000)
    const claims = { iss: 'https://api.botframework.com', aud: APP_ID, serviceurl: activity.serviceUrl, iat: now, exp: now + 3600 }
    const sameKid = signedJwt({ alg: 'RS256', kid: teams.keys.jwks().keys[0].kid }, claims, foreign.privateKey)
    expect(await kit.deliver({ body, headers: { 'content-type': 'application/json', authorization: `Bearer ${sameKid}` } })).toMatchObject(refusal('the token signature is invalid'))
    const [head, payload, signature] = delivery(teams, activity).headers.authorization.slice(7).split('.')
    const widened = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), aud: 'another-app' })).toString('base64url')
    expect((await kit.deliver({ body, headers: { 'content-type': 'application/json', authorization: `Bearer ${head}.${widened}.${signature}` } })).status).toBe(401)
    expect(await kit.deliver({ body, headers: { 'content-type': 'application/json', authorization: 'Bearer not.a.jwt' } })).toMatchObject({ status: 401 })

    expect(await kit.deliver(delivery(teams, activity, { claims: { aud: 'another-app' } }))).toMatchObject({ status: 401, text: expect.stringContaining('aud') })
    expect(await kit.deliver(delivery(teams, activity, { claims: { iss: 'https://sts.windows.net/evil/' } }))).toMatchObject({ status: 401, text: expect.stringContaining('iss') })
    expect(await kit.deliver(delivery(teams, activity, { claims: { serviceurl: 'https://evil.example/' } }))).toMatchObject(refusal("the token's serviceurl claim is not the activity's serviceUrl"))
    expect(await kit.deliver(delivery(teams, activity, { claims: { serviceurl: undefined } }))).toMatchObject(refusal('the token has no serviceurl claim'))
    await nothingChanged(calls)
    // Each reason once a minute at most: the widened token's is the foreign key's (signature invalid).
    expect(kit.logs.splice(0)).toEqual(
      [
        'the Authorization header is missing; the Bot Connector signs every activity',
        'the Authorization header is not a Bearer token',
        "no key of the Bot Framework's signing keys matches the token",
        'the token signature is invalid',
        'the token is malformed',
        "the token's aud claim is wrong",
        "the token's iss claim is wrong",
        "the token's serviceurl claim is not the activity's serviceUrl",
        'the token has no serviceurl claim'
      ].map((reason) => expect.stringContaining(`frogbot: teams teams: refused a request to /api/webhooks/teams: ${reason}`))
    )
  })

  it('binds what the token can prove to the activity: a token captured for one service URL or addressed to this app does not carry an activity for another bot', async () => {
    const calls = teams.calls.length
    // The token covers its claims, not the body: the body's serviceUrl and recipient must be what the claims say.
    const forAnotherBot = { ...mention(), recipient: { id: '28:another-app', name: 'Other' } }
    expect(await kit.deliver(delivery(teams, forAnotherBot))).toMatchObject(refusal("the activity's recipient is not this bot (its app id)"))
    const elsewhere = { ...mention(), serviceUrl: 'https://smba.trafficmanager.net/emea/' }
    expect(await kit.deliver({ ...delivery(teams, mention()), body: JSON.stringify(elsewhere) })).toMatchObject(refusal("the token's serviceurl claim is not the activity's serviceUrl"))
    await nothingChanged(calls)
    kit.logs.splice(0)
  })

  it('refuses an expired token or one not valid yet, beyond 5 minutes of clock skew; within them it is accepted', async () => {
    const calls = teams.calls.length
    const hour = 3600_000
    expect(await kit.deliver(delivery(teams, mention(), { now: Date.now() - hour - 301_000 }))).toMatchObject(refusal('the token has expired'))
    expect(await kit.deliver(delivery(teams, mention(), { now: Date.now() + 301_000 }))).toMatchObject(refusal('the token is not valid yet (nbf)'))
    expect(await kit.deliver(delivery(teams, mention(), { claims: { exp: undefined } }))).toMatchObject({ status: 401, text: expect.stringContaining('exp') })
    await nothingChanged(calls)
    kit.logs.splice(0)
    expect((await kit.deliver(delivery(teams, mention(), { now: Date.now() - hour + 60_000 }))).status).toBe(200)
    expect(model.doStreamCalls).toHaveLength(1)
  })

  it('admits an activity once: delivered again, re-encoded or with a fresh token, it is refused and changes nothing', async () => {
    const activity = mention()
    expect((await kit.deliver(delivery(teams, activity))).status).toBe(200)
    const calls = teams.calls.length
    const modelCalls = model.doStreamCalls.length
    for (const again of [delivery(teams, activity), { ...delivery(teams, activity), body: JSON.stringify(activity, null, 1) }]) {
      expect(await kit.deliver(again)).toMatchObject({ status: 401, text: JSON.stringify({ error: 'Refused: this signed request was already received (a replay).', code: 'unauthorized' }) })
    }
    expect(teams.calls.length).toBe(calls)
    expect(model.doStreamCalls).toHaveLength(modelCalls)
  })

  it('fetches the keys again for a token of a key it has not seen (a key rollover), at most every 30 s, and keeps them otherwise', async () => {
    const fetches = teams.counts.keyFetches
    expect((await kit.deliver(delivery(teams, mention()))).status).toBe(200)
    expect(teams.counts.keyFetches).toBe(fetches)
    // jose fetches the keys again for an unknown key id only 30 s after its last fetch, so that
    // tokens of made-up keys cannot make it ask Microsoft on every request.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 })
    try {
      teams.keys.rotate()
      expect((await kit.deliver(delivery(teams, mention()))).status).toBe(200)
      expect(teams.counts.keyFetches).toBe(fetches + 1)
      // A key the keys document endorses for other channels only does not sign Teams' activities.
      vi.setSystemTime(Date.now() + 31_000)
      teams.keys.rotate(['skype'])
      expect(await kit.deliver(delivery(teams, mention()))).toMatchObject(refusal('the signing key is not endorsed for the channel "msteams"'))
      kit.logs.splice(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('refuses a verified body that is no activity with 400, naming what is wrong, and never answers 500', async () => {
    const calls = teams.calls.length
    const token = delivery(teams, mention()).headers
    const refused = async (body: string) => {
      const answer = await kit.deliver({ body, headers: token })
      return { status: answer.status, body: JSON.parse(answer.text) }
    }
    expect(await refused('{not json')).toEqual({ status: 400, body: { error: 'Refused: the body is not JSON.', code: 'bad-request' } })
    expect(await refused('[1, 2]')).toEqual({ status: 400, body: { error: 'Refused: the body is not a JSON object (an activity).', code: 'bad-request' } })
    expect(await refused(JSON.stringify({ ...mention(), type: 7 }))).toEqual({ status: 400, body: { error: 'Refused: the activity has no type.', code: 'bad-request' } })
    expect(await refused(JSON.stringify({ ...mention(), serviceUrl: 'not a url' }))).toEqual({ status: 400, body: { error: 'Refused: the activity has no serviceUrl (an absolute URL).', code: 'bad-request' } })
    expect(await refused(JSON.stringify({ ...mention(), conversation: {} }))).toEqual({ status: 400, body: { error: 'Refused: the activity has no conversation.id.', code: 'bad-request' } })
    expect(await refused(JSON.stringify({ ...mention(), id: 12 }))).toEqual({ status: 400, body: { error: 'Refused: the activity id must be a string.', code: 'bad-request' } })
    expect(await refused(JSON.stringify({ ...mention(), from: 'ada' }))).toEqual({ status: 400, body: { error: 'Refused: the activity from.id must be a string.', code: 'bad-request' } })
    expect(teams.calls.length).toBe(calls)
  })

  it('answers 503 when the OpenID metadata cannot be fetched, so that Teams delivers the activity again, and logs why', async () => {
    const own = await teamsKit({ model: scriptedModel([textStep('Later.')]), teams, options: { instance: 'teams-down', openIdMetadataUrl: 'http://127.0.0.1:9/v1/.well-known/openidconfiguration' } })
    try {
      const answer = await own.deliver(delivery(teams, mention()))
      expect(answer).toMatchObject({ status: 503, text: JSON.stringify({ error: 'The Bot Framework signing keys cannot be fetched now; try again later.', code: 'unavailable' }) })
      expect(own.logs.splice(0)).toEqual([expect.stringMatching(/^frogbot: teams teams-down: could not verify a request to the Teams webhook: .*answered 503/)])
    } finally {
      await own.close()
    }
  })
})
