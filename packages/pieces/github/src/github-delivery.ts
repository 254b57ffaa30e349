import type { GitHubRawMessage } from '@chat-adapter/github'
import { jsonObject, payloadProblem } from 'frogbot/channels'
import { z } from 'zod'

// The parts of GitHub's webhook payloads the piece and Chat SDK's adapter read ("Webhook events
// and payloads", docs.github.com: `issue_comment`, `pull_request_review_comment`, `ping`). Logins
// are GitHub's (letters, digits and hyphens on github.com, `_` and `.` too on GitHub Enterprise
// Server; apps' bots end in `[bot]`); repository names are letters, digits, `.`, `_` and `-`.
const LOGIN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}(?:\[bot\])?$/
const REPOSITORY = /^[A-Za-z0-9._-]{1,100}$/
const id = z.number().int().positive()

const GithubUser = z.object({ id, login: z.string().regex(LOGIN, 'must be a GitHub login'), type: z.string().optional() })

const Comment = z.object({
  id,
  body: z.string(),
  user: GithubUser,
  created_at: z.iso.datetime({ offset: true }),
  author_association: z.string().optional(),
  in_reply_to_id: id.optional()
})

const Repository = z.object({ name: z.string().regex(REPOSITORY, 'must be a repository name'), owner: z.object({ login: z.string().regex(LOGIN, 'must be a GitHub login') }) })

const Commented = z.object({ action: z.string(), comment: Comment, repository: Repository, sender: GithubUser })
const Ping = z.object({ hook: z.object({ events: z.array(z.string()).optional() }).optional() })

/** The payload of each event FrogBot reads, by its `X-GitHub-Event`: a comment on an issue or a pull request, or on a line of a pull request's diff. */
const PAYLOADS = {
  issue_comment: Commented.extend({ issue: z.object({ number: id }) }),
  pull_request_review_comment: Commented.extend({ pull_request: z.object({ number: id }) })
}

/** The events FrogBot reads (see {@link PAYLOADS}). */
export const COMMENT_EVENTS = Object.keys(PAYLOADS)

/**
 * What a verified delivery is, from its `X-GitHub-Event` header and its body:
 * - `comment`: a new comment (action `created`), with when GitHub says it was written (`createdAt`);
 * - `ping`: GitHub's test delivery, with the events the webhook is subscribed to, when it says;
 * - `ignored`: any other event or action (an edited or deleted comment among them: only new
 *   comments are read), with why, for the webhook's delivery log;
 * - `unreadable`: a body that is not the payload GitHub sends for its event, with the field and the rule.
 */
export type Delivery =
  | { kind: 'comment'; createdAt: string }
  | { kind: 'ping'; events: string[] | null }
  | { kind: 'ignored'; why: string }
  | { kind: 'unreadable'; why: string }

/** Reads a delivery whose signature was verified (see {@link Delivery}); pure. */
export function readDelivery(event: string | null, body: string): Delivery {
  const payload = jsonObject(body)
  if (payload === 'not JSON') return { kind: 'unreadable', why: "the body is not JSON; set the webhook's Content type to application/json" }
  if (typeof payload === 'string') return { kind: 'unreadable', why: `the body is ${payload}` }
  if (event === 'ping') return { kind: 'ping', events: Ping.safeParse(payload).data?.hook?.events ?? null }
  if (event === null || !Object.hasOwn(PAYLOADS, event)) return { kind: 'ignored', why: `FrogBot reads only new issue and pull request comments, not ${event ?? 'a delivery without X-GitHub-Event'}` }
  const action = payload.action
  if (action !== 'created') return { kind: 'ignored', why: `only new comments are read, not ${typeof action === 'string' ? `${action} ones` : 'this action'}` }
  const parsed = PAYLOADS[event as keyof typeof PAYLOADS].safeParse(payload)
  if (!parsed.success) return { kind: 'unreadable', why: `the ${event} payload is not one GitHub sends (${payloadProblem(parsed.error)})` }
  return { kind: 'comment', createdAt: parsed.data.comment.created_at }
}

/**
 * A verified new comment (a delivery {@link readDelivery} read as a `comment`) as Chat SDK's GitHub
 * adapter reads one (`GitHubRawMessage`, for its public `parseMessage`): a comment on an issue or
 * a pull request's conversation, or a review comment on a line of a pull request's diff.
 */
export function rawComment(event: string | null, body: string): GitHubRawMessage {
  const payload = JSON.parse(body)
  if (event === 'issue_comment') return { type: 'issue_comment', comment: payload.comment, repository: payload.repository, prNumber: payload.issue.number, threadType: payload.issue.pull_request ? 'pr' : 'issue' }
  return { type: 'review_comment', comment: payload.comment, repository: payload.repository, prNumber: payload.pull_request.number }
}
