import { REDRAW_EVERY_MS } from 'frogbot/channels'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually, githubKit, type GithubKit } from './github-kit.ts'
import { promptedModel } from 'frogbot/testing'
import { ADA, BOB, BOT, questionComments, replyComments, standIn } from './github-people.ts'
import type { GithubStandIn } from './github-stand-in.ts'

// GitHub refusing a comment loses nothing (docs/pieces/github.md): a question drawn in part is taken
// back and drawn whole by a later rescan, once; a comment whose edit failed is edited by the next
// rescan.

let github: GithubStandIn
let kit: GithubKit
const clock = { skew: 0 }

beforeAll(async () => {
  github = await standIn()
  kit = await githubKit({ model: promptedModel(), github, options: { now: () => Date.now() + clock.skew } })
})
afterAll(async () => {
  await kit?.close()
  await github?.close()
})

const onIssue = (number: number) => questionComments(github).filter((comment) => comment.number === number)
const aMinuteLater = () => (clock.skew += REDRAW_EVERY_MS + 1000)

describe('when GitHub refuses a comment', () => {
  it('a call drawn in part is taken back, the thread told, and the next rescan draws it whole, once', async () => {
    let posted = 0
    github.failNext((call) => call.method === 'POST' && /\/issues\/1\/comments$/.test(call.path) && String(call.body?.body).includes('Question') && ++posted === 2, 502)
    await kit.comment(ADA, `@${BOT.login} ask plan`, { number: 1 })
    await eventually(() => expect(replyComments(github).filter((comment) => comment.number === 1).map((comment) => comment.posted).at(-1)).toMatch(/^I could not show my question here/))
    expect(kit.takeLogs(/could not draw call/)).toEqual([expect.stringContaining('Server Error')])
    expect(github.botComments().filter((comment) => comment.number === 1 && comment.posted.startsWith('**Question')).map((comment) => comment.deleted)).toEqual([true])
    expect(onIssue(1)).toEqual([])

    aMinuteLater()
    await kit.comment(BOB, `@${BOT.login} hello`, { number: 2 })
    await eventually(() => expect(onIssue(1)).toHaveLength(3))
    await kit.comment(ADA, '/answer\n1: 1\n2: 3\n3: 2', { number: 1 })
    await eventually(() => expect(onIssue(1).map((comment) => comment.edits.length)).toEqual([1, 1, 1]))
    expect(onIssue(1)).toHaveLength(3)
  })

  it('a question comment whose edit failed is edited by the next rescan', async () => {
    await kit.comment(ADA, `@${BOT.login} ask color`, { number: 3 })
    const [card] = await eventually(() => {
      const drawn = onIssue(3)
      expect(drawn).toHaveLength(1)
      return drawn
    })
    github.failNext((call) => call.method === 'PATCH' && call.path.endsWith(`/issues/comments/${card.id}`), 502)
    await kit.comment(ADA, '/answer red', { number: 3 })
    await eventually(() => expect(kit.takeLogs(/could not replace the card/)).toHaveLength(1))
    expect(card.edits).toEqual([])

    aMinuteLater()
    await kit.comment(BOB, `@${BOT.login} hello again`, { number: 4 })
    await eventually(() => expect(card.edits).toEqual(['**Color**\nWhich color should the shed be?\n\n✅ Red\nAnswered by @ada']))
  })
})
