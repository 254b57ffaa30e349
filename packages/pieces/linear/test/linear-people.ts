import { type LinearAccount, type LinearStandIn, type StandInActivity, linearStandIn } from './linear-stand-in.ts'

/** The app's user (an OAuth app installed with actor=app), mentioned as `@FrogBot`. */
export const APP: LinearAccount = { id: 'app-user-frogbot', name: 'FrogBot', email: 'frogbot@apps.linear.example', username: 'frogbot' }

/** The tests' teammates: Ada and Bob have FrogBot users (by email), Eve has none. */
export const ADA: LinearAccount = { id: 'user-ada', name: 'Ada Lovelace', email: 'ada@example.com', username: 'ada' }
export const BOB: LinearAccount = { id: 'user-bob', name: 'Bob Babbage', email: 'bob@example.com', username: 'bob' }
export const EVE: LinearAccount = { id: 'user-eve', name: 'Eve Mallory', email: 'eve@elsewhere.example', username: 'eve' }

export const PEOPLE = [ADA, BOB, EVE]

/** The OAuth app's access token (sent as `Bearer …`). */
export const ACCESS_TOKEN = 'lin_oauth_test_token'

/** A stand-in of Linear's GraphQL API with the app and its access token. */
export const standIn = (): Promise<LinearStandIn> => linearStandIn({ app: APP, credential: `Bearer ${ACCESS_TOKEN}` })

/** Whether an activity tells one person something (`Name: …`), and whom. */
export const noticeTo = (activity: StandInActivity) => PEOPLE.find((person) => activity.body.startsWith(`${person.name}: `)) ?? null

/** Whether an activity says what became of a question (the settled note of a card). */
export const isSettledNote = (activity: StandInActivity) => !noticeTo(activity) && /^(?:Answered by|✖️ Dismissed by|⌛ Expired|🚫 |✅ Approved by|✖️ Denied by)/m.test(activity.body)

/** The activities that ask a question (elicitations that are no notice), oldest first. */
export const questionActivities = (linear: LinearStandIn) => linear.activities.filter((activity) => activity.type === 'elicitation' && !noticeTo(activity))

/** The notices, oldest first: to whom (Linear user id) and what, the name taken off. */
export const noticeActivities = (linear: LinearStandIn) =>
  linear.activities.flatMap((activity) => {
    const to = noticeTo(activity)
    return to ? [{ to: to.id, text: activity.body.slice(to.name.length + 2), activity }] : []
  })

/** The settled notes that followed `card` in its session, before the next question there. */
export function settledNotes(linear: LinearStandIn, cardId: string) {
  const at = linear.activities.findIndex((activity) => activity.id === cardId)
  if (at < 0) return []
  const card = linear.activities[at]
  const later = linear.activities.slice(at + 1).filter((activity) => activity.sessionId === card.sessionId)
  const next = later.findIndex((activity) => activity.type === 'elicitation' && !noticeTo(activity))
  return (next < 0 ? later : later.slice(0, next)).filter(isSettledNote)
}

/** The agent's replies: `response` activities that are no settled note or notice, oldest first. */
export const replyActivities = (linear: LinearStandIn) => linear.activities.filter((activity) => activity.type === 'response' && !isSettledNote(activity) && !noticeTo(activity))
