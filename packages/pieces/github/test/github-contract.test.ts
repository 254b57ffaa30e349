import { randomUUID } from 'node:crypto'
import { pieceContract } from 'frogbot/testing'
import { createGithub } from '../src/index.ts'
import { commented, isoAt, resigned, WEBHOOK_SECRET } from './github-deliveries.ts'
import { ADA, ASSOCIATION, BOB, BOT, EVE, noticeComments, questionComments, replyComments, standIn, TOKEN } from './github-people.ts'
import type { GithubAccount, GithubStandIn } from './github-stand-in.ts'

// The suite every piece runs, against the GitHub stand-in: comment deliveries signed with the
// test's webhook secret in, GitHub's REST API recorded out.

const accounts = [ADA, BOB, EVE]
const person = (account: GithubAccount) => ({ userId: String(account.id), name: account.login })
const people = { ada: person(ADA), bob: person(BOB), eve: person(EVE) }
const accountOf = (userId: string) => accounts.find((account) => String(account.id) === userId)!

/** The suite's conversations are issues of the stand-in's repository: `main` is #1, `other` #2. */
const ISSUES: Record<string, number> = { main: 1, other: 2 }
const threadOf = (number: number) => Object.entries(ISSUES).find(([, issue]) => issue === number)?.[0] ?? `#${number}`

const say = (github: GithubStandIn, { who, text, number, now }: { who: { userId: string }; text: string; number: number; now: number }) => {
  const user = accountOf(who.userId)
  return commented(github, { user, association: ASSOCIATION[user.id], number, body: text, createdAt: isoAt(now) }).delivery
}

pieceContract<GithubStandIn>({
  name: 'GitHub',
  people,
  standIn,
  piece: (github, { now }) => createGithub({ token: TOKEN, webhookSecret: WEBHOOK_SECRET, botUsername: BOT.login, apiUrl: github.url, env: {}, now }),
  say: (github, { who, text, thread, first, now }) => say(github, { who, text: first ? `@${BOT.login} ${text}` : text, number: ISSUES[thread], now }),
  answer: (github, { who, card, label, now }) => say(github, { who, text: `/answer ${label}`, number: github.comments().find((comment) => String(comment.id) === card.id)!.number, now }),
  decide: (github, { who, card, press, now }) => {
    const text = press.kind === 'approve' ? '/approve' : press.kind === 'deny' ? `/deny ${press.reason ?? ''}` : `/approve ${JSON.stringify(press.input)}`
    return [say(github, { who, text, number: github.comments().find((comment) => String(comment.id) === card.id)!.number, now })]
  },
  cards: (github) => questionComments(github).map((comment) => ({ id: String(comment.id), thread: threadOf(comment.number), text: comment.posted })),
  replacements: (github, card) => github.comments().find((comment) => String(comment.id) === card.id)?.edits ?? [],
  notices: (github) => noticeComments(github).map(({ to, text }) => ({ to: String(accounts.find((account) => account.login === to)?.id ?? to), text })),
  replies: (github) => replyComments(github).map((comment) => ({ thread: threadOf(comment.number), text: comment.posted })),
  apiCalls: (github) => github.calls.length,
  nameOf: (who) => `@${who.name}`,
  forge: (sent) => resigned(sent, 'not-the-webhook-secret'),
  // GitHub signs no time and not its delivery id: a capture re-sent under a new id is a replay too.
  replays: (sent) => [sent, { ...sent, headers: { ...sent.headers, 'x-github-delivery': randomUUID() } }],
  freshness: false,
  failNextCard: (github) => github.failNext((call) => call.method === 'POST' && typeof call.body?.body === 'string' && call.body.body.includes('`/answer'), 502)
})
