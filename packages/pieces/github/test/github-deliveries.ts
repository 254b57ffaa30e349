import { createHmac, randomUUID } from 'node:crypto'
import type { GithubAccount, GithubStandIn, StandInComment } from './github-stand-in.ts'

export const WEBHOOK_SECRET = 'test-webhook-secret-0123456789'

/** A request as GitHub delivers it to a webhook: the raw JSON body and its headers. */
export type GithubDelivery = { body: string; headers: Record<string, string> }

/**
 * A delivery of `event` with `payload`, as GitHub sends it ("Webhook events and payloads",
 * docs.github.com): `X-GitHub-Event`, a new `X-GitHub-Delivery` GUID, and `X-Hub-Signature-256`,
 * `sha256=` and the hex HMAC-SHA256 of the raw body with the webhook's secret.
 */
export function delivery(event: string, payload: unknown, { secret = WEBHOOK_SECRET, id = randomUUID() }: { secret?: string; id?: string } = {}): GithubDelivery {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload)
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'GitHub-Hookshot/frogbot-test',
      'x-github-event': event,
      'x-github-delivery': id,
      'x-github-hook-id': '123456',
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
    }
  }
}

/** The same body signed with `secret` (a forgery, when it is not the webhook's). */
export const resigned = (sent: GithubDelivery, secret: string): GithubDelivery => ({
  ...sent,
  headers: { ...sent.headers, 'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(sent.body).digest('hex')}` }
})

const account = ({ id, login, type }: GithubAccount) => ({ id, login, type, node_id: `U_${id}`, avatar_url: `https://avatars.example/${id}`, html_url: `https://github.com/${login}` })

/** The payload of a comment event about `comment` of the stand-in (`issue_comment`, or `pull_request_review_comment` for a review comment). */
export function commentPayload(github: GithubStandIn, comment: StandInComment, { action = 'created', pullRequest = false, sender = comment.user }: { action?: string; pullRequest?: boolean; sender?: GithubAccount } = {}) {
  const repository = { id: 77, name: github.repository.repo, full_name: `${github.repository.owner}/${github.repository.repo}`, private: false, owner: { login: github.repository.owner, id: 1, type: 'Organization' } }
  const body = {
    id: comment.id,
    node_id: `IC_${comment.id}`,
    body: comment.body,
    user: account(comment.user),
    created_at: comment.created_at,
    updated_at: comment.updated_at,
    author_association: comment.author_association,
    html_url: `https://github.com/${repository.full_name}/issues/${comment.number}#issuecomment-${comment.id}`
  }
  if (comment.kind === 'review') {
    return {
      action,
      comment: { ...body, path: 'README.md', line: 3, pull_request_review_id: 9, ...(comment.inReplyTo ? { in_reply_to_id: comment.inReplyTo } : {}) },
      pull_request: { number: comment.number, title: 'Paint the shed', state: 'open', user: account(comment.user) },
      repository,
      sender: account(sender)
    }
  }
  const issue = { number: comment.number, title: 'Paint the shed', state: 'open', user: account(comment.user), ...(pullRequest ? { pull_request: { url: `https://api.github.com/repos/${repository.full_name}/pulls/${comment.number}` } } : {}) }
  return { action, comment: body, issue, repository, sender: account(sender) }
}

/** `user` writes `body` on issue (or pull request) `number`: the comment is stored on the stand-in, and its delivery returned. */
export function commented(github: GithubStandIn, { user, association, number, body, createdAt, pullRequest = false, review, secret }: { user: GithubAccount; association: string; number: number; body: string; createdAt?: string; pullRequest?: boolean; review?: { inReplyTo?: number }; secret?: string }) {
  const comment = github.personComment({ user, association, number, body, createdAt, review })
  const event = review ? 'pull_request_review_comment' : 'issue_comment'
  return { comment, delivery: delivery(event, commentPayload(github, comment, { pullRequest }), { secret }) }
}

/** The delivery GitHub sends about a comment the bot itself posted. */
export const botCommentDelivery = (github: GithubStandIn, comment: StandInComment) => delivery(comment.kind === 'review' ? 'pull_request_review_comment' : 'issue_comment', commentPayload(github, comment))

/** GitHub's delivery of a comment edited (or deleted) by its author: `action` `edited` (or `deleted`). */
export const changedDelivery = (github: GithubStandIn, comment: StandInComment, action: 'edited' | 'deleted', body = comment.body) =>
  delivery('issue_comment', { ...commentPayload(github, { ...comment, body }, { action }), changes: { body: { from: comment.body } } })

/** An ISO time `ms` from now, to the second, as GitHub writes them. */
export const isoAt = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
