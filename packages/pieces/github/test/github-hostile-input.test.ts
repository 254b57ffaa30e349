import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually, githubKit, type GithubKit } from './github-kit.ts'
import { promptedModel } from 'frogbot/testing'
import { ADA, BOB, BOT, noticeComments, replyComments, standIn } from './github-people.ts'
import { COMMENT_MAX, type GithubStandIn, type StandInComment } from './github-stand-in.ts'

// What the model writes, and what people type, never pings anyone, links an issue or breaks a
// comment: Markdown is escaped, mentions and references neutralised, and a question longer than
// a comment is split across comments, never cut. The stand-in refuses a body over GitHub's
// 65,536 characters, as GitHub does.

let github: GithubStandIn
let kit: GithubKit
const asked: Record<string, unknown> = {}

beforeAll(async () => {
  github = await standIn()
  kit = await githubKit({ model: promptedModel({ asked }), github })
})
afterAll(async () => {
  await kit?.close()
  await github?.close()
})

/** What GitHub would turn into a notification or a link in a comment's text: `@login`, `#12`, `GH-12`, an address. */
const PINGS_OR_LINKS = /(?<![A-Za-z0-9_.+-])@[A-Za-z0-9]|#\d|\bGH-\d|https?:\/\/|www\./i

const botCommentsOn = (number: number) => github.botComments().filter((comment) => comment.number === number && !comment.deleted)
const ask = async (number: number, input: unknown) => {
  asked[`call${number}`] = input
  await kit.comment(ADA, `@${BOT.login} ask call${number}`, { number })
  return eventually(() => {
    const comments = botCommentsOn(number).filter((comment) => comment.posted !== 'Let me ask.')
    expect(comments.some((comment) => comment.posted.includes('`/dismiss`'))).toBe(true)
    return comments
  })
}
const textOf = (comments: StandInComment[]) => comments.map((comment) => comment.body).join('\n')

describe('the model’s words in a question', () => {
  it('are shown as written, escaped: no Markdown, HTML, mention, team mention, reference or link takes effect', async () => {
    const header = '@ada **now** #1'
    const hostile = {
      questions: [
        {
          header,
          question: '# Heads up @acme/core\n> see #42, acme/other#7 and GH-9\n<img src=x onerror=alert(1)> [click](https://evil.example) ![x](https://evil.example/p.png)\n    indented',
          options: [
            { label: '@bob', description: 'ping #3 `code` <b>bold</b>' },
            { label: '1. Not a list', description: 'www.example.com | table | $x^2$' },
            { label: 'Plain' }
          ]
        }
      ]
    }
    const [card] = await ask(1, hostile)
    const lines = card.posted.split('\n')
    expect(lines.slice(0, 8)).toEqual([
      '**@\u2060ada \\*\\*now\\*\\* #\u20601**',
      '\\# Heads up @\u2060acme/core',
      '\\> see #\u206042, acme/other#\u20607 and GH-\u20609',
      '\\<img src=x onerror=alert(1)\\> \\[click\\](https\u2060://evil.example) \\!\\[x\\](https\u2060://evil.example/p.png)',
      'indented',
      '',
      '1. @\u2060bob — ping #\u20603 \\`code\\` \\<b\\>bold\\</b\\>',
      '2. 1\\. Not a list — www\u2060.example.com \\| table \\| \\$x^2\\$'
    ])
    expect(card.posted).not.toMatch(PINGS_OR_LINKS)

    await kit.comment(BOB, '/answer @bob')
    await eventually(() => expect(card.edits).toHaveLength(1))
    expect(card.edits[0]).toContain('✅ @\u2060bob\nAnswered by @bob')
    expect(card.edits[0].replace('Answered by @bob', '')).not.toMatch(PINGS_OR_LINKS)
  })

  it('are split across comments with “(continued)” when longer than a comment holds, every option kept, and any of them can be answered', async () => {
    const options = Array.from({ length: 3000 }, (_, index) => ({ label: `Option ${index + 1} ${'x'.repeat(40)}`, description: `what choosing ${index + 1} means` }))
    const comments = await ask(2, { questions: [{ header: 'Many', question: `A long question: ${'why '.repeat(20_000)}?`, options, custom: false }] })
    expect(comments.length).toBeGreaterThan(3)
    for (const comment of comments) expect([...comment.posted].length).toBeLessThanOrEqual(COMMENT_MAX)
    for (const comment of comments.slice(1)) expect(comment.posted.startsWith('_(continued)_\n\n')).toBe(true)
    const all = comments.map((comment) => comment.posted).join('\n')
    expect(all).toContain(`A long question: ${'why '.repeat(19_999)}why ?`.slice(0, 100))
    for (const index of [1, 1500, 3000]) expect(all).toContain(`${index}. Option ${index} ${'x'.repeat(40)} — what choosing ${index} means`)
    expect(github.calls.filter((call) => call.status === 422)).toEqual([])

    await kit.comment(ADA, '/answer 2999', { number: 2 })
    await eventually(() => expect(comments.every((comment) => comment.edits.length === 1)).toBe(true))
    expect(textOf(comments)).toContain(`✅ Option 2999 ${'x'.repeat(40)}\nAnswered by @ada`)
    expect(comments.slice(1).map((comment) => comment.body)).toContain('_(This question is settled; see the comment above.)_')
  })

  it('a label longer than a comment is cut across comments too, and the agent still gets it whole', async () => {
    const label = `Huge ${'y'.repeat(100_000)}`
    const comments = await ask(3, { questions: [{ header: 'Huge', question: 'Which?', options: [{ label }, { label: 'Small' }] }] })
    expect(comments).toHaveLength(2)
    await kit.comment(ADA, '/answer 1', { number: 3 })
    await eventually(async () => {
      const read = (await kit.chats()).find((chat) => chat.chat.channel?.thread === 'github:acme/shed:issue:3')!
      expect(read.messages.at(-1)?.settlements).toHaveLength(1)
      expect(JSON.stringify(read.messages.at(-1)?.parts).includes(JSON.stringify([label]))).toBe(true)
    })
  })
})

describe('what people type, echoed back', () => {
  it('is escaped in the answered comment and in the reply that explains a broken rule', async () => {
    const [card] = await ask(4, { questions: [{ header: 'Name', question: 'What should we call it?', options: [{ label: 'Shed' }] }] })
    await kit.comment(ADA, '/answer “**@eve** see #5 <script>”', { number: 4 })
    await eventually(() => expect(card.edits).toHaveLength(1))
    expect(card.edits[0]).toContain('✅ “\\*\\*@\u2060eve\\*\\* see #\u20605 \\<script\\>”\nAnswered by @ada')

    const [strict] = await ask(5, { questions: [{ header: 'Size', question: 'How big?', options: [{ label: 'Small' }], custom: false }] })
    await kit.comment(ADA, '/answer @eve #5', { number: 5 })
    await eventually(() => expect(noticeComments(github).filter((notice) => notice.comment.number === 5).map((notice) => notice.text)).toEqual(["'Size' has no option “@\u2060eve #\u20605”; choose by number (1) or write an option as it is written."]))
    expect(strict.edits).toEqual([])
  })
})

describe('the model’s reply', () => {
  it('keeps its Markdown, but mentions and references in it ping and link nothing', async () => {
    await kit.comment(ADA, `@${BOT.login} tell @eve about #9 in \`@code\``, { number: 6 })
    await eventually(() => expect(replyComments(github).filter((comment) => comment.number === 6).map((comment) => comment.posted)).toEqual(['You said: tell @\u2060eve about #\u20609 in `@code`']))
  })

  it('a reply longer than a comment is posted in several, none cut', async () => {
    // A comment holds at most 65,536 characters; the reply repeats it after "You said: ".
    await kit.comment(ADA, `@${BOT.login} ${'long '.repeat(13_000)}`, { number: 7 })
    const replies = await eventually(() => {
      const posted = replyComments(github).filter((comment) => comment.number === 7)
      expect(posted.length).toBeGreaterThan(0)
      return botCommentsOn(7)
    })
    expect(replies.length).toBe(2)
    expect(replies.map((comment) => comment.posted.replace('_(continued)_\n\n', '')).join('')).toBe(`You said: ${'long '.repeat(13_000).trim()}`)
  })
})
