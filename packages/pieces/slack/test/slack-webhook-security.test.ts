import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { colorQuestion, scriptedModel, textStep, toolStep } from 'frogbot/testing'
import { ADA, slackKit, type SlackKit, standIn } from './slack-kit.ts'
import { blockActions, messageEvent, signed } from './slack-requests.ts'
import { BOT_USER_ID, type SlackStandIn } from './slack-stand-in.ts'

// The webhook trusts nothing it cannot verify (docs/pieces/overview.md): Slack's signing secret on every request,
// its timestamp within 5 minutes, and never the same signed request twice. A refused request
// changes nothing: no chat, no model call, no call to Slack.

const JSON_BODY = 'application/json'
const FORM = 'application/x-www-form-urlencoded'
const ROOT = '1800000000.000100'
const now = () => Math.floor(Date.now() / 1000)

let slack: SlackStandIn
let kit: SlackKit
let model: ReturnType<typeof scriptedModel>

beforeAll(async () => {
  slack = await standIn()
  // The third step answers the mention of the letter-case test (a model failure is logged, and the kit allows no unexpected log line).
  model = scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }]), textStep('Blue it is.'), textStep('Noted.')])
  kit = await slackKit({ model, slack })
  // The piece asks Slack who it is at start-up; every test counts Slack calls from a quiet start.
  await kit.piece.idle()
})
afterAll(async () => {
  await kit?.close()
  await slack?.close()
})

const mention = (ts: string) => messageEvent({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts })

/** Nothing happened: no chat, no model call and no call to Slack since `calls`. */
async function nothingChanged(calls: number) {
  expect(slack.calls.length).toBe(calls)
  expect(model.doStreamCalls).toHaveLength(0)
  expect((await kit.frogbot.listChats({ caller: { user: kit.ada, door: 'http' } })).chats).toEqual([])
}

describe('the Slack webhook', () => {
  it('refuses a request signed with another secret, an unsigned one and a tampered body with 401', async () => {
    const calls = slack.calls.length
    const forged = await kit.deliver(signed(mention('1800000000.000001'), { contentType: JSON_BODY, secret: 'not-the-secret' }))
    expect(forged.status).toBe(401)
    expect(JSON.parse(forged.text)).toEqual({ error: 'Refused: Slack signature is invalid.', code: 'unauthorized' })

    const unsigned = await kit.deliver({ body: mention('1800000000.000002'), headers: { 'content-type': JSON_BODY } })
    expect(unsigned).toMatchObject({ status: 401, text: JSON.stringify({ error: 'Refused: Slack signature headers are required.', code: 'unauthorized' }) })

    const tampered = signed(mention('1800000000.000003'), { contentType: JSON_BODY })
    expect((await kit.deliver({ ...tampered, body: tampered.body.replace('paint the shed', 'delete everything') })).status).toBe(401)
    await nothingChanged(calls)
    // Each reason logged once a minute at most (see below): the tampered body's is the forged one's.
    expect(kit.logs.splice(0)).toEqual([
      expect.stringContaining('refused a request to /api/webhooks/slack: Slack signature is invalid'),
      expect.stringContaining('refused a request to /api/webhooks/slack: Slack signature headers are required')
    ])
  })

  it('logs each reason for refusing a request at most once a minute, with what to do if Slack sent it', async () => {
    let skew = 0
    const own = await slackKit({ model: scriptedModel([]), slack, options: { now: () => Date.now() + skew } })
    try {
      const wrong = () => own.deliver(signed(mention('1800000000.000010'), { contentType: JSON_BODY, secret: 'not-the-secret' }))
      await wrong()
      await wrong()
      expect(own.logs.splice(0)).toEqual([
        "frogbot: slack slack: refused a request to /api/webhooks/slack: Slack signature is invalid; if Slack sent it, SLACK_SIGNING_SECRET (or signingSecret) is not the app's Signing Secret (Basic Information → App Credentials)"
      ])
      skew = 61_000
      await own.deliver(signed(mention('1800000000.000011'), { contentType: JSON_BODY, timestamp: now() - 400 }))
      expect(own.logs.splice(0)).toEqual([
        "frogbot: slack slack: refused a request to /api/webhooks/slack: Slack timestamp is too old; if Slack sent it, check this server's clock (Slack's requests are refused 5 minutes after they were signed)"
      ])
      // A timestamp from the future is not "too old": the log says which way the clocks differ.
      await own.deliver(signed(mention('1800000000.000012'), { contentType: JSON_BODY, timestamp: now() + 400 }))
      expect(own.logs.splice(0)).toEqual([
        "frogbot: slack slack: refused a request to /api/webhooks/slack: the request timestamp is more than 5 minutes ahead of this server's clock; if Slack sent it, this server's clock is behind: set it right (Slack's requests are refused 5 minutes from when they were signed, either way)"
      ])
    } finally {
      await own.close()
    }
  })

  it('refuses a request whose timestamp is more than 5 minutes old or ahead, even correctly signed', async () => {
    const calls = slack.calls.length
    const stale = await kit.deliver(signed(mention('1800000000.000004'), { contentType: JSON_BODY, timestamp: now() - 301 }))
    expect(stale).toMatchObject({ status: 401, text: JSON.stringify({ error: 'Refused: Slack timestamp is too old.', code: 'unauthorized' }) })
    const ahead = await kit.deliver(signed(mention('1800000000.000005'), { contentType: JSON_BODY, timestamp: now() + 301 }))
    // A timestamp from the future is refused as ahead of the clock, not as "too old".
    expect(ahead).toMatchObject({ status: 401, text: JSON.stringify({ error: "Refused: the request timestamp is more than 5 minutes ahead of this server's clock.", code: 'unauthorized' }) })
    const garbled = signed(mention('1800000000.000006'), { contentType: JSON_BODY })
    expect((await kit.deliver({ ...garbled, headers: { ...garbled.headers, 'x-slack-request-timestamp': 'yesterday' } })).status).toBe(401)
    await nothingChanged(calls)
    expect(kit.logs.splice(0)).toEqual([expect.stringContaining('Slack timestamp is too old'), expect.stringContaining("ahead of this server's clock"), expect.stringContaining('Slack timestamp is invalid')])
  })

  it('accepts a fresh signed request once and refuses its replay, for events and for clicks alike', async () => {
    const first = signed(mention(ROOT), { contentType: JSON_BODY })
    expect((await kit.deliver(first)).status).toBe(200)
    expect(model.doStreamCalls).toHaveLength(1)
    const [card] = slack.cards()
    const calls = slack.calls.length

    const replayed = await kit.deliver(first)
    expect(replayed).toMatchObject({ status: 401, text: JSON.stringify({ error: 'Refused: this signed request was already received (a replay).', code: 'unauthorized' }) })
    expect(slack.calls.length).toBe(calls)
    expect(model.doStreamCalls).toHaveLength(1)

    const click = signed(blockActions({ user: ADA, action: { action_id: 'frogbot_option_1', value: '1' }, messageTs: card.ts, threadTs: ROOT }), { contentType: FORM })
    expect((await kit.deliver(click)).status).toBe(200)
    expect(slack.updatesOf(card.ts)).toHaveLength(1)
    const afterClick = slack.calls.length
    expect((await kit.deliver(click)).status).toBe(401)
    expect(slack.calls.length).toBe(afterClick)
    expect(slack.ephemerals()).toEqual([])
    expect(model.doStreamCalls).toHaveLength(2)
  })

  it('refuses a captured request re-sent with its signature in another letter case: a replay is known by its timestamp and body, not by how its signature is written', async () => {
    const captured = signed(mention('1800000000.000700'), { contentType: JSON_BODY })
    expect((await kit.deliver(captured)).status).toBe(200)
    const calls = slack.calls.length
    const modelCalls = model.doStreamCalls.length
    const chats = (await kit.frogbot.listChats({ caller: { user: kit.ada, door: 'http' } })).chats.length
    const hex = captured.headers['x-slack-signature'].slice('v0='.length)
    // Slack's check compares the digest in any letter case: both of these pass it.
    for (const signature of [`v0=${hex.toUpperCase()}`, `v0=${hex.slice(0, 10).toUpperCase()}${hex.slice(10)}`]) {
      const replayed = await kit.deliver({ ...captured, headers: { ...captured.headers, 'x-slack-signature': signature } })
      expect(replayed).toMatchObject({ status: 401, text: JSON.stringify({ error: 'Refused: this signed request was already received (a replay).', code: 'unauthorized' }) })
    }
    expect(slack.calls.length).toBe(calls)
    expect(model.doStreamCalls).toHaveLength(modelCalls)
    expect((await kit.frogbot.listChats({ caller: { user: kit.ada, door: 'http' } })).chats).toHaveLength(chats)
  })

  it('answers Slack\'s URL verification challenge when it is signed', async () => {
    const challenge = JSON.stringify({ type: 'url_verification', token: 'unused', challenge: 'c-123' })
    const answer = await kit.deliver(signed(challenge, { contentType: JSON_BODY }))
    expect(answer).toMatchObject({ status: 200, text: JSON.stringify({ challenge: 'c-123' }) })
    expect((await kit.deliver({ body: challenge, headers: { 'content-type': JSON_BODY } })).status).toBe(401)
  })

  it('refuses a signed request whose body it cannot read with 400, as FrogBot\'s flat JSON error', async () => {
    const calls = slack.calls.length
    const refused = async (body: string, contentType: string) => {
      const answer = await kit.deliver(signed(body, { contentType }))
      return { status: answer.status, body: JSON.parse(answer.text) }
    }
    expect(await refused('{not json', JSON_BODY)).toEqual({ status: 400, body: { error: 'Refused: the body is not a JSON object.', code: 'bad-request' } })
    expect(await refused('[1, 2]', JSON_BODY)).toEqual({ status: 400, body: { error: 'Refused: the body is not a JSON object.', code: 'bad-request' } })
    expect(await refused('team_id=T0TEAM', FORM)).toEqual({ status: 400, body: { error: 'Refused: the form body has no payload field.', code: 'bad-request' } })
    expect(await refused('payload=%7Bnope', FORM)).toEqual({ status: 400, body: { error: 'Refused: the form field payload is not a JSON object.', code: 'bad-request' } })
    expect(slack.calls.length).toBe(calls)
  })
})
