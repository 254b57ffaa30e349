import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, vi } from 'vitest'
import { commented, resigned, WEBHOOK_SECRET } from '../../packages/pieces/github/test/github-deliveries.ts'
import { githubStandIn } from '../../packages/pieces/github/test/github-stand-in.ts'
import { startUntil, type Started } from './outside-repo.ts'

const BOT = { id: 9001, login: 'frogbot-bot', type: 'User' as const }
const ADA = { id: 101, login: 'ada', type: 'User' as const }
const EVE = { id: 103, login: 'eve', type: 'User' as const }
const WAIT = { timeout: 15_000, interval: 50 }

/**
 * An issue thread end to end against the installed packages (README "GitHub"): `npx frogbot
 * serve` of a config with `createGithub()` and an `access` on GitHub user ids, in `app` on a
 * database of its own, against a stand-in of GitHub's REST API, the offline demo model asking
 * three questions: a forged delivery and a repeated one (under its own and another delivery id)
 * are refused; a mention gets one comment per question; a commenter the agent refuses is told and
 * nothing changes; one `/answer` comment with typed words and several picks edits each question's
 * comment to its answer and "Answered by @ada"; the reply continues, and a later comment goes on
 * in the same conversation.
 */
export async function githubJourney({ app, env, running }: { app: string; env: NodeJS.ProcessEnv; running: Started[] }) {
  const github = await githubStandIn({ bot: BOT, people: [ADA, EVE], token: 'ghp_packed' })
  try {
    writeFileSync(
      join(app, 'github.config.ts'),
      [
        "import { createGithub } from '@frogbotai/piece-github'",
        "import { buildConfig, sqliteAdapter } from 'frogbot'",
        "import { question } from 'frogbot/tools'",
        '',
        'export default buildConfig({',
        "  db: sqliteAdapter({ filename: './github.db' }),",
        "  agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [createGithub()], access: ({ req }) => req.channel?.userId === '101' }]",
        '})',
        ''
      ].join('\n')
    )
    const githubEnv = { ...env, GITHUB_TOKEN: 'ghp_packed', GITHUB_WEBHOOK_SECRET: WEBHOOK_SECRET, GITHUB_BOT_USERNAME: BOT.login, GITHUB_API_URL: github.url }
    const serve = await startUntil('npx', ['frogbot', 'serve', '--port', '0', '--host', '127.0.0.1', '--config', 'github.config.ts'], { cwd: app, env: githubEnv, ready: /listening on http:\/\/localhost:(\d+)/, timeoutMs: 60_000 })
    running.push(serve)
    expect(serve.output()).toContain('frogbot: channel github: GitHub for agent planner as @frogbot-bot, webhook /api/webhooks/github')
    const post = async (request: { body: string; headers: Record<string, string> }) => (await fetch(`http://127.0.0.1:${serve.match[1]}/api/webhooks/github`, { method: 'POST', ...request })).status
    const say = (user: typeof ADA, body: string) => commented(github, { user, association: user === ADA ? 'OWNER' : 'NONE', number: 7, body }).delivery
    const last = () => github.botComments().at(-1)?.posted

    const mention = say(ADA, '@frogbot-bot Ask me a few questions about a team offsite')
    expect(await post(resigned(mention, 'not-the-webhook-secret'))).toBe(401)
    expect(await post(mention)).toBe(200)
    const questions = await vi.waitFor(() => {
      const drawn = github.botComments().filter((comment) => comment.posted.includes('`/answer'))
      expect(drawn).toHaveLength(3)
      return drawn
    }, WAIT)
    expect(questions.map((comment) => comment.posted.split('\n')[0])).toEqual(['**Question 1 of 3: Approach**', '**Question 2 of 3: When**', '**Question 3 of 3: Include**'])
    const calls = github.calls.length
    expect(await post(mention)).toBe(401)
    expect(await post({ ...mention, headers: { ...mention.headers, 'x-github-delivery': randomUUID() } })).toBe(401)
    expect(github.calls.length).toBe(calls)

    expect(await post(say(EVE, '/answer\n1: 1\n2: 1\n3: 1'))).toBe(200)
    await vi.waitFor(() => expect(last()).toBe('@eve You may not answer this question: this agent does not accept you.'), WAIT)
    expect(questions.map((comment) => comment.edits)).toEqual([[], [], []])

    expect(await post(say(ADA, '/answer\n1: “a weekend in the woods”\n2: next quarter\n3: 1, 2'))).toBe(200)
    await vi.waitFor(() => expect(questions.map((comment) => comment.edits.length)).toEqual([1, 1, 1]), WAIT)
    expect(questions.map((comment) => comment.edits[0].split('\n').slice(-2).join(' | '))).toEqual([
      '✅ “a weekend in the woods” | Answered by @ada',
      '✅ Next quarter | Answered by @ada',
      '✅ A budget, A timeline | Answered by @ada'
    ])
    await vi.waitFor(() => expect(last()).toMatch(/a weekend in the woods[\s\S]*Next quarter[\s\S]*A budget/), WAIT)

    const replies = github.botComments().length
    expect(await post(say(ADA, 'Thanks! Now a shorter version, please.'))).toBe(200)
    await vi.waitFor(() => expect(github.botComments().length).toBeGreaterThan(replies), WAIT)
    await serve.stop()
  } finally {
    await github.close()
  }
}
