import { describeEachDatabase, type FreshDatabase, promptedModel } from 'frogbot/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sessionCreated } from './linear-deliveries.ts'
import { eventually, linearKit, type LinearKit } from './linear-kit.ts'
import { ADA, BOB, standIn } from './linear-people.ts'
import type { LinearStandIn, StandInSession } from './linear-stand-in.ts'

// Linear's clock (docs/pieces/linear.md): the webhook is answered at once however slow Linear's API is
// (Linear wants it within 5 s, and a first activity within 10 s), and a session that went stale
// in Linear (30 minutes without activity) still takes its answer. On SQLite and PostgreSQL.

describeEachDatabase('Linear sessions over time', (fresh) => {
  let linear: LinearStandIn
  let kit: LinearKit
  let database: FreshDatabase
  let skew = 0

  beforeAll(async () => {
    database = await fresh()
    linear = await standIn()
    kit = await linearKit({ model: promptedModel(), linear, db: database.adapter(), now: () => Date.now() + skew })
  })
  afterAll(async () => {
    linear?.slow(0)
    await kit?.close()
    await linear?.close()
    await database?.drop()
  })

  const bodies = (session: StandInSession) => linear.activities.filter((activity) => activity.sessionId === session.id).map((activity) => `${activity.type}: ${activity.body}`)

  it('answers a created event at once while Linear is slow; the acknowledging thought is the first activity, before the reply', async () => {
    linear.slow(1500)
    const { session, delivery } = sessionCreated(linear, { issueId: 'issue-d1', creator: ADA, body: '@FrogBot hello' })
    const started = Date.now()
    const answer = await kit.post(`/api/webhooks/${kit.piece.instance}`, delivery)
    expect(answer.status).toBe(200)
    expect(Date.now() - started).toBeLessThan(1000)
    await kit.piece.idle()
    linear.slow(0)
    expect(bodies(session)).toEqual(['thought: Looking into it…', 'response: You said: hello'])
  })

  it('a session stale in Linear for 31 minutes still takes its answer, and the agent goes on', async () => {
    const { session } = await kit.open(ADA, 'ask color', 'issue-d2')
    await eventually(() => expect(bodies(session).some((body) => body.startsWith('elicitation: '))).toBe(true))
    await kit.piece.idle()
    skew = 31 * 60_000
    await kit.prompt(session, BOB, 'Green')
    await eventually(() => expect(bodies(session).at(-1)).toBe('response: Noted: {"answers":[{"header":"Color","selected":["Green"]}]}'))
    expect(bodies(session).at(-2)).toBe('thought: Color: Which color should the shed be?\n✅ Green\nAnswered by Bob Babbage')
    expect((await kit.chatOf(session)).chat.state).toBe('idle')
    skew = 0
  })
})
