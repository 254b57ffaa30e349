import { createPublicKey, createVerify, type KeyObject, randomBytes } from 'node:crypto'
import { type StandInAnswer, type StandInRequest, standInServer } from 'frogbot/testing'

/** A GitHub account the stand-in knows: numeric id, login, `User` or `Bot`. */
export type GithubAccount = { id: number; login: string; type: 'User' | 'Bot' }

/** A comment on the stand-in, as GitHub's REST API returns it, plus its edits and whether it was deleted. */
export type StandInComment = {
  id: number
  kind: 'issue' | 'review'
  owner: string
  repo: string
  number: number
  inReplyTo?: number
  body: string
  /** The body as it was posted, before any edit. */
  posted: string
  user: GithubAccount
  created_at: string
  updated_at: string
  author_association: string
  edits: string[]
  deleted: boolean
}

/** One request the piece made: method, path, JSON body, the credential it sent, the status it got. */
export type StandInCall = { method: string; path: string; body: any; auth: string | null; status: number }

const DOCS = 'https://docs.github.com/rest'

/** GitHub's limit on a comment body, in characters ("body is too long (maximum is 65536 characters)"). */
export const COMMENT_MAX = 65_536

const json = (status: number, body?: unknown): StandInAnswer => (body === undefined ? { status } : { status, json: body, headers: { 'content-type': 'application/json; charset=utf-8' } })

/** A request as the stand-in reads it: method, path with its query (as sent), JSON body, credential. */
const callOf = (request: StandInRequest): Omit<StandInCall, 'status'> => ({ method: request.method, path: request.url.pathname + request.url.search, body: request.body ? JSON.parse(request.body) : null, auth: request.headers.authorization ?? null })

/** A JWT's payload, if `token` is an RS256 JWT signed with `key` (a GitHub App's). */
function jwtPayload(token: string, key: KeyObject): { iss?: unknown; exp?: number } | null {
  const [header, payload, signature] = token.split('.')
  if (!header || !payload || !signature) return null
  const verified = createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(key, Buffer.from(signature, 'base64url'))
  return verified ? JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) : null
}

/**
 * A stand-in for GitHub's REST API on 127.0.0.1 (docs.github.com/rest, "Issue comments", "Pull
 * request review comments", "Users", "Apps"), for the piece's `apiUrl`. It answers as GitHub
 * does: `POST /repos/{owner}/{repo}/issues/{n}/comments` and `PATCH|DELETE
 * /repos/{owner}/{repo}/issues/comments/{id}`; `POST /repos/{owner}/{repo}/pulls/{n}/comments/{id}/replies`
 * and `PATCH /repos/{owner}/{repo}/pulls/comments/{id}`; `GET /user`, `GET /user/{id}`, `GET
 * /users/{login}`; a GitHub App's `GET /app` and `POST /app/installations/{id}/access_tokens`
 * (with the app's RS256 JWT). A body beyond 65,536 characters, or none, is `422 Validation Failed`;
 * a wrong credential `401 Bad credentials`; an unknown repository, comment or route `404 Not
 * Found`; each with GitHub's `{ message, documentation_url }`. Every request is recorded.
 * `failNext(when, status)` makes the next matching request fail; `unreachable('refuse' | 'hang')`
 * cuts GitHub off (connections reset, or never answered), `reachable()` restores it. The server,
 * its record and its failures are `frogbot/testing`'s `standInServer`.
 */
export async function githubStandIn({ bot, people, repository = { owner: 'acme', repo: 'shed' }, token = 'ghp_test_token', app }: {
  bot: GithubAccount
  people: GithubAccount[]
  repository?: { owner: string; repo: string }
  token?: string
  app?: { id: string; slug: string; installationId: number; publicKey: string }
}) {
  const calls: StandInCall[] = []
  const comments = new Map<number, StandInComment>()
  const installationTokens = new Set<string>()
  const accounts = new Map([bot, ...people].map((account) => [account.id, account]))
  const appKey = app ? createPublicKey(app.publicKey) : null
  const nextId = { issue: 2_000_000_000, review: 3_000_000_000 }
  const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')

  const record = (comment: Omit<StandInComment, 'id' | 'created_at' | 'updated_at' | 'edits' | 'deleted' | 'posted'>, createdAt = now()) => {
    const id = ++nextId[comment.kind]
    const stored: StandInComment = { ...comment, id, posted: comment.body, created_at: createdAt, updated_at: createdAt, edits: [], deleted: false }
    comments.set(id, stored)
    return stored
  }
  const asReturned = ({ edits: _edits, deleted: _deleted, kind: _kind, posted: _posted, owner, repo, number, inReplyTo, ...comment }: StandInComment) => ({
    ...comment,
    html_url: `https://github.com/${owner}/${repo}/${inReplyTo === undefined ? 'issues' : 'pull'}/${number}#issuecomment-${comment.id}`,
    ...(inReplyTo !== undefined ? { in_reply_to_id: inReplyTo } : {})
  })
  const bodyProblem = (body: unknown, resource: string) => {
    if (typeof body !== 'string' || body === '') return { message: 'Validation Failed', errors: [{ resource, code: 'missing_field', field: 'body' }], documentation_url: DOCS }
    if ([...body].length > COMMENT_MAX) return { message: 'Validation Failed', errors: [{ resource, code: 'custom', field: 'body', message: `body is too long (maximum is ${COMMENT_MAX} characters)` }], documentation_url: DOCS }
    return null
  }

  /** Who a credential is: the bot (its token, or an installation token of its app), a JWT of its app, or nobody. */
  const credentialOf = (auth: string | null): 'bot' | 'app' | null => {
    const [scheme, value] = (auth ?? '').split(' ')
    if (!value) return null
    if (/^token$/i.test(scheme) || /^bearer$/i.test(scheme)) {
      if (!app && value === token) return 'bot'
      if (installationTokens.has(value)) return 'bot'
      if (appKey && /^bearer$/i.test(scheme)) {
        const payload = jwtPayload(value, appKey)
        if (payload && String(payload.iss) === app!.id && (payload.exp ?? 0) * 1000 > Date.now()) return 'app'
      }
    }
    return null
  }

  const route = (call: Omit<StandInCall, 'status'>): StandInAnswer => {
    const credential = credentialOf(call.auth)
    const path = call.path.split('?')[0]
    let match: RegExpExecArray | null
    if (call.method === 'POST' && (match = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(path))) {
      if (credential !== 'app') return json(401, { message: 'A JSON web token could not be decoded', documentation_url: DOCS })
      if (Number(match[1]) !== app!.installationId) return json(404, { message: 'Not Found', documentation_url: DOCS })
      const issued = `ghs_${randomBytes(12).toString('hex')}`
      installationTokens.add(issued)
      return json(201, { token: issued, expires_at: new Date(Date.now() + 3_600_000).toISOString() })
    }
    if (call.method === 'GET' && path === '/app') {
      if (credential !== 'app') return json(401, { message: 'A JSON web token could not be decoded', documentation_url: DOCS })
      return json(200, { id: Number(app!.id), slug: app!.slug, name: app!.slug })
    }
    if (credential !== 'bot') return json(401, { message: 'Bad credentials', documentation_url: DOCS })
    if (call.method === 'GET' && path === '/user') {
      if (app) return json(403, { message: 'Resource not accessible by integration', documentation_url: DOCS })
      return json(200, bot)
    }
    if (call.method === 'GET' && (match = /^\/user\/(\d+)$/.exec(path))) {
      const account = accounts.get(Number(match[1]))
      return account ? json(200, account) : json(404, { message: 'Not Found', documentation_url: DOCS })
    }
    if (call.method === 'GET' && (match = /^\/users\/([^/]+)$/.exec(path))) {
      const account = [...accounts.values()].find((candidate) => candidate.login === decodeURIComponent(match![1]))
      return account ? json(200, account) : json(404, { message: 'Not Found', documentation_url: DOCS })
    }
    const repo = /^\/repos\/([^/]+)\/([^/]+)(\/.*)$/.exec(path)
    if (!repo || repo[1] !== repository.owner || repo[2] !== repository.repo) return json(404, { message: 'Not Found', documentation_url: DOCS })
    const rest = repo[3]
    const owned = (id: string, kind: StandInComment['kind']) => {
      const comment = comments.get(Number(id))
      return comment && comment.kind === kind && !comment.deleted ? comment : null
    }
    if (call.method === 'POST' && (match = /^\/issues\/(\d+)\/comments$/.exec(rest))) {
      const problem = bodyProblem(call.body?.body, 'IssueComment')
      if (problem) return json(422, problem)
      return json(201, asReturned(record({ kind: 'issue', ...repository, number: Number(match[1]), body: call.body.body, user: bot, author_association: 'NONE' })))
    }
    if ((match = /^\/issues\/comments\/(\d+)$/.exec(rest))) {
      const comment = owned(match[1], 'issue')
      if (!comment) return json(404, { message: 'Not Found', documentation_url: DOCS })
      if (call.method === 'DELETE') return (comment.deleted = true), json(204)
      if (call.method !== 'PATCH') return json(404, { message: 'Not Found', documentation_url: DOCS })
      const problem = bodyProblem(call.body?.body, 'IssueComment')
      if (problem) return json(422, problem)
      comment.body = call.body.body
      comment.edits.push(call.body.body)
      comment.updated_at = now()
      return json(200, asReturned(comment))
    }
    if (call.method === 'POST' && (match = /^\/pulls\/(\d+)\/comments\/(\d+)\/replies$/.exec(rest))) {
      const root = owned(match[2], 'review')
      if (!root) return json(404, { message: 'Not Found', documentation_url: DOCS })
      const problem = bodyProblem(call.body?.body, 'PullRequestReviewComment')
      if (problem) return json(422, problem)
      return json(201, asReturned(record({ kind: 'review', ...repository, number: Number(match[1]), inReplyTo: root.id, body: call.body.body, user: bot, author_association: 'NONE' })))
    }
    if ((match = /^\/pulls\/comments\/(\d+)$/.exec(rest))) {
      const comment = owned(match[1], 'review')
      if (!comment) return json(404, { message: 'Not Found', documentation_url: DOCS })
      if (call.method === 'DELETE') return (comment.deleted = true), json(204)
      const problem = bodyProblem(call.body?.body, 'PullRequestReviewComment')
      if (problem) return json(422, problem)
      comment.body = call.body.body
      comment.edits.push(call.body.body)
      return json(200, asReturned(comment))
    }
    return json(404, { message: 'Not Found', documentation_url: DOCS })
  }

  const server = await standInServer((request) => {
    try {
      if (request.body) JSON.parse(request.body)
    } catch {
      return json(400, { message: 'Problems parsing JSON', documentation_url: DOCS })
    }
    return route(callOf(request))
  })

  const botComments = () => [...comments.values()].filter((comment) => comment.user.id === bot.id)

  return {
    url: server.url,
    bot,
    repository,
    /** Every request so far, oldest first (see {@link StandInCall}). */
    get calls(): StandInCall[] {
      return server.calls.map((call) => ({ ...callOf(call), status: call.status }))
    },
    /** Every comment, oldest first. */
    comments: () => [...comments.values()],
    /** The comments the bot posted, oldest first (deleted ones too). */
    botComments,
    /** A person's comment, as GitHub stores it before it sends its webhook (see `deliveries`). */
    personComment: (comment: { user: GithubAccount; association: string; number: number; body: string; createdAt?: string; review?: { inReplyTo?: number } }) =>
      record(
        { kind: comment.review ? 'review' : 'issue', ...repository, number: comment.number, body: comment.body, user: comment.user, author_association: comment.association, ...(comment.review?.inReplyTo ? { inReplyTo: comment.review.inReplyTo } : {}) },
        comment.createdAt
      ),
    /** Makes the next request that `when` matches answer `status`. */
    failNext: (when: (call: Omit<StandInCall, 'status'>) => boolean, status: number) =>
      server.failNext({ when: (request) => when(callOf(request)) }, json(status, { message: status >= 500 ? 'Server Error' : 'Validation Failed', documentation_url: DOCS })),
    /** GitHub out of reach: each request is reset (`refuse`) or never answered (`hang`). */
    unreachable: server.unreachable,
    reachable: server.reachable,
    close: server.close
  }
}

/** See {@link githubStandIn}. */
export type GithubStandIn = Awaited<ReturnType<typeof githubStandIn>>
