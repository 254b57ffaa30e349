import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { delivery, resigned, sessionCreated } from './linear-deliveries.ts'
import { eventually, linearKit, type LinearKit } from './linear-kit.ts'
import { promptedModel } from 'frogbot/testing'
import { ADA, replyActivities, standIn } from './linear-people.ts'
import type { LinearStandIn } from './linear-stand-in.ts'

// The webhook trusts nothing it cannot verify (docs/pieces/linear.md): the Linear-Signature HMAC of
// every delivery, its webhookTimestamp (inside the signed body) within 60 s, and never the same
// delivery twice. A refused delivery changes nothing: no chat, no model call, no call to Linear.

let linear: LinearStandIn
let kit: LinearKit
let model: ReturnType<typeof promptedModel>

beforeAll(async () => {
  linear = await standIn()
  model = promptedModel()
  kit = await linearKit({ model, linear })
})
afterAll(async () => {
  await kit?.close()
  await linear?.close()
})

const opened = (issueId: string, now = Date.now()) => sessionCreated(linear, { issueId, creator: ADA, body: '@FrogBot hello', now }).delivery
const refusal = (error: string) => ({ status: 401, text: JSON.stringify({ error, code: 'unauthorized' }) })

/** What a test left as it was: the calls to Linear, the model's calls, the chats. */
async function snapshot() {
  return { calls: linear.calls.length, model: model.doStreamCalls.length, chats: (await kit.chats()).length }
}

describe('the Linear webhook', () => {
  it('refuses a delivery signed with another secret, an unsigned one, a tampered body and a signature written otherwise with 401, each reason logged once a minute', async () => {
    const before = await snapshot()
    expect(await kit.deliver(resigned(opened('issue-s1'), 'not-the-secret'))).toMatchObject(refusal('Refused: the Linear-Signature does not match.'))
    const signed = opened('issue-s1')
    const { 'linear-signature': signature, ...unsigned } = signed.headers
    expect(await kit.deliver({ body: signed.body, headers: unsigned })).toMatchObject(refusal('Refused: the request has no Linear-Signature header.'))
    expect((await kit.deliver({ ...signed, body: signed.body.replace('hello', 'delete everything') })).status).toBe(401)
    for (const written of [`sha256=${signature}`, signature.slice(2), Buffer.from(signature, 'hex').toString('base64'), '']) {
      expect((await kit.deliver({ ...signed, headers: { ...signed.headers, 'linear-signature': written } })).status).toBe(401)
    }
    expect(await snapshot()).toEqual(before)
    expect(kit.takeLogs(/refused a request/)).toEqual([
      "frogbot: linear linear: refused a request to /api/webhooks/linear: the Linear-Signature does not match the body; if Linear sent it, LINEAR_WEBHOOK_SECRET (or webhookSecret) is not the webhook's signing secret (the OAuth app's page in Linear's settings)",
      'frogbot: linear linear: refused a request to /api/webhooks/linear: the delivery has no Linear-Signature header; Linear signs every webhook delivery'
    ])
  })

  it('refuses a delivery whose webhookTimestamp is more than 60 s away, or missing, whatever the unsigned Linear-Timestamp header says', async () => {
    const before = await snapshot()
    const stale = refusal("Refused: the request was signed more than 60 s away from this server's time.")
    expect(await kit.deliver(opened('issue-s2', Date.now() - 61_000))).toMatchObject(stale)
    expect(await kit.deliver(opened('issue-s2', Date.now() + 61_000))).toMatchObject(stale)
    const old = opened('issue-s2', Date.now() - 10 * 60_000)
    expect(await kit.deliver({ ...old, headers: { ...old.headers, 'linear-timestamp': String(Date.now()) } })).toMatchObject(stale)
    const { webhookTimestamp: _time, ...timeless } = JSON.parse(opened('issue-s2').body)
    expect(await kit.deliver(delivery(timeless))).toMatchObject(refusal('Refused: the body has no webhookTimestamp; Linear puts the time of every delivery in it.'))
    expect(await kit.deliver(delivery({ ...timeless, webhookTimestamp: String(Date.now()) }))).toMatchObject({ status: 401 })
    expect(await snapshot()).toEqual(before)
  })

  it('accepts a delivery once: the same delivery again, its body under another delivery id, or another body under its id is 401 and changes nothing', async () => {
    const first = opened('issue-s3')
    expect((await kit.deliver(first)).status).toBe(200)
    await eventually(() => expect(replyActivities(linear).map((activity) => activity.body)).toContain('You said: hello'))
    const before = await snapshot()
    const again = refusal('Refused: this signed request was already received (a replay).')
    expect(await kit.deliver(first)).toMatchObject(again)
    expect(await kit.deliver({ ...first, headers: { ...first.headers, 'linear-delivery': randomUUID() } })).toMatchObject(again)
    expect(await kit.deliver({ ...first, headers: { ...first.headers, 'linear-signature': first.headers['linear-signature'].toUpperCase() } })).toMatchObject(again)
    const other = opened('issue-s4')
    expect(await kit.deliver({ ...other, headers: { ...other.headers, 'linear-delivery': first.headers['linear-delivery'] } })).toMatchObject(again)
    expect(await snapshot()).toEqual(before)
  })
})
