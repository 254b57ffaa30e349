import { describeEachDatabase, type FreshDatabase, promptedModel } from 'frogbot/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually, githubKit, type GithubKit } from './github-kit.ts'
import { ADA, BOB, BOT, noticeComments, questionComments, replyComments, standIn } from './github-people.ts'
import type { GithubStandIn } from './github-stand-in.ts'

// Questions as GitHub shows them and the commands that answer them (docs/pieces/github.md): one
// comment per question, answered by `/answer` and `/dismiss` comments, each comment edited to
// its answer and who gave it. On SQLite and on PostgreSQL, one FrogBot and one stand-in for
// each; each test talks on an issue of its own.

describeEachDatabase('GitHub questions', (fresh) => {
  let github: GithubStandIn
  let kit: GithubKit
  let database: FreshDatabase

  beforeAll(async () => {
    database = await fresh()
    github = await standIn()
    kit = await githubKit({ model: promptedModel(), github, db: database.adapter() })
  })
  afterAll(async () => {
    await kit?.close()
    await github?.close()
    await database?.drop()
  })

  const on = (number: number) => ({
    ask: async (what: string) => {
      await kit.comment(ADA, `@${BOT.login} ask ${what}`, { number })
      return eventually(() => {
        const comments = questionComments(github).filter((comment) => comment.number === number)
        expect(comments.length).toBeGreaterThan(0)
        return comments
      })
    },
    say: (body: string, who = ADA) => kit.comment(who, body, { number }),
    replies: () => replyComments(github).filter((comment) => comment.number === number).map((comment) => comment.posted),
    notices: () => noticeComments(github).filter((notice) => notice.comment.number === number).map(({ to, text }) => `@${to} ${text}`),
    chat: async () => (await kit.chats()).find((read) => read.chat.channel?.thread === `github:acme/shed:issue:${number}`)!
  })

  describe('a question in an issue thread', () => {
    it('is one comment: the question, its options numbered with their descriptions, and how to answer; /answer 2 edits it to the answer and who gave it, and the reply goes on', async () => {
      const issue = on(1)
      const [card] = await issue.ask('color')
      expect(issue.replies()).toEqual(['Let me ask.'])
      expect(card.posted).toBe(
        [
          '**Color**',
          'Which color should the shed be?',
          '',
          '1. Red — warm, shows dirt',
          '2. Blue',
          '3. Green — blends in',
          '',
          'Reply `/answer 2` with an option\'s number (or its label as written), or `/answer "your own words"` (quotes optional). `/dismiss` declines the question.'
        ].join('\n')
      )
      expect((await issue.chat()).chat.state).toBe('awaiting')

      await issue.say('/answer 2', BOB)
      await eventually(() => expect(issue.replies()).toEqual(['Let me ask.', 'Noted: {"answers":[{"header":"Color","selected":["Blue"]}]}']))
      expect(card.edits).toEqual(['**Color**\nWhich color should the shed be?\n\n✅ Blue\nAnswered by @bob'])
      expect((await issue.chat()).messages.at(-1)?.settlements).toMatchObject([{ outcome: 'answered', by: { channel: { piece: 'github', userId: String(BOB.id), name: 'bob' } } }])
    })

    it('takes several picks, numbers or labels in any case, and typed words with straight, curly or no quotes', async () => {
      const issue = on(2)
      await issue.ask('extras')
      await issue.say('/answer 1, 3')
      await eventually(() => expect(issue.replies().at(-1)).toBe('Noted: {"answers":[{"header":"Extras","selected":["Window","Lock"]}]}'))

      await issue.ask('extras')
      await issue.say('/Answer shelves, WINDOW')
      await eventually(() => expect(issue.replies().at(-1)).toBe('Noted: {"answers":[{"header":"Extras","selected":["Shelves","Window"]}]}'))

      for (const [typed, words] of [['“a workbench”', 'a workbench'], ['"a bench"', 'a bench'], ['a potting table', 'a potting table']]) {
        const [card] = (await issue.ask('color')).slice(-1)
        await issue.say(`/answer ${typed}`)
        await eventually(() => expect(issue.replies().at(-1)).toBe(`Noted: {"answers":[{"header":"Color","selected":[],"custom":"${words}"}]}`))
        await eventually(() => expect(card.edits.at(-1)).toContain(`✅ “${words}”`))
      }
    })

    it('tells exactly why a command breaks a rule, and the question stays open', async () => {
      const issue = on(3)
      const [card] = await issue.ask('size')
      expect(card.posted).toContain('Reply `/answer 2` with an option\'s number (or its label as written). `/dismiss` declines the question.')
      for (const command of ['/answer 1, 2', '/answer 7', '/answer "a shed for two"', '/answer', '/answer huge']) await issue.say(command)
      await eventually(() =>
        expect(issue.notices()).toEqual([
          "@ada 'Size' accepts one answer.",
          "@ada 'Size' has no option 7; choose 1 to 2.",
          "@ada 'Size' takes no typed answer; choose one of its options (1 to 2).",
          "@ada 'Size' needs an answer: the number of an option (1 to 2), an option as it is written.",
          "@ada 'Size' has no option “huge”; choose by number (1 to 2) or write an option as it is written."
        ])
      )
      expect((await issue.chat()).chat.state).toBe('awaiting')
      expect(card.edits).toEqual([])
      await issue.say('/answer large')
      await eventually(() => expect(card.edits).toEqual(['**Size**\nHow big?\n\n✅ Large\nAnswered by @ada']))
    })

    it('reads commands from the first token only, case aside, after a quote reply, or written as code; anything else is an ordinary message, which waits for the question', async () => {
      const issue = on(4)
      const [card] = await issue.ask('color')
      await issue.say('I think /answer 2 is right, but let us discuss')
      await eventually(() => expect(issue.notices()).toEqual(['@ada Your message waits until the question above is answered or dismissed; then it is read.']))
      // People discuss a question before they answer it: each is told once that their comments wait.
      await issue.say('Or green, maybe?')
      await eventually(async () => expect((await issue.chat()).queued).toHaveLength(2))
      expect(issue.notices()).toHaveLength(1)
      expect(card.edits).toEqual([])

      await issue.say('> Which color should the shed be?\n> 1. Red\n\n`/ANSWER green`', BOB)
      await eventually(() => expect(card.edits.at(-1)).toContain('✅ Green\nAnswered by @bob'))
      // The queued message is the next turn, once the question is answered.
      await eventually(() => expect(issue.replies().slice(-3)).toEqual(['Noted: {"answers":[{"header":"Color","selected":["Green"]}]}', 'You said: I think /answer 2 is right, but let us discuss', 'You said: Or green, maybe?']))
    })

    it('/dismiss declines the whole call, with its reason: the comment says who, and the model is not called again', async () => {
      const issue = on(5)
      const [card] = await issue.ask('color')
      const replies = issue.replies().length
      await issue.say('/dismiss not now')
      await eventually(async () => expect((await issue.chat()).chat.state).toBe('idle'))
      expect(card.edits).toEqual(['**Color**\nWhich color should the shed be?\n\n✖️ Dismissed by @ada: not now'])
      expect(issue.replies()).toHaveLength(replies)
      expect((await issue.chat()).messages.at(-1)?.settlements).toMatchObject([{ outcome: 'dismissed', reason: 'not now' }])
    })

    it('several questions are one comment each, answered in one /answer comment a line each; each comment is edited to its own answer', async () => {
      const issue = on(6)
      const comments = await issue.ask('plan')
      await eventually(() => expect(questionComments(github).filter((comment) => comment.number === 6)).toHaveLength(3))
      const [color, extras, when] = questionComments(github).filter((comment) => comment.number === 6)
      expect(comments[0]).toBe(color)
      expect(color.posted).toBe('**Question 1 of 3: Color**\nWhich color?\n\n1. Red\n2. Blue\n\n_Answer all 3 questions in one `/answer` comment; question 3 says how._')
      expect(extras.posted).toContain('**Question 2 of 3: Extras**\nWhat should it have?\n\n_Choose any._\n\n1. Window\n2. Shelves\n3. Lock')
      expect(when.posted).toBe(
        [
          '**Question 3 of 3: When**',
          'When should it be built?',
          '',
          '1. This month',
          '2. Next year',
          '',
          'Answer all 3 questions in one comment: `/answer`, then a line per question with its number and your answer, such as',
          '',
          '```',
          '/answer',
          '1: 1',
          '2: 1, 3',
          '3: 1',
          '```',
          '',
          'Choose options by number or by their label as written, several separated by commas where a question takes several, or write your own words where a question allows them (quotes optional). `/dismiss` declines all 3 questions.'
        ].join('\n')
      )

      await issue.say('/answer 1: 2')
      await eventually(() => expect(issue.notices()).toEqual(["@ada 'Extras' has no answer; add a line such as “2: 1”."]))
      await issue.say('/answer\n1: blue\nExtras: 1, 2\n3: next year', BOB)
      await eventually(() => expect(issue.replies().at(-1)).toBe('Noted: {"answers":[{"header":"Color","selected":["Blue"]},{"header":"Extras","selected":["Window","Shelves"]},{"header":"When","selected":["Next year"]}]}'))
      expect(color.edits).toEqual(['**Question 1 of 3: Color**\nWhich color?\n\n✅ Blue\nAnswered by @bob'])
      expect(extras.edits).toEqual(['**Question 2 of 3: Extras**\nWhat should it have?\n\n✅ Window, Shelves\nAnswered by @bob'])
      expect(when.edits).toEqual(['**Question 3 of 3: When**\nWhen should it be built?\n\n✅ Next year\nAnswered by @bob'])
    })

    it('a late command is told who answered, and a command where no question was ever asked is an ordinary message', async () => {
      const issue = on(7)
      await issue.say(`@${BOT.login} hello`)
      await eventually(() => expect(issue.replies()).toEqual(['You said: hello']))
      await issue.say('/answer 2')
      await eventually(() => expect(issue.replies()).toEqual(['You said: hello', 'You said: /answer 2']))

      const [card] = await issue.ask('color')
      await issue.say('/answer 1')
      await eventually(() => expect(card.edits).toHaveLength(1))
      await issue.say('/answer 3', BOB)
      await issue.say('/dismiss', BOB)
      await eventually(() => expect(issue.notices()).toEqual(['@bob This question was already answered by @ada.', '@bob This question was already answered by @ada.']))
      expect(card.edits).toHaveLength(1)
    })
  })

  describe('a question in a pull request', () => {
    it('is asked and answered in its conversation as in an issue', async () => {
      await kit.comment(ADA, `@${BOT.login} ask size`, { number: 40, pullRequest: true })
      const card = await eventually(() => {
        const [drawn] = questionComments(github).filter((comment) => comment.number === 40)
        expect(drawn).toBeDefined()
        return drawn
      })
      expect(card.kind).toBe('issue')
      await kit.comment(BOB, '/answer 1', { number: 40, pullRequest: true })
      await eventually(() => expect(card.edits).toEqual(['**Size**\nHow big?\n\n✅ Small\nAnswered by @bob']))
    })

    it('is asked and answered in a review thread on a line of its diff, through the review comment replies', async () => {
      const root = await kit.comment(ADA, `@${BOT.login} ask color`, { number: 41, review: {} })
      const card = await eventually(() => {
        const [drawn] = questionComments(github).filter((comment) => comment.number === 41)
        expect(drawn).toMatchObject({ kind: 'review', inReplyTo: root.comment.id })
        return drawn
      })
      await kit.comment(BOB, '/answer red', { number: 41, review: { inReplyTo: root.comment.id } })
      await eventually(() => expect(card.edits).toEqual(['**Color**\nWhich color should the shed be?\n\n✅ Red\nAnswered by @bob']))
      expect(github.calls.filter((call) => /\/pulls\/41\/comments\/\d+\/replies$/.test(call.path)).map((call) => call.status)).toEqual([201, 201, 201])
    })
  })
})
