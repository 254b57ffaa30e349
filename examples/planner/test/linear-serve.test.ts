import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { cliEnv, frogbotLines, startServe, stopAllServes, tempFolders } from '../../../packages/frogbot/test/helpers/spawn-serve.ts'
import { prompted, sessionCreated, WEBHOOK_SECRET } from '../../../packages/pieces/linear/test/linear-deliveries.ts'
import { linearStandIn } from '../../../packages/pieces/linear/test/linear-stand-in.ts'

// `npm start` of the planner example with the Linear webhook's secret set: `frogbot serve` in its
// own process serves the Linear webhook, the offline demo model's question is an elicitation in
// the agent session, answered with Linear's select signal by the demo user (by email), and a
// teammate without a FrogBot user is told they cannot answer.

const folders = tempFolders()
afterEach(stopAllServes)
afterAll(folders.removeAll)

const APP = { id: 'app-user-frogbot', name: 'FrogBot', email: 'frogbot@apps.linear.example', username: 'frogbot' }
const DEMO = { id: 'user-demo', name: 'Demo', email: 'demo@frogbot.local', username: 'demo' }
const EVE = { id: 'user-eve', name: 'Eve Mallory', email: 'eve@elsewhere.example', username: 'eve' }

describe('frogbot serve with the Linear piece', () => {
  it('serves /api/webhooks/linear: a session gets the demo question as an elicitation with the select signal, a pick answers it, the reply continues, and a teammate without a FrogBot user is told so', async () => {
    const linear = await linearStandIn({ app: APP, credential: 'Bearer lin_oauth_serve' })
    try {
      const env = { FROGBOT_TOKEN: 'serve-linear-token-0123456789', LINEAR_ACCESS_TOKEN: 'lin_oauth_serve', LINEAR_WEBHOOK_SECRET: WEBHOOK_SECRET, LINEAR_API_URL: linear.url }
      const serve = await startServe({ cwd: folders.folder(), env: cliEnv(env) })
      expect(frogbotLines(serve.stdout())).toContain('frogbot: channel linear: Linear agent sessions for agent planner, webhook /api/webhooks/linear')
      const post = (request: { body: string; headers: Record<string, string> }) => fetch(`${serve.base}/api/webhooks/linear`, { method: 'POST', ...request })

      const { session, delivery } = sessionCreated(linear, { issueId: 'issue-1', creator: DEMO, body: '@FrogBot Plan a team offsite: should it be in the city or in the mountains?' })
      expect((await post(delivery)).status).toBe(200)
      const card = await vi.waitFor(() => {
        const posted = linear.activities.find((activity) => activity.type === 'elicitation')
        expect(posted).toBeDefined()
        return posted!
      }, { timeout: 10_000 })
      expect(linear.activities[0]).toMatchObject({ type: 'thought', sessionId: session.id })
      expect(card.body).toMatch(/^Place: Should it be in the city or in the mountains\?\n1\. City/)
      expect(card).toMatchObject({ signal: 'select', signalMetadata: { options: [{ label: 'City', value: 'City' }, { label: 'Mountains', value: 'Mountains' }] } })
      expect(linear.session(session.id)?.state).toBe('awaitingInput')

      expect((await post(prompted(linear, { session, by: EVE, body: 'City' }))).status).toBe(200)
      await vi.waitFor(() => expect(linear.activities.at(-1)?.body).toMatch(/^Eve Mallory: You may not answer this question: this agent does not accept you\./), { timeout: 10_000 })
      expect((await post(prompted(linear, { session, by: DEMO, body: 'Mountains' }))).status).toBe(200)
      await vi.waitFor(() => expect(linear.activities.some((activity) => /✅ Mountains\nAnswered by Demo$/.test(activity.body))).toBe(true), { timeout: 10_000 })
      await vi.waitFor(() => expect(linear.activities.at(-1)).toMatchObject({ type: 'response', body: expect.stringContaining('Mountains') }), { timeout: 10_000 })
      expect((await serve.stop()).code).toBe(0)
      expect(serve.stderr().trim().split('\n')).toEqual([expect.stringMatching(/^frogbot: linear linear: refused Eve Mallory \(user-eve\): no FrogBot user has the email eve@elsewhere\.example; /)])
    } finally {
      await linear.close()
    }
  })
})
