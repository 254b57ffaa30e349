import type { LanguageModel } from 'ai'
import { type AgentConfig, buildConfig, type DatabaseAdapter, sqliteAdapter } from 'frogbot'
import { createTestToken, createTestUser, serveFrogbot, tempDir } from 'frogbot/testing'
import { question } from 'frogbot/tools'
import { join } from 'node:path'
import { createSlack, type SlackOptions } from '../src/index.ts'
import { blockActions, messageEvent, SIGNING_SECRET, signed, viewSubmission } from './slack-requests.ts'
import { type SlackStandIn, slackStandIn } from './slack-stand-in.ts'

/** Slack users of the tests: Ada and Bob are FrogBot users (matched by email); Eve is not. */
export const ADA = { id: 'UADA', name: 'ada', email: 'ada@example.com' }
export const BOB = { id: 'UBOB', name: 'bob', email: 'bob@example.com' }
export const EVE = { id: 'UEVE', name: 'eve', email: 'eve@elsewhere.example' }

/** A Slack stand-in that knows {@link ADA}, {@link BOB} and {@link EVE}. */
export const standIn = () => slackStandIn({ users: [ADA, BOB, EVE] })

const FORM = 'application/x-www-form-urlencoded'

/**
 * A FrogBot served on 127.0.0.1 (`serveFrogbot`) with the `planner` agent (`question`) on a Slack
 * piece whose Web API is `slack` (a recording stand-in), on `db` (default: a SQLite file in a
 * temporary folder), with FrogBot's clock `now`. Ada and Bob are FrogBot users; Ada has an API
 * token. Requests to the webhook are signed with the piece's secret; each helper waits until the
 * piece has no work in flight. `logs` holds what FrogBot logged: `close()` fails on any line left
 * in it, so a test that expects one takes it out.
 */
export async function slackKit({ model, slack, db, agent = {}, options = {}, now }: { model: Exclude<LanguageModel, string>; slack: SlackStandIn; db?: DatabaseAdapter; agent?: Partial<AgentConfig>; options?: SlackOptions; now?: () => Date }) {
  const temp = db ? null : tempDir()
  const piece = createSlack({ botToken: 'xoxb-test-token', signingSecret: SIGNING_SECRET, apiUrl: slack.url, env: {}, ...options })
  const config = buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [piece], ...agent }], db: db ?? sqliteAdapter({ filename: join(temp!.dir, 'frogbot.db') }) })
  const served = await serveFrogbot({ config, model, options: now ? { now } : {} })
  const { frogbot, logs } = served
  const ada = await createTestUser(frogbot, { email: ADA.email })
  const bob = await createTestUser(frogbot, { email: BOB.email })
  const token = await createTestToken(frogbot, { user: ada })
  const webhook = served.url('/api/webhooks/slack')

  /** Posts a request to the webhook as it is given (signed or not), then waits for the piece to settle down. */
  const deliver = async (request: { body: string; headers: Record<string, string> }) => {
    const answer = await served.post('/api/webhooks/slack', request)
    await piece.idle()
    return answer
  }
  return {
    frogbot,
    piece,
    slack,
    ada,
    bob,
    token,
    base: served.base,
    webhook,
    logs,
    /** Ada's only chat, read as she reads it. */
    adasChat: async () => {
      const { chats } = await frogbot.listChats({ caller: { user: ada, door: 'http' } })
      if (chats.length !== 1) throw new Error(`Ada has ${chats.length} chats`)
      return frogbot.readChat({ chatId: chats[0].id, caller: { user: ada, door: 'http' } })
    },
    deliver,
    /** `user` writes `text` in `channel` (a thread reply with `threadTs`). */
    say: (options: Parameters<typeof messageEvent>[0]) => deliver(signed(messageEvent(options), { contentType: 'application/json' })),
    /** `user` clicks on a card. */
    click: (options: Parameters<typeof blockActions>[0]) => deliver(signed(blockActions(options), { contentType: FORM })),
    /** `user` submits a modal. */
    submit: (options: Parameters<typeof viewSubmission>[0]) => deliver(signed(viewSubmission(options), { contentType: FORM })),
    close: async () => {
      await served.close()
      temp?.remove()
      if (logs.length > 0) throw new Error(`unexpected log lines:\n${logs.join('\n')}`)
    }
  }
}

/** See {@link slackKit}. */
export type SlackKit = Awaited<ReturnType<typeof slackKit>>
