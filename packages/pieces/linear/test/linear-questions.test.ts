import { answerProblems } from 'frogbot/channels'
import { ASKED, describeEachDatabase, type FreshDatabase, promptedModel } from 'frogbot/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually, linearKit, type LinearKit } from './linear-kit.ts'
import { ADA, BOB, EVE, noticeActivities, standIn } from './linear-people.ts'
import type { LinearStandIn, StandInSession } from './linear-stand-in.ts'

// Questions as Linear shows them in an agent session (docs/pieces/linear.md): an elicitation activity,
// with Linear's select signal for one question of one choice, else a numbered list answered by a
// prompt; activities cannot be edited, so a new one says what was answered and by whom. On SQLite
// and on PostgreSQL, one FrogBot and one stand-in for each; each test opens sessions of its own.

const COLOR_LIST = ['Color: Which color should the shed be?', '1. Red — warm, shows dirt', '2. Blue', '3. Green — blends in']

describeEachDatabase('Linear questions', (fresh) => {
  let linear: LinearStandIn
  let kit: LinearKit
  let database: FreshDatabase

  beforeAll(async () => {
    database = await fresh()
    linear = await standIn()
    kit = await linearKit({ model: promptedModel(), linear, db: database.adapter() })
  })
  afterAll(async () => {
    await kit?.close()
    await linear?.close()
    await database?.drop()
  })

  const activitiesOf = (session: StandInSession) => linear.activities.filter((activity) => activity.sessionId === session.id)
  const bodies = (session: StandInSession) => activitiesOf(session).map((activity) => `${activity.type}: ${activity.body}`)
  /** Ada opens a session that asks `what`; resolves once its elicitation is there. */
  const ask = async (what: string, issueId: string) => {
    const { session } = await kit.open(ADA, `ask ${what}`, issueId)
    await eventually(() => expect(activitiesOf(session).some((activity) => activity.type === 'elicitation')).toBe(true))
    await kit.piece.idle()
    return { session, card: activitiesOf(session).find((activity) => activity.type === 'elicitation')! }
  }
  const askAgain = async (session: StandInSession, what: string) => {
    const before = activitiesOf(session).length
    await kit.prompt(session, ADA, `ask ${what}`)
    await eventually(() => expect(activitiesOf(session).slice(before).some((activity) => activity.type === 'elicitation')).toBe(true))
    await kit.piece.idle()
    return activitiesOf(session).slice(before).find((activity) => activity.type === 'elicitation')!
  }

  describe('one question of one choice', () => {
    it('is acknowledged at once, asked with the select signal, answered by a pick; a new activity says what was answered and by whom, and the agent goes on', async () => {
      const { session, card } = await ask('color', 'issue-q1')
      expect(bodies(session).slice(0, 2)).toEqual(['thought: Looking into it…', 'response: Let me ask.'])
      expect(card).toMatchObject({
        body: [...COLOR_LIST, 'Reply with the number of an option (1 to 3), the option as it is written, or your own words.', 'Or pick one of the options below. To decline, stop the session.'].join('\n'),
        signal: 'select',
        signalMetadata: { options: [{ label: 'Red', value: 'Red' }, { label: 'Blue', value: 'Blue' }, { label: 'Green', value: 'Green' }] }
      })
      expect(linear.session(session.id)?.state).toBe('awaitingInput')
      expect((await kit.chatOf(session)).chat).toMatchObject({ state: 'awaiting', channelLabel: 'Linear', channel: { piece: 'linear', instance: 'linear', account: linear.organizationId } })

      await kit.prompt(session, BOB, 'Blue')
      await eventually(() => expect(bodies(session).at(-1)).toBe('response: Noted: {"answers":[{"header":"Color","selected":["Blue"]}]}'))
      expect(bodies(session).slice(3)).toEqual(['thought: Color: Which color should the shed be?\n✅ Blue\nAnswered by Bob Babbage', 'response: Noted: {"answers":[{"header":"Color","selected":["Blue"]}]}'])
      expect((await kit.chatOf(session)).messages.at(-1)?.settlements).toMatchObject([{ outcome: 'answered', by: { channel: { piece: 'linear', userId: BOB.id, name: BOB.name } } }])
      expect(linear.session(session.id)?.state).toBe('complete')

      // A late pick is told who answered; anything else goes to the agent.
      await kit.prompt(session, ADA, 'red')
      await eventually(() => expect(bodies(session).at(-1)).toBe('response: Ada Lovelace: This question was already answered by Bob Babbage.'))
      expect(linear.session(session.id)?.state).toBe('complete')
      await kit.prompt(session, ADA, 'Thanks, paint it then')
      await eventually(() => expect(bodies(session).at(-1)).toBe('response: You said: Thanks, paint it then'))
    })

    it('takes the option’s number and own words as a reply; a re-asked question is a new elicitation', async () => {
      const { session } = await ask('color', 'issue-q2')
      await kit.prompt(session, ADA, '3')
      await eventually(() => expect(bodies(session).at(-1)).toBe('response: Noted: {"answers":[{"header":"Color","selected":["Green"]}]}'))
      const again = await askAgain(session, 'color')
      expect(again.signal).toBe('select')
      await kit.prompt(session, ADA, 'a deep teal')
      await eventually(() => expect(bodies(session).at(-1)).toBe('response: Noted: {"answers":[{"header":"Color","selected":[],"custom":"a deep teal"}]}'))
      expect(bodies(session).at(-2)).toBe('thought: Color: Which color should the shed be?\n✅ “a deep teal”\nAnswered by Ada Lovelace')
    })
  })

  describe('anything else is a numbered list answered by a reply', () => {
    it('several picks: `1, 3` or labels in any case, no select signal', async () => {
      const { session, card } = await ask('extras', 'issue-q3')
      expect(card.signal).toBeUndefined()
      expect(card.body).toBe(
        [
          'Extras: What should the shed have? (select any)',
          '1. Window',
          '2. Shelves',
          '3. Lock',
          'Reply with the number of an option (1 to 3), the option as it is written, or your own words; for several, separate them with commas (1, 2).',
          'To decline, stop the session.'
        ].join('\n')
      )
      await kit.prompt(session, ADA, '1, 3')
      await eventually(() => expect(bodies(session).at(-1)).toBe('response: Noted: {"answers":[{"header":"Extras","selected":["Window","Lock"]}]}'))
      await askAgain(session, 'extras')
      await kit.prompt(session, BOB, 'shelves, WINDOW')
      await eventually(() => expect(bodies(session).at(-1)).toBe('response: Noted: {"answers":[{"header":"Extras","selected":["Shelves","Window"]}]}'))
    })

    it('several questions: one line per question; a reply that breaks a rule is told exactly why and the question stays open', async () => {
      const { session, card } = await ask('plan', 'issue-q4')
      expect(card.signal).toBeUndefined()
      expect(card.body.split('\n').slice(0, 4)).toEqual(['1. Color: Which color?', '   1. Red', '   2. Blue', '2. Extras: What should it have? (select any)'])
      const [color, , when] = ASKED.plan.questions.map((question) => ({ multiple: false, custom: true, ...question }))

      await kit.prompt(session, ADA, '1: 5\n2: 1\n3: 1')
      await eventually(() => expect(noticeActivities(linear).at(-1)?.text).toBe(answerProblems.noOption(color, 5)))
      expect(noticeActivities(linear).at(-1)).toMatchObject({ to: ADA.id, activity: { type: 'elicitation', sessionId: session.id } })
      expect(linear.session(session.id)?.state).toBe('awaitingInput')

      await kit.prompt(session, ADA, '1: 2\n2: 1, 3\n3: sometime')
      await eventually(() => expect(noticeActivities(linear).at(-1)?.text).toBe(answerProblems.noSuchOption(when, 'sometime')))
      expect((await kit.chatOf(session)).chat.state).toBe('awaiting')

      await kit.prompt(session, BOB, '1: Blue\n2: 1, 3\nWhen: Next year')
      await eventually(() =>
        expect(bodies(session).at(-1)).toBe('response: Noted: {"answers":[{"header":"Color","selected":["Blue"]},{"header":"Extras","selected":["Window","Lock"]},{"header":"When","selected":["Next year"]}]}')
      )
      expect(bodies(session)).toContain('thought: Color: Which color?\n✅ Blue\nExtras: What should it have?\n✅ Window, Lock\nWhen: When should it be built?\n✅ Next year\nAnswered by Bob Babbage')
    })
  })

  describe("Linear's stop request", () => {
    it('dismisses the waiting question (never read as an answer), and the session ends with a final activity, without a continuation', async () => {
      const { session } = await ask('color', 'issue-q5')
      await kit.prompt(session, ADA, 'Red', 'stop')
      await eventually(async () => expect((await kit.chatOf(session)).chat.state).toBe('idle'))
      expect((await kit.chatOf(session)).messages.flatMap((message) => message.settlements ?? [])).toMatchObject([{ outcome: 'dismissed', by: { channel: { userId: ADA.id } } }])
      await kit.piece.idle()
      expect(bodies(session).slice(3)).toEqual(['response: Color: Which color should the shed be?\n✖️ Dismissed by Ada Lovelace: stopped in Linear'])
      expect(linear.session(session.id)?.state).toBe('complete')
    })

    it('with no question waiting, says it stopped; a teammate without a FrogBot user may not stop it', async () => {
      const { session } = await kit.open(ADA, 'hello', 'issue-q6')
      await eventually(() => expect(bodies(session).at(-1)).toBe('response: You said: hello'))
      await kit.prompt(session, EVE, '', 'stop')
      await eventually(() => expect(bodies(session).at(-1)).toBe('response: Eve Mallory: You may not talk to this agent here: it does not accept you.'))
      await kit.prompt(session, BOB, '', 'stop')
      await eventually(() => expect(bodies(session).at(-1)).toBe('response: Stopped.'))
    })
  })

  describe('who can answer', () => {
    it('a teammate without a FrogBot user is told, in the session, that they cannot answer; the question stays open and no continuation runs', async () => {
      const { session } = await ask('color', 'issue-q7')
      const before = activitiesOf(session).length
      await kit.prompt(session, EVE, 'Red')
      await eventually(() => expect(activitiesOf(session).length).toBe(before + 1))
      expect(bodies(session).at(-1)).toBe(
        'elicitation: Eve Mallory: You may not answer this question: this agent does not accept you. No FrogBot user has the email of your account here; ask whoever runs this FrogBot to add you.'
      )
      expect(kit.takeLogs(new RegExp(`refused .*\\(${EVE.id}\\)`))).toHaveLength(1)
      expect(linear.session(session.id)?.state).toBe('awaitingInput')
      expect((await kit.chatOf(session)).chat.state).toBe('awaiting')

      // Nor may she stop it.
      await kit.prompt(session, EVE, '', 'stop')
      await eventually(() => expect(activitiesOf(session).length).toBe(before + 2))
      expect(bodies(session).at(-1)).toMatch(/^elicitation: Eve Mallory: You may not answer this question/)
      kit.takeLogs(new RegExp(`refused .*\\(${EVE.id}\\)`))
      expect((await kit.chatOf(session)).chat.state).toBe('awaiting')
    })

    it('a session opened by a teammate without a FrogBot user is acknowledged, then told, and starts no chat', async () => {
      const { session } = await kit.open(EVE, 'paint the shed', 'issue-q8')
      await eventually(() => expect(activitiesOf(session).length).toBe(2))
      expect(bodies(session)).toEqual(['thought: Looking into it…', expect.stringMatching(/^response: Eve Mallory: You may not talk to this agent here: it does not accept you\. No FrogBot user has the email/)])
      expect(await kit.chatOf(session)).toBeUndefined()
    })
  })
})
