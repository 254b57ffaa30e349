import { Message } from 'chat'
import { describe, expect, it } from 'vitest'
import { GitHubAdapter } from '@chat-adapter/github'
import { githubBot } from './github-bot.ts'
import { commentText, githubMention, githubParticipant } from './github-participants.ts'
import type { GithubSettings } from './github-settings.ts'

const settings = { botUsername: 'frogbot-bot', auth: { token: 'ghp_x' } } as GithubSettings
/** What a comment says to the piece whose bot is `frogbot-bot`, with the id `botUserId` when known. */
const adapter = (botUserId?: number) =>
  commentText(githubBot(new GitHubAdapter({ token: 'ghp_x', webhookSecret: 's', userName: 'frogbot-bot', apiUrl: 'http://127.0.0.1:9' }), settings, { botUserId, log: () => {} }).isBot, 'frogbot-bot')

/** A comment as Chat SDK's GitHub adapter hands it on. */
const message = (user: { id: number; login: string; type?: string }, body: string, association = 'OWNER') =>
  new Message({
    id: '1',
    threadId: 'github:acme/shed:issue:1',
    text: body,
    formatted: { type: 'root', children: [] },
    raw: { type: 'issue_comment', comment: { id: 1, body, user, author_association: association }, repository: { owner: { login: 'acme' }, name: 'shed' }, prNumber: 1, threadType: 'issue' },
    author: { userId: String(user.id), userName: user.login, fullName: user.login, isBot: user.type === 'Bot', isMe: false },
    metadata: { dateSent: new Date(), edited: false },
    attachments: []
  })

describe('GitHub commenters', () => {
  it('are their numeric id, their login, and their association with the repository', () => {
    expect(githubParticipant(message({ id: 101, login: 'ada' }, 'hi'))).toEqual({ userId: '101', name: 'ada', login: 'ada', association: 'owner' })
    for (const [raw, association] of [['MEMBER', 'member'], ['COLLABORATOR', 'collaborator'], ['CONTRIBUTOR', 'contributor'], ['FIRST_TIME_CONTRIBUTOR', 'contributor'], ['FIRST_TIMER', 'none'], ['NONE', 'none'], ['MANNEQUIN', 'none'], ['', 'none']]) {
      expect(githubParticipant(message({ id: 7, login: 'x' }, 'hi', raw)).association).toBe(association)
    }
  })

  it('are mentioned by login, and named without a mention when no login is known', () => {
    expect(githubMention({ userId: '101', name: 'ada' })).toBe('@ada')
    expect(githubMention({ userId: '101' })).toBe('GitHub user 101')
    expect(githubMention({ userId: '101', name: 'Ada Lovelace' })).toBe('GitHub user 101')
  })

  it('say their comment’s Markdown without the bot’s mentions', () => {
    const text = adapter(9001)
    expect(text(message({ id: 101, login: 'ada' }, '@frogbot-bot please **paint** it, and ask @FROGBOT-BOT[bot] too; not @frogbot-botanist'))).toBe('please **paint** it, and ask  too; not @frogbot-botanist')
  })

  it('are never the bot itself: by its id once known, else by its login (or the app’s name[bot])', () => {
    const known = adapter(9001)
    expect(known(message({ id: 9001, login: 'renamed-bot' }, 'Which color?'))).toBe('')
    expect(known(message({ id: 5, login: 'frogbot-bot' }, 'hello'))).toBe('hello')
    const unknown = adapter()
    expect(unknown(message({ id: 9001, login: 'frogbot-bot' }, 'Which color?'))).toBe('')
    expect(unknown(message({ id: 9002, login: 'frogbot-bot[bot]', type: 'Bot' }, 'Which color?'))).toBe('')
    expect(unknown(message({ id: 101, login: 'ada' }, '@frogbot-bot hi'))).toBe('hi')
  })
})
