import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { cliEnv, frogbotLines, startServe, stopAllServes, tempFolders } from '../../../packages/frogbot/test/helpers/spawn-serve.ts'
import { commented, WEBHOOK_SECRET } from '../../../packages/pieces/github/test/github-deliveries.ts'
import { githubStandIn } from '../../../packages/pieces/github/test/github-stand-in.ts'

// `npm start` of the planner example with the GitHub webhook's secret set: `frogbot serve` in its
// own process serves the GitHub webhook, the offline demo model's question is answered with
// `/answer` by a collaborator, a commenter listed in GITHUB_ALLOWED_USER_IDS talks to it, and a
// commenter neither listed nor the repository's owner, member or collaborator is refused.

const folders = tempFolders()
afterEach(stopAllServes)
afterAll(folders.removeAll)

const BOT = { id: 9001, login: 'frogbot-bot', type: 'User' as const }
const ADA = { id: 101, login: 'ada', type: 'User' as const }
const BOB = { id: 102, login: 'bob', type: 'User' as const }
const EVE = { id: 103, login: 'eve', type: 'User' as const }
const ASSOCIATION = new Map([[ADA, 'NONE'], [BOB, 'COLLABORATOR'], [EVE, 'CONTRIBUTOR']])

describe('frogbot serve with the GitHub piece', () => {
  it('serves /api/webhooks/github: a listed commenter mentioning the bot gets the demo question as a comment, a collaborator answers it with /answer, the reply continues, and a contributor not listed is told so', async () => {
    const github = await githubStandIn({ bot: BOT, people: [ADA, BOB, EVE], token: 'ghp_serve' })
    try {
      const env = { FROGBOT_TOKEN: 'serve-github-token-0123456789', GITHUB_TOKEN: 'ghp_serve', GITHUB_WEBHOOK_SECRET: WEBHOOK_SECRET, GITHUB_BOT_USERNAME: BOT.login, GITHUB_API_URL: github.url, GITHUB_ALLOWED_USER_IDS: `${ADA.id}, 7` }
      const serve = await startServe({ cwd: folders.folder(), env: cliEnv(env) })
      expect(frogbotLines(serve.stdout())).toContain('frogbot: channel github: GitHub for agent planner as @frogbot-bot, webhook /api/webhooks/github')
      const post = (request: { body: string; headers: Record<string, string> }) => fetch(`${serve.base}/api/webhooks/github`, { method: 'POST', ...request })
      const say = (user: typeof ADA, body: string) => post(commented(github, { user, association: ASSOCIATION.get(user)!, number: 1, body }).delivery)

      expect((await say(ADA, '@frogbot-bot Plan a team offsite: should it be in the city or in the mountains?')).status).toBe(200)
      const card = await vi.waitFor(() => {
        const posted = github.botComments().find((comment) => comment.posted.includes('`/answer'))
        expect(posted).toBeDefined()
        return posted!
      }, { timeout: 10_000 })
      expect(card.posted).toMatch(/^\*\*Place\*\*\nShould it be in the city or in the mountains\?\n\n1\. City/)

      expect((await say(EVE, '/answer 1')).status).toBe(200)
      await vi.waitFor(() => expect(github.botComments().at(-1)?.posted).toBe('@eve You may not answer this question: this agent does not accept you.'), { timeout: 10_000 })
      expect((await say(BOB, '/answer 2')).status).toBe(200)
      await vi.waitFor(() => expect(card.edits).toEqual([expect.stringMatching(/✅ Mountains\nAnswered by @bob$/)]), { timeout: 10_000 })
      await vi.waitFor(() => expect(github.botComments().at(-1)?.posted).toContain('Mountains'), { timeout: 10_000 })
      expect((await serve.stop()).code).toBe(0)
      expect(serve.stderr().trim().split('\n')).toEqual([expect.stringMatching(/^frogbot: github github: refused eve \(103\): the agent's access does not accept them; /)])
    } finally {
      await github.close()
    }
  })
})
