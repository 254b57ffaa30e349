import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { cliEnv, frogbotLines, startServe, stopAllServes, tempFolders } from '../../../packages/frogbot/test/helpers/spawn-serve.ts'
import { blockActions, messageEvent, SIGNING_SECRET, signed } from '../../../packages/pieces/slack/test/slack-requests.ts'
import { BOT_USER_ID, slackStandIn } from '../../../packages/pieces/slack/test/slack-stand-in.ts'

// `npm start` of the planner example with Slack's credentials set: `frogbot serve` in its own
// process serves the Slack webhook, and the offline demo model's question is answered in Slack.

const folders = tempFolders()
afterEach(stopAllServes)
afterAll(folders.removeAll)

const DEMO = { id: 'UDEMO', name: 'demo', email: 'demo@frogbot.local' }
const ROOT = '1800000000.000100'

describe('frogbot serve with the Slack piece', () => {
  it('serves /api/webhooks/slack: a mention gets the demo question in the thread, a click answers it, and the reply continues', async () => {
    const slack = await slackStandIn({ users: [DEMO] })
    try {
      const serve = await startServe({
        cwd: folders.folder(),
        env: cliEnv({ FROGBOT_TOKEN: 'serve-slack-token-0123456789', SLACK_BOT_TOKEN: 'xoxb-serve', SLACK_SIGNING_SECRET: SIGNING_SECRET, SLACK_API_URL: slack.url })
      })
      expect(frogbotLines(serve.stdout())).toContain('frogbot: channel slack: Slack for agent planner, webhook /api/webhooks/slack')
      const post = (request: { body: string; headers: Record<string, string> }) => fetch(`${serve.base}/api/webhooks/slack`, { method: 'POST', ...request })

      const mention = messageEvent({ user: DEMO.id, text: `<@${BOT_USER_ID}> Plan a team offsite: should it be in the city or in the mountains?`, ts: ROOT })
      expect((await post(signed(mention, { contentType: 'application/json' }))).status).toBe(200)
      const card = await vi.waitFor(() => {
        const [posted] = slack.cards()
        expect(posted).toBeDefined()
        return posted
      }, { timeout: 10_000 })
      const [first] = card.blocks.find((block) => block.block_id === 'frogbot_q0').elements

      const click = blockActions({ user: DEMO, action: { action_id: first.action_id, value: first.value }, messageTs: card.ts, threadTs: ROOT })
      expect((await post(signed(click, { contentType: 'application/x-www-form-urlencoded' }))).status).toBe(200)
      await vi.waitFor(() => expect(slack.updatesOf(card.ts)).toEqual([expect.objectContaining({ text: expect.stringContaining(`Answered by <@${DEMO.id}>`) })]), { timeout: 10_000 })
      await vi.waitFor(() => expect(slack.replies().at(-1)?.text).toContain(first.text.text), { timeout: 10_000 })
      expect(slack.replies().every((reply) => reply.threadTs === ROOT)).toBe(true)
      expect((await serve.stop()).code).toBe(0)
      expect(serve.stderr()).toBe('')
    } finally {
      await slack.close()
    }
  })
})
