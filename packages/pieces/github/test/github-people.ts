import type { GithubAccount, GithubStandIn } from './github-stand-in.ts'
import { githubStandIn } from './github-stand-in.ts'

/** The bot's account: a token's user, mentioned as `@frogbot-bot`. */
export const BOT: GithubAccount = { id: 9001, login: 'frogbot-bot', type: 'User' }

/** The tests' commenters: Ada owns the repository, Bob is a collaborator, Eve has no association with it. */
export const ADA: GithubAccount = { id: 101, login: 'ada', type: 'User' }
export const BOB: GithubAccount = { id: 102, login: 'bob', type: 'User' }
export const EVE: GithubAccount = { id: 103, login: 'eve', type: 'User' }

export const ASSOCIATION: Record<string, string> = { [ADA.id]: 'OWNER', [BOB.id]: 'COLLABORATOR', [EVE.id]: 'NONE' }

export const TOKEN = 'ghp_test_token'

/** A stand-in of GitHub's REST API for the repository `acme/shed`, with the bot's token and Ada, Bob and Eve. */
export const standIn = (): Promise<GithubStandIn> => githubStandIn({ bot: BOT, people: [ADA, BOB, EVE], token: TOKEN })

/** The comments the bot posted that carry a question (they tell how to `/answer`), oldest first. */
export const questionComments = (github: GithubStandIn) => github.botComments().filter((comment) => (comment.posted.includes('`/answer') || comment.posted.includes('`/approve`')) && !comment.deleted)

/** The bot's comments that tell one person something (`@login …`), oldest first. */
export const noticeComments = (github: GithubStandIn) =>
  github
    .botComments()
    .filter((comment) => /^@[A-Za-z0-9-]+ /.test(comment.posted))
    .map((comment) => ({ to: comment.posted.slice(1, comment.posted.indexOf(' ')), text: comment.posted.slice(comment.posted.indexOf(' ') + 1), comment }))

/** The bot's other comments: its replies, oldest first. */
export const replyComments = (github: GithubStandIn) => {
  const special = new Set([...questionComments(github), ...noticeComments(github).map((notice) => notice.comment)])
  return github.botComments().filter((comment) => !special.has(comment) && !comment.posted.startsWith('_(continued)_'))
}
