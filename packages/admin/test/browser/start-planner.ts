import { serve } from '@hono/node-server'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createFrogbot, sqliteAdapter } from '../../../frogbot/src/index.ts'
import { ensureUser, setPassword } from '../../../frogbot/src/auth/users.ts'
import { withRootRedirect } from '../../../frogbot/src/cli/serve-command.ts'
import { loadConfig } from '../../../frogbot/src/cli/load-config.ts'
import { storeOf } from '../../../frogbot/src/frogbot-internals.ts'
import { storeDeepChat } from '../../../ui/test/browser/server/deep-chat.ts'
import { heldScenarioModel } from './held-model.ts'
import { startMcpDeployer } from './mcp-deployer.ts'

/** What `POST /__journeys/assigned` makes: see `assignedChat`. */
type AssignedChat = { prompt: string; title: string; assignees: string[]; expiresInMs?: number; escalatedTo?: string[] }

/** The journeys' user. */
export const PLANNER_USER = { email: 'ada@example.com', password: 'correct horse battery' }

/** The planner example's folder: its config, its tools and its `components/`. */
export const PLANNER = resolve(import.meta.dirname, '../../../../examples/planner')

/**
 * The planner example as `frogbot serve` runs it (its config, the admin chat at /admin with its
 * `PickFileCard` bundled on the fly, `/` leading there), on a SQLite file of its own and the
 * scripted model of the UI tests (with held replies, see `held-model.ts`) instead of the offline
 * demo model. `POST /__journeys/release` lets held replies go on; `POST /__journeys/deep-chat`
 * stores one of Ada's chats whose tool input and result nest 1,500 levels deep; `POST
 * /__journeys/assigned` a chat of Bob's whose waiting call asks Ada (see `assignedChat`); `GET
 * /__journeys/mcp` what the planner's local MCP server received (its tools `deploy` and `connect`
 * ask for input, see `mcp-deployer.ts`). Returns also a way to make a chat
 * look like a Slack thread, since no Slack exists here.
 */
export async function startPlanner() {
  const dir = mkdtempSync(join(tmpdir(), 'frogbot-admin-'))
  const loaded = await loadConfig(join(PLANNER, 'frogbot.config.ts'))
  // The planner also uses a local MCP server whose tools ask for input (see `mcp-deployer.ts`).
  const deployer = await startMcpDeployer()
  const agents = loaded.agents.map((agent) => (agent.slug === 'planner' ? { ...agent, mcp: [{ url: deployer.url }] } : agent))
  const config = { ...loaded, agents, db: sqliteAdapter({ filename: join(dir, 'frogbot.db') }) }
  const lines: string[] = []
  const held = heldScenarioModel()
  const frogbot = await createFrogbot(config, { model: held.model, log: (line) => lines.push(line), maintenanceIntervalMs: 0, admin: { root: PLANNER, buildComponents: true } })
  const { db } = storeOf(frogbot)
  const user = await ensureUser(db, { email: PLANNER_USER.email, name: 'Ada' })
  await setPassword(db, user.id, PLANNER_USER.password)

  const handler = withRootRedirect(frogbot.fetch)
  const fetch = async (request: Request, env?: unknown) => {
    const path = new URL(request.url).pathname
    if (request.method === 'POST' && path === '/__journeys/release') {
      held.release()
      return new Response(null, { status: 204 })
    }
    if (request.method === 'GET' && path === '/__journeys/mcp') return Response.json({ received: deployer.received, linkHits: deployer.linkHits(), linkUrl: deployer.linkUrl })
    if (request.method === 'POST' && path === '/__journeys/deep-chat') return Response.json({ chatId: await storeDeepChat(frogbot, user.id) })
    if (request.method === 'POST' && path === '/__journeys/assigned') return Response.json(await assignedChat((await request.json()) as AssignedChat))
    return handler(request, env)
  }
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((ready) => server.once('listening', () => ready()))
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  /** Ada's chat with a waiting question, stored as a Slack thread (the piece's columns set). */
  const channelChat = async () => {
    const started = await frogbot.sendMessage({ agent: 'planner', text: 'Which color for the Slack thread?', caller: { user, door: 'http' } })
    if (started.status !== 'started') throw new Error(`the channel chat did not start: ${started.status}`)
    await started.run.result
    const chatId = started.chatId
    await db
      .updateTable('frogbot_chats')
      .set({ channel: 'slack', channel_instance: 'slack', channel_account: 'T0001', channel_thread: `C0001:${chatId}` })
      .where('id', '=', chatId)
      .execute()
    return chatId
  }
  /**
   * A chat of Bob's (Ada may not read it) waiting at the color question or the invoice's approval,
   * titled `title`, whose call names `assignees` and expires in `expiresInMs` (when given): set on
   * the stored call as `questions.assignees` and `expiresIn` would have, the planner config naming neither.
   */
  const assignedChat = async ({ prompt, title, assignees, expiresInMs, escalatedTo }: AssignedChat) => {
    const bob = await ensureUser(db, { email: 'bob@example.com', name: 'Bob' })
    const started = await frogbot.sendMessage({ agent: 'planner', text: prompt, caller: { user: bob, door: 'http' } })
    if (started.status !== 'started') throw new Error(`the assigned chat did not start: ${started.status}`)
    await started.run.result
    const chatId = started.chatId
    const [call] = await db.selectFrom('frogbot_pending_calls').select(['tool_call_id', 'created_at']).where('chat_id', '=', chatId).where('status', '=', 'pending').execute()
    // An escalation as the notifier records it, 4 hours after the call started waiting.
    const escalation = escalatedTo ? { escalated_to: JSON.stringify(escalatedTo), escalated_at: new Date(Date.parse(call.created_at) + 4 * 3_600_000).toISOString() } : {}
    await db
      .updateTable('frogbot_pending_calls')
      .set({ assignees: JSON.stringify(assignees), expires_at: expiresInMs ? new Date(Date.now() + expiresInMs).toISOString() : null, ...escalation })
      .where('chat_id', '=', chatId)
      .execute()
    await db.insertInto('frogbot_call_assignees').values(assignees.map((assignee) => ({ chat_id: chatId, tool_call_id: call.tool_call_id, assignee }))).execute()
    await db.updateTable('frogbot_chats').set({ title }).where('id', '=', chatId).execute()
    return { chatId, toolCallId: call.tool_call_id }
  }
  return {
    baseURL,
    lines,
    channelChat,
    close: async () => {
      held.release()
      await new Promise((done) => server.close(done))
      await frogbot.close()
      await deployer.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
