import type { Caller } from 'frogbot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { botCommentDelivery, commented } from './github-deliveries.ts'
import { ACCEPTED_IDS, eventually, githubKit, type GithubKit } from './github-kit.ts'
import { promptedModel } from 'frogbot/testing'
import { ADA, BOB, BOT, EVE, noticeComments, questionComments, replyComments, standIn } from './github-people.ts'
import type { GithubStandIn } from './github-stand-in.ts'

// Who can answer (docs/pieces/github.md): GitHub commenters have no FrogBot user, so the agent's
// `access` decides on `req.channel.userId`, their numeric GitHub user id. On a public repository
// anyone can comment: a refused command gets a reply and changes nothing.

let github: GithubStandIn
let kit: GithubKit
const seen: NonNullable<Caller['channel']>[] = []

beforeAll(async () => {
  github = await standIn()
  const access = ({ req }: { req: Caller }) => {
    if (req.channel) seen.push(req.channel)
    return req.channel ? ACCEPTED_IDS.includes(req.channel.userId) : req.user !== null
  }
  kit = await githubKit({ model: promptedModel(), github, agent: { access } })
})
afterAll(async () => {
  await kit?.close()
  await github?.close()
})

const notices = (number: number) => noticeComments(github).filter((notice) => notice.comment.number === number).map(({ to, text }) => `@${to} ${text}`)
const REFUSED_ANSWER = '@eve You may not answer this question: this agent does not accept you.'

describe('who can answer in GitHub', () => {
  it('access sees the commenter by their numeric GitHub id, login and association with the repository; the settlement records them', async () => {
    await kit.comment(BOB, `@${BOT.login} ask color`, { number: 1 })
    expect(seen.at(-1)).toEqual({ piece: 'github', instance: 'github', userId: String(BOB.id), name: 'bob', login: 'bob', association: 'collaborator' })
    await kit.comment(ADA, '/answer blue', { number: 1 })
    await eventually(async () => expect((await kit.chat()).messages.at(-1)?.settlements).toMatchObject([{ outcome: 'answered', by: { channel: { piece: 'github', userId: String(ADA.id), name: 'ada' } } }]))
  })

  it('on a public repository anyone can comment: a refused command gets a reply naming them, changes nothing, and the question stays open', async () => {
    await kit.comment(ADA, `@${BOT.login} ask color`, { number: 2 })
    const [card] = questionComments(github).filter((comment) => comment.number === 2)
    const modelCalls = (await kit.chats()).length
    await kit.comment(EVE, '/answer 1', { number: 2 })
    await kit.comment(EVE, '/dismiss', { number: 2 })
    await kit.comment(EVE, 'please pick red', { number: 2 })
    // Her ordinary comments are told once in a while, her commands every time.
    await kit.comment(EVE, 'red is best', { number: 2 })
    await kit.comment(EVE, '/answer red', { number: 2 })
    await eventually(() => expect(notices(2)).toEqual([REFUSED_ANSWER, REFUSED_ANSWER, '@eve You may not talk to this agent here: it does not accept you.', REFUSED_ANSWER]))
    expect(card.edits).toEqual([])
    const read = (await kit.chats()).find((chat) => chat.chat.channel?.thread === 'github:acme/shed:issue:2')!
    expect(read.chat.state).toBe('awaiting')
    expect(read.queued).toEqual([])
    expect((await kit.chats()).length).toBe(modelCalls)
    expect(kit.takeLogs(/refused eve/)).toEqual([
      `frogbot: github github: refused eve (${EVE.id}): the agent's access does not accept them; GitHub commenters have no FrogBot user: write the agent's access on req.channel.userId (their numeric GitHub user id, docs/pieces/github.md)`
    ])
  })

  it('a refused mention starts nothing, and the thread is not followed: later comments there are not read', async () => {
    const before = (await kit.chats()).length
    await kit.comment(EVE, `@${BOT.login} ask color`, { number: 3 })
    await kit.comment(ADA, 'ask color', { number: 3 })
    await eventually(() => expect(notices(3)).toEqual(['@eve You may not talk to this agent here: it does not accept you.']))
    expect((await kit.chats()).length).toBe(before)
    expect(replyComments(github).filter((comment) => comment.number === 3)).toEqual([])
  })

  it('the bot never answers itself: its own comments and other bots’ are not messages; someone else with its login is someone else', async () => {
    await kit.comment(ADA, `@${BOT.login} hello there`, { number: 4 })
    const [reply] = replyComments(github).filter((comment) => comment.number === 4)
    const read = async () => (await kit.chats()).find((chat) => chat.chat.channel?.thread === 'github:acme/shed:issue:4')!
    const messages = (await read()).messages.length
    expect((await kit.deliver(botCommentDelivery(github, reply))).status).toBe(200)
    const dependabot = commented(github, { user: { id: 49699333, login: 'dependabot[bot]', type: 'Bot' }, association: 'NONE', number: 4, body: `@${BOT.login} bump` })
    expect((await kit.deliver(dependabot.delivery)).status).toBe(200)
    expect((await read()).messages).toHaveLength(messages)
    expect(replyComments(github).filter((comment) => comment.number === 4)).toHaveLength(1)
    // The bot's id is known (GET /user at start-up), so a comment by another id is a person's, whatever its login.
    const impostor = commented(github, { user: { ...BOT, id: 424242 }, association: 'NONE', number: 4, body: 'again' })
    expect((await kit.deliver(impostor.delivery)).status).toBe(200)
    await eventually(() => expect(notices(4)).toEqual([`@${BOT.login} You may not talk to this agent here: it does not accept you.`]))
    expect(kit.takeLogs(/refused frogbot-bot \(424242\)/)).toHaveLength(1)
  })
})

describe('the default access', () => {
  it('refuses everyone, since GitHub commenters have no FrogBot user, and the log says how to let them in', async () => {
    const own = await githubKit({ model: promptedModel(), github, options: { instance: 'github-default' }, agent: { access: undefined } })
    try {
      const { delivery } = commented(github, { user: ADA, association: 'OWNER', number: 5, body: `@${BOT.login} hello` })
      expect((await own.deliver(delivery)).status).toBe(200)
      await eventually(() => expect(notices(5)).toEqual(['@ada You may not talk to this agent here: it does not accept you.']))
      expect(own.takeLogs(/refused ada/)).toHaveLength(1)
      expect(await own.chats()).toEqual([])
    } finally {
      await own.close()
    }
  })
})
