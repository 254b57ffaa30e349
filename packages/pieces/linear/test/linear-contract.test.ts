import { pieceContract } from 'frogbot/testing'
import { createLinear } from '../src/index.ts'
import { prompted, resigned, sessionCreated, WEBHOOK_SECRET } from './linear-deliveries.ts'
import { ACCESS_TOKEN, ADA, BOB, EVE, noticeActivities, PEOPLE, questionActivities, replyActivities, settledNotes, standIn } from './linear-people.ts'
import type { LinearStandIn } from './linear-stand-in.ts'

// The suite every piece runs, against the Linear stand-in: agent session events signed with the
// test's webhook secret in, Linear's GraphQL API recorded out. A conversation is an agent
// session: `main` on issue `issue-main`, `other` on `issue-other`.

const person = (account: (typeof PEOPLE)[number]) => ({ userId: account.id, name: account.name, email: account.email })
const people = { ada: person(ADA), bob: person(BOB), eve: person(EVE) }
const accountOf = (userId: string) => PEOPLE.find((account) => account.id === userId)!

const ISSUES: Record<string, string> = { main: 'issue-main', other: 'issue-other' }
const threadOfSession = (linear: LinearStandIn, sessionId: string) => {
  const issue = linear.session(sessionId)?.issueId
  return Object.entries(ISSUES).find(([, id]) => id === issue)?.[0] ?? String(issue)
}

pieceContract<LinearStandIn>({
  name: 'Linear',
  people,
  standIn,
  piece: (linear, { now }) => createLinear({ accessToken: ACCESS_TOKEN, webhookSecret: WEBHOOK_SECRET, apiUrl: linear.url, env: {}, now }),
  say: (linear, { who, text, thread, first, now }) => {
    const by = accountOf(who.userId)
    if (first) return sessionCreated(linear, { issueId: ISSUES[thread], creator: by, body: `@FrogBot ${text}`, now }).delivery
    return prompted(linear, { session: linear.sessionOf(ISSUES[thread])!, by, body: text, now })
  },
  answer: (linear, { who, card, label, now }) => {
    const activity = linear.activities.find((candidate) => candidate.id === card.id)!
    return prompted(linear, { session: linear.session(activity.sessionId)!, by: accountOf(who.userId), body: label, now })
  },
  decide: (linear, { who, card, press, now }) => {
    const activity = linear.activities.find((candidate) => candidate.id === card.id)!
    const body = press.kind === 'approve' ? '/approve' : press.kind === 'deny' ? `/deny ${press.reason ?? ''}` : `/approve ${JSON.stringify(press.input)}`
    return [prompted(linear, { session: linear.session(activity.sessionId)!, by: accountOf(who.userId), body, now })]
  },
  cards: (linear) => questionActivities(linear).map((activity) => ({ id: activity.id, thread: threadOfSession(linear, activity.sessionId), text: activity.body })),
  replacements: (linear, card) => settledNotes(linear, card.id).map((activity) => activity.body),
  notices: (linear) => noticeActivities(linear).map(({ to, text }) => ({ to, text })),
  replies: (linear) => replyActivities(linear).map((activity) => ({ thread: threadOfSession(linear, activity.sessionId), text: activity.body })),
  apiCalls: (linear) => linear.calls.length,
  nameOf: (who) => who.name,
  forge: (sent) => resigned(sent, 'not-the-webhook-secret'),
  // The signature in capitals is the same HMAC; the same body under another delivery id is the same delivery.
  replays: (sent) => [sent, { ...sent, headers: { ...sent.headers, 'linear-signature': sent.headers['linear-signature'].toUpperCase() } }, { ...sent, headers: { ...sent.headers, 'linear-delivery': crypto.randomUUID() } }],
  failNextCard: (linear) => linear.failNext((call) => call.operation === 'agentActivityCreate' && call.variables?.input?.content?.type === 'elicitation', 502)
})
