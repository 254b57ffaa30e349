import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACTIVITY_BUDGET } from '../src/linear-markdown.ts'
import { delivery, prompted, sessionCreated } from './linear-deliveries.ts'
import { eventually, linearKit, type LinearKit } from './linear-kit.ts'
import { promptedModel } from './linear-model.ts'
import { ADA, questionActivities, replyActivities, standIn } from './linear-people.ts'
import type { LinearStandIn, StandInSession } from './linear-stand-in.ts'

// Signed bodies that are not what Linear sends are refused with 400 naming the field, never a
// 500; what Linear sends that FrogBot does not read is acknowledged and ignored; what the model
// writes in a question is literal text (no Markdown, no mentions) and what is too long for one
// activity goes out in several.

let linear: LinearStandIn
let kit: LinearKit
const asked: Record<string, unknown> = {}

beforeAll(async () => {
  linear = await standIn()
  kit = await linearKit({ model: promptedModel({ asked }), linear })
})
afterAll(async () => {
  await kit?.close()
  await linear?.close()
})

const event = (issueId: string) => JSON.parse(sessionCreated(linear, { issueId, creator: ADA, body: '@FrogBot hello' }).delivery.body)
const badRequest = (error: string) => ({ status: 400, text: JSON.stringify({ error, code: 'bad-request' }) })
const activitiesOf = (session: StandInSession) => linear.activities.filter((activity) => activity.sessionId === session.id)

describe('signed bodies Linear does not send', () => {
  it('are 400 naming what is wrong, and change nothing', async () => {
    const before = { calls: linear.calls.length, chats: (await kit.chats()).length }
    expect(await kit.deliver(delivery('{"type": "AgentSessionEvent",'))).toMatchObject(badRequest('Refused: the body is not JSON.'))
    expect(await kit.deliver(delivery('[1, 2]'))).toMatchObject(badRequest('Refused: the body is not a JSON object.'))
    const created = event('issue-h1')
    expect(await kit.deliver(delivery({ ...created, agentSession: undefined }))).toMatchObject(badRequest('Refused: the AgentSessionEvent payload is not one Linear sends (agentSession: Invalid input: expected object, received undefined).'))
    expect(await kit.deliver(delivery({ ...created, agentSession: { ...created.agentSession, id: 'abc:s:def' } }))).toMatchObject(badRequest('Refused: the AgentSessionEvent payload is not one Linear sends (agentSession.id: must be a Linear id).'))
    expect(await kit.deliver(delivery({ ...created, agentSession: { ...created.agentSession, creator: { id: 'user-x', name: 7 } } }))).toMatchObject({ status: 400 })
    expect(await kit.deliver(delivery({ ...created, action: 'prompted' }))).toMatchObject(badRequest('Refused: the prompted AgentSessionEvent payload is not one Linear sends (agentActivity: required).'))
    const prompt = JSON.parse(prompted(linear, { session: linear.sessionOf('issue-h1')!, by: ADA, body: 'hi' }).body)
    expect(await kit.deliver(delivery({ ...prompt, agentActivity: { ...prompt.agentActivity, content: { type: 'prompt', body: 42 } } }))).toMatchObject({ status: 400 })
    expect(await kit.deliver(delivery({ ...prompt, agentActivity: { ...prompt.agentActivity, content: { type: 'prompt' } } }))).toMatchObject(
      badRequest('Refused: the prompted AgentSessionEvent payload is not one Linear sends (agentActivity.content.body: required).')
    )
    expect({ calls: linear.calls.length, chats: (await kit.chats()).length }).toEqual(before)
  })

  it('other events, other actions and sessions of another app are acknowledged and ignored', async () => {
    const before = { calls: linear.calls.length, chats: (await kit.chats()).length }
    const now = Date.now()
    expect(await kit.deliver(delivery({ type: 'Comment', action: 'create', data: { id: 'c1', body: '@FrogBot hi', issueId: 'issue-h2' }, webhookTimestamp: now }, { event: 'Comment' }))).toMatchObject({
      status: 200,
      text: 'Ignored: FrogBot reads only agent session events, not Comment.'
    })
    expect(await kit.deliver(delivery({ action: 'create', webhookTimestamp: now }))).toMatchObject({ status: 200, text: 'Ignored: FrogBot reads only agent session events, not a payload without a type.' })
    expect(await kit.deliver(delivery({ ...event('issue-h2'), action: 'updated' }))).toMatchObject({ status: 200, text: 'Ignored: only created and prompted agent session events are read.' })
    const created = event('issue-h3')
    expect((await kit.deliver(delivery({ ...created, agentSession: { ...created.agentSession, appUserId: 'app-user-someone-else' } }))).status).toBe(200)
    expect({ calls: linear.calls.length, chats: (await kit.chats()).length }).toEqual(before)
  })
})

describe('what is too long or not literal', () => {
  it('a signed body over the server’s limit (1 MiB by default) is 413, before the piece reads it', async () => {
    const { delivery: huge } = sessionCreated(linear, { issueId: 'issue-h6', creator: ADA, body: `@FrogBot ${'x'.repeat(1_100_000)}` })
    const before = linear.calls.length
    expect(await kit.deliver(huge)).toMatchObject({ status: 413, text: expect.stringContaining('"code":"payload-too-large"') })
    expect(linear.calls.length).toBe(before)
  })

  it('a prompt of 200,000 characters is read, and the reply goes out in activities of at most the budget', async () => {
    const { session, delivery: created } = sessionCreated(linear, { issueId: 'issue-h4', creator: ADA, body: `@FrogBot ${'word '.repeat(40_000)}` })
    expect((await kit.deliver(created)).status).toBe(200)
    await eventually(() => expect(replyActivities(linear).filter((activity) => activity.sessionId === session.id).length).toBeGreaterThan(4))
    const replies = replyActivities(linear).filter((activity) => activity.sessionId === session.id)
    expect(replies.every((activity) => activity.body.length <= ACTIVITY_BUDGET)).toBe(true)
    expect(replies.map((activity) => activity.body).join('').replace(/\s+/g, ' ').trim()).toBe(`You said: ${'word '.repeat(40_000).trim()}`)
  })

  it('the model’s Markdown and mentions in a question are escaped; more than 25 options are a numbered list', async () => {
    asked.markup = { questions: [{ header: '# Plan @ada', question: 'Read [this](https://evil.example) **now**\n> quoted', options: [{ label: '*Bold*' }, { label: '<b>html</b>' }] }] }
    const { session } = await kit.open(ADA, 'ask markup', 'issue-h5')
    await eventually(() => expect(activitiesOf(session).some((activity) => activity.type === 'elicitation')).toBe(true))
    const [card] = questionActivities(linear).filter((activity) => activity.sessionId === session.id)
    expect(card.body.split('\n').slice(0, 4)).toEqual(['\\# Plan @\u2060ada: Read \\[this\\](https://evil.example) \\*\\*now\\*\\*', '\\> quoted', '1. \\*Bold\\*', '2. \\<b\\>html\\</b\\>'])
    expect(card.signalMetadata).toEqual({ options: [{ label: '*Bold*', value: '*Bold*' }, { label: '<b>html</b>', value: '<b>html</b>' }] })
    await kit.prompt(session, ADA, '<b>html</b>')
    await eventually(() => expect(activitiesOf(session).at(-1)?.body).toBe('Noted: {"answers":[{"header":"# Plan @ada","selected":["<b>html</b>"]}]}'))

    asked.many = { questions: [{ header: 'Day', question: 'Which day of the month?', options: Array.from({ length: 26 }, (_, day) => ({ label: `Day ${day + 1}` })) }] }
    await kit.prompt(session, ADA, 'ask many')
    await eventually(() => expect(questionActivities(linear).filter((activity) => activity.sessionId === session.id)).toHaveLength(2))
    await kit.piece.idle()
    const [, list] = questionActivities(linear).filter((activity) => activity.sessionId === session.id)
    expect(list.signal).toBeUndefined()
    expect(list.body).toContain('26. Day 26')
    await kit.prompt(session, ADA, '26')
    await eventually(() => expect(activitiesOf(session).at(-1)?.body).toBe('Noted: {"answers":[{"header":"Day","selected":["Day 26"]}]}'))
  })
})
