import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changedDelivery, commented, commentPayload, delivery, isoAt, resigned } from './github-deliveries.ts'
import { githubKit, type GithubKit } from './github-kit.ts'
import { promptedModel } from 'frogbot/testing'
import { ADA, BOT, questionComments, replyComments, standIn } from './github-people.ts'
import type { GithubStandIn } from './github-stand-in.ts'

// The webhook trusts nothing it cannot verify (docs/pieces/github.md): the HMAC of every delivery, a
// comment written within 3 days, and never the same delivery twice, whatever its delivery id
// says. A refused delivery changes nothing: no chat, no model call, no call to GitHub.

const DAY = 24 * 60 * 60_000

let github: GithubStandIn
let kit: GithubKit
let model: ReturnType<typeof promptedModel>

beforeAll(async () => {
  github = await standIn()
  model = promptedModel()
  kit = await githubKit({ model, github })
})
afterAll(async () => {
  await kit?.close()
  await github?.close()
})

const mention = (number: number, options: { createdAt?: string } = {}) => commented(github, { user: ADA, association: 'OWNER', number, body: `@${BOT.login} hello`, ...options }).delivery

/** What a test left as it was: the calls to GitHub, the model's calls, the chats. */
async function snapshot() {
  return { calls: github.calls.length, model: model.doStreamCalls.length, chats: (await kit.chats()).length }
}

describe('the GitHub webhook', () => {
  it('refuses a delivery signed with another secret, an unsigned one, a tampered body and a signature written otherwise with 401, each reason logged once a minute', async () => {
    const before = await snapshot()
    const forged = await kit.deliver(resigned(mention(1), 'not-the-secret'))
    expect(forged).toMatchObject({ status: 401, text: JSON.stringify({ error: 'Refused: the X-Hub-Signature-256 signature does not match.', code: 'unauthorized' }) })
    const signed = mention(1)
    const { 'x-hub-signature-256': _signature, ...unsigned } = signed.headers
    expect(await kit.deliver({ body: signed.body, headers: unsigned })).toMatchObject({ status: 401, text: JSON.stringify({ error: 'Refused: the request has no X-Hub-Signature-256 signature.', code: 'unauthorized' }) })
    expect((await kit.deliver({ ...signed, body: signed.body.replace('hello', 'delete everything') })).status).toBe(401)
    const hex = signed.headers['x-hub-signature-256'].slice('sha256='.length)
    for (const signature of [`sha256=${hex.toUpperCase()}`, `sha1=${hex}`, hex, `sha256=${hex.slice(2)}`]) expect((await kit.deliver({ ...signed, headers: { ...signed.headers, 'x-hub-signature-256': signature } })).status).toBe(401)
    expect(await snapshot()).toEqual(before)
    expect(kit.takeLogs(/refused a request/)).toEqual([
      "frogbot: github github: refused a request to /api/webhooks/github: the X-Hub-Signature-256 signature does not match the body; if GitHub sent it, GITHUB_WEBHOOK_SECRET (or webhookSecret) is not the webhook's Secret (Settings → Webhooks → the webhook, or the GitHub App's settings)",
      expect.stringContaining('refused a request to /api/webhooks/github: the delivery has no X-Hub-Signature-256 signature; GitHub signs a delivery only when the webhook has a secret')
    ])
  })

  it('accepts a delivery once: the same delivery again, or its body under another delivery id, is 401 and changes nothing', async () => {
    const first = mention(2)
    expect((await kit.deliver(first)).status).toBe(200)
    expect(replyComments(github).filter((comment) => comment.number === 2)).toHaveLength(1)
    const before = await snapshot()
    for (const replay of [first, { ...first, headers: { ...first.headers, 'x-github-delivery': randomUUID() } }]) {
      expect(await kit.deliver(replay)).toMatchObject({ status: 401, text: JSON.stringify({ error: 'Refused: this signed request was already received (a replay).', code: 'unauthorized' }) })
    }
    // Another body under a delivery id seen before is not GitHub's either.
    const reused = mention(2)
    expect((await kit.deliver({ ...reused, headers: { ...reused.headers, 'x-github-delivery': first.headers['x-github-delivery'] } })).status).toBe(401)
    expect(await snapshot()).toEqual(before)
  })

  it('judges a delivery by its comment’s time, the only one GitHub signs: within 3 days it is read, older or far ahead it is 401', async () => {
    const before = await snapshot()
    expect(await kit.deliver(mention(3, { createdAt: isoAt(Date.now() - 3 * DAY - 10 * 60_000) }))).toMatchObject({
      status: 401,
      text: JSON.stringify({ error: 'Refused: the comment was written more than 3 days from now; GitHub redelivers only deliveries of the past 3 days.', code: 'unauthorized' })
    })
    expect((await kit.deliver(mention(3, { createdAt: isoAt(Date.now() + 3 * DAY + 10 * 60_000) }))).status).toBe(401)
    expect(await snapshot()).toEqual(before)
    // GitHub's redelivery of a delivery this server never received, two days later.
    expect((await kit.deliver(mention(3, { createdAt: isoAt(Date.now() - 2 * DAY) }))).status).toBe(200)
    expect(replyComments(github).filter((comment) => comment.number === 3)).toHaveLength(1)
  })

  it('answers a ping, and says so in the log when the webhook is not subscribed to comments', async () => {
    expect(await kit.deliver(delivery('ping', { zen: 'Keep it logically awesome.', hook_id: 1, hook: { events: ['issue_comment', 'pull_request_review_comment'] } }))).toMatchObject({ status: 200, text: 'pong' })
    expect(await kit.deliver(delivery('ping', { zen: 'Anything added dilutes everything else.', hook: { events: ['push'] } }))).toMatchObject({ status: 200, text: 'pong' })
    expect(kit.takeLogs(/subscribed/)).toEqual(['frogbot: github github: the webhook is subscribed to push, not to Issue comments: tick "Issue comments" (and "Pull request review comments") in its settings'])
    expect((await kit.deliver(resigned(delivery('ping', { zen: 'x' }), 'not-the-secret'))).status).toBe(401)
    kit.takeLogs(/refused a request/)
  })

  it('reads only new comments: an edited or deleted comment, and any other event, is 200 and changes nothing', async () => {
    await kit.comment(ADA, `@${BOT.login} ask color`, { number: 4 })
    const [card] = questionComments(github).filter((comment) => comment.number === 4)
    const { comment } = commented(github, { user: ADA, association: 'OWNER', number: 4, body: 'I like it' })
    const before = await snapshot()
    expect(await kit.deliver(changedDelivery(github, comment, 'edited', '/answer 2'))).toMatchObject({ status: 200, text: 'Ignored: only new comments are read, not edited ones.' })
    expect(await kit.deliver(changedDelivery(github, comment, 'deleted'))).toMatchObject({ status: 200, text: 'Ignored: only new comments are read, not deleted ones.' })
    expect(await kit.deliver(delivery('issues', { action: 'opened', issue: { number: 5 } }))).toMatchObject({ status: 200, text: 'Ignored: FrogBot reads only new issue and pull request comments, not issues.' })
    expect(await snapshot()).toEqual(before)
    expect(card.edits).toEqual([])
  })

  it('refuses a signed body that is not GitHub’s payload with 400, naming what is wrong, and a delivery without its id', async () => {
    const before = await snapshot()
    const { comment } = commented(github, { user: ADA, association: 'OWNER', number: 6, body: `@${BOT.login} hi` })
    const payload = commentPayload(github, comment)
    const refused = async (event: string, body: unknown) => {
      const answer = await kit.deliver(delivery(event, body))
      return { status: answer.status, body: JSON.parse(answer.text) }
    }
    expect(await refused('issue_comment', '{not json')).toEqual({ status: 400, body: { error: "Refused: the body is not JSON; set the webhook's Content type to application/json.", code: 'bad-request' } })
    expect(await refused('issue_comment', 'payload=%7B%7D')).toMatchObject({ status: 400 })
    expect(await refused('issue_comment', [1, 2])).toEqual({ status: 400, body: { error: 'Refused: the body is not a JSON object.', code: 'bad-request' } })
    expect(await refused('issue_comment', { ...payload, comment: { ...payload.comment, user: { ...payload.comment.user, id: 'ada' } } })).toEqual({
      status: 400,
      body: { error: 'Refused: the issue_comment payload is not one GitHub sends (comment.user.id: Invalid input: expected number, received string).', code: 'bad-request' }
    })
    expect(await refused('issue_comment', { ...payload, repository: { ...payload.repository, name: 'shed:issue:9' } })).toMatchObject({ status: 400, body: { error: expect.stringContaining('repository.name: must be a repository name') } })
    expect(await refused('issue_comment', { ...payload, comment: { ...payload.comment, body: null } })).toMatchObject({ status: 400, body: { error: expect.stringContaining('comment.body') } })
    expect(await refused('issue_comment', { ...payload, comment: { ...payload.comment, created_at: 'yesterday' } })).toMatchObject({ status: 400, body: { error: expect.stringContaining('comment.created_at') } })
    expect(await refused('pull_request_review_comment', { ...payload, pull_request: undefined })).toMatchObject({ status: 400, body: { error: expect.stringContaining('pull_request') } })
    const withoutId = delivery('issue_comment', payload)
    delete withoutId.headers['x-github-delivery']
    expect(await kit.deliver(withoutId)).toMatchObject({ status: 400, text: JSON.stringify({ error: 'Refused: the delivery has no X-GitHub-Delivery id (GitHub sends one with every delivery).', code: 'bad-request' }) })
    expect(await snapshot()).toEqual(before)
    // Each reason once a minute at most: every signed delivery here was refused for a reason of its own.
    expect(kit.takeLogs(/refused a request/)).toEqual([
      expect.stringContaining('a signed delivery could not be read: the body is not JSON; set the webhook\'s Content type to application/json'),
      expect.stringContaining('a signed delivery could not be read: the body is not a JSON object'),
      expect.stringContaining('the issue_comment payload is not one GitHub sends (comment.user.id:'),
      expect.stringContaining('the issue_comment payload is not one GitHub sends (repository.name:'),
      expect.stringContaining('the issue_comment payload is not one GitHub sends (comment.body:'),
      expect.stringContaining('the issue_comment payload is not one GitHub sends (comment.created_at:'),
      expect.stringContaining('the pull_request_review_comment payload is not one GitHub sends (pull_request:')
    ])
  })
})
