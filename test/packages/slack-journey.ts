import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, vi } from 'vitest'
import { blockActions, messageEvent, SIGNING_SECRET, signed, viewSubmission } from '../../packages/pieces/slack/test/slack-requests.ts'
import { BOT_USER_ID, slackStandIn } from '../../packages/pieces/slack/test/slack-stand-in.ts'
import { run, startUntil, type Started } from './outside-repo.ts'

const ADA = { id: 'UADA', name: 'ada', email: 'ada@example.com' }
const EVE = { id: 'UEVE', name: 'eve', email: 'eve@elsewhere.example' }
const PROMPT = 'Plan a team offsite: should it be in the city or in the mountains?'
const FORM = 'application/x-www-form-urlencoded'
const WAIT = { timeout: 15_000, interval: 50 }

/**
 * A Slack thread end to end against the installed packages (README "Slack"): `npx frogbot serve`
 * of a config with `createSlack()`, in `app` on a database of its own (the other journeys there
 * create the same users), against a stand-in of Slack's Web API, the offline demo model asking: a
 * mention is answered in the thread with the question's card; a participant the agent refuses is
 * told privately and the question stays open; "Type your answer" opens the modal, whose answer
 * replaces the card with "Answered by" and the reply continues; another question is dismissed
 * ("Dismissed by"); a card drawn before a restart is answered after it; "Send the invoice to ACME"
 * waits for approval, and the card's Approve runs the tool, "Approved by", and the reply goes on.
 */
export async function slackJourney({ app, env, running }: { app: string; env: NodeJS.ProcessEnv; running: Started[] }) {
  const slack = await slackStandIn({ users: [ADA, EVE] })
  try {
    writeFileSync(
      join(app, 'slack.config.ts'),
      [
        "import { createSlack } from '@frogbotai/piece-slack'",
        "import { buildConfig, sqliteAdapter } from 'frogbot'",
        "import { question } from 'frogbot/tools'",
        "import { z } from 'zod'",
        '',
        '// The README\'s approval (docs/agents/approvals.md): the demo model calls it for "Send the invoice to ACME".',
        "const sendInvoice = { slug: 'send_invoice', description: 'Send an invoice to a customer.', inputSchema: z.object({ customer: z.string().min(1), amount: z.number().positive().default(1200) }), needsApproval: true, execute: async (input: { customer: string; amount: number }) => ({ sent: true, ...input }) }",
        '',
        "export default buildConfig({ db: sqliteAdapter({ filename: './slack.db' }), agents: [{ slug: 'planner', model: 'fast', tools: [question, sendInvoice], channels: [createSlack()] }] })",
        ''
      ].join('\n')
    )
    const slackEnv = { ...env, SLACK_BOT_TOKEN: 'xoxb-packed', SLACK_SIGNING_SECRET: SIGNING_SECRET, SLACK_API_URL: slack.url, FROGBOT_PASSWORD: 'packed-password-1' }
    await run('npx', ['frogbot', 'users', 'create', '--email', ADA.email, '--config', 'slack.config.ts'], { cwd: app, env: slackEnv, timeoutMs: 60_000 })
    const serve = async () => {
      const started = await startUntil('npx', ['frogbot', 'serve', '--port', '0', '--host', '127.0.0.1', '--config', 'slack.config.ts'], { cwd: app, env: slackEnv, ready: /listening on http:\/\/localhost:(\d+)/, timeoutMs: 60_000 })
      running.push(started)
      expect(started.output()).toContain('frogbot: channel slack: Slack for agent planner, webhook /api/webhooks/slack')
      const post = async (request: { body: string; headers: Record<string, string> }) => (await fetch(`http://127.0.0.1:${started.match[1]}/api/webhooks/slack`, { method: 'POST', ...request })).status
      return { started, post }
    }
    const cardIn = async (root: string) =>
      vi.waitFor(() => {
        const card = slack.callsTo('chat.postMessage').find((call) => call.result.ok && call.args.blocks && call.args.thread_ts === root)
        expect(card).toBeDefined()
        return { ts: card!.result.ts as string, blocks: card!.args.blocks as any[] }
      }, WAIT)
    const option = (blocks: any[]) => blocks.find((block) => block.block_id === 'frogbot_q0').elements[0]
    const mention = (root: string) => signed(messageEvent({ user: ADA.id, text: `<@${BOT_USER_ID}> ${PROMPT}`, ts: root }), { contentType: 'application/json' })

    let server = await serve()
    const first = '1800000001.000100'
    expect(await server.post(mention(first))).toBe(200)
    const card = await cardIn(first)
    expect(await server.post(signed(blockActions({ user: EVE, action: { action_id: option(card.blocks).action_id, value: option(card.blocks).value }, messageTs: card.ts, threadTs: first }), { contentType: FORM }))).toBe(200)
    await vi.waitFor(() => expect(slack.ephemerals()).toContainEqual(expect.objectContaining({ user: EVE.id, text: expect.stringContaining('You may not answer this question') })), WAIT)
    expect(slack.updatesOf(card.ts)).toEqual([])

    expect(await server.post(signed(blockActions({ user: ADA, action: { action_id: 'frogbot_custom', value: 'custom' }, messageTs: card.ts, threadTs: first }), { contentType: FORM }))).toBe(200)
    const view = await vi.waitFor(() => {
      const [opened] = slack.callsTo('views.open')
      expect(opened?.result.ok).toBe(true)
      return opened.args.view
    }, WAIT)
    const typed = viewSubmission({ user: ADA, callbackId: 'frogbot_answer', privateMetadata: view.private_metadata, values: { frogbot_t0: { text: { type: 'plain_text_input', value: 'By the sea' } } } })
    expect(await server.post(signed(typed, { contentType: FORM }))).toBe(200)
    await vi.waitFor(() => expect(slack.updatesOf(card.ts)).toEqual([expect.objectContaining({ text: expect.stringContaining(`Answered by <@${ADA.id}>`) })]), WAIT)
    await vi.waitFor(() => expect(slack.replies().filter((reply) => reply.threadTs === first).at(-1)?.text).toContain('By the sea'), WAIT)

    const second = '1800000002.000100'
    expect(await server.post(mention(second))).toBe(200)
    const dismissed = await cardIn(second)
    expect(await server.post(signed(blockActions({ user: ADA, action: { action_id: 'frogbot_dismiss', value: 'dismiss' }, messageTs: dismissed.ts, threadTs: second }), { contentType: FORM }))).toBe(200)
    await vi.waitFor(() => expect(slack.updatesOf(dismissed.ts)).toEqual([expect.objectContaining({ text: expect.stringContaining(`Dismissed by <@${ADA.id}>`) })]), WAIT)

    const third = '1800000003.000100'
    expect(await server.post(mention(third))).toBe(200)
    const before = await cardIn(third)
    await server.started.stop()
    server = await serve()
    expect(await server.post(signed(blockActions({ user: ADA, action: { action_id: option(before.blocks).action_id, value: option(before.blocks).value }, messageTs: before.ts, threadTs: third }), { contentType: FORM }))).toBe(200)
    await vi.waitFor(() => expect(slack.updatesOf(before.ts)).toEqual([expect.objectContaining({ text: expect.stringContaining(`Answered by <@${ADA.id}>`) })]), WAIT)
    await vi.waitFor(() => expect(slack.replies().filter((reply) => reply.threadTs === third).at(-1)?.text).toContain(option(before.blocks).text.text), WAIT)

    // An approval: the card's Approve runs the tool once, the card says who approved, the reply goes on.
    const fourth = '1800000004.000100'
    expect(await server.post(signed(messageEvent({ user: ADA.id, text: `<@${BOT_USER_ID}> Send the invoice to ACME`, ts: fourth }), { contentType: 'application/json' }))).toBe(200)
    const approval = await cardIn(fourth)
    expect(JSON.stringify(approval.blocks)).toContain('send_invoice')
    const approve = { action_id: 'fbapproval_approve', value: 'fbapproval_approve' }
    expect(await server.post(signed(blockActions({ user: ADA, action: approve, messageTs: approval.ts, threadTs: fourth }), { contentType: FORM }))).toBe(200)
    await vi.waitFor(() => expect(slack.updatesOf(approval.ts)).toEqual([expect.objectContaining({ text: expect.stringContaining(`Approved by <@${ADA.id}>`) })]), WAIT)
    await vi.waitFor(() => expect(slack.replies().filter((reply) => reply.threadTs === fourth).at(-1)?.text).toContain('ACME'), WAIT)
    await server.started.stop()
  } finally {
    await slack.close()
  }
}
