// Approve → first continuation text in this process, on SQLite: a server tool with needsApproval
// waits, a person approves, the tool runs and the model continues in the same message. Against the
// AI SDK alone doing the same needsApproval turn (its client sends the chat back with
// `addToolApprovalResponse`'s part and the bare server runs the tool and continues), in the same run.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { type LanguageModel, type UIMessage, convertToModelMessages, streamText, tool, validateUIMessages } from 'ai'
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test'
import { z } from 'zod'
import { buildConfig, createFrogbot, sqliteAdapter, type Tool } from '../../packages/frogbot/src/index.ts'
import { createApiToken } from '../../packages/frogbot/src/auth/api-tokens.ts'
import { ensureUser } from '../../packages/frogbot/src/auth/users.ts'
import { storeOf } from '../../packages/frogbot/src/frogbot-internals.ts'
import { alternate, timeAnswers } from '../answer-loop.ts'
import { type Figure, atMost, bySize, row } from '../figure.ts'
import { countSqliteStatements } from '../sql-counter.ts'
import { p50, p99 } from '../stats.ts'

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }
const CHARGE_INPUT = { cents: 500 }
const chargeInput = z.object({ cents: z.number().int().positive() })
const charge = async ({ cents }: { cents: number }) => ({ charged: cents })

/** A zero-latency model: after a tool result it says "Charged.", otherwise it calls `charge`. */
function approvalModel() {
  let next = 0
  const model = new MockLanguageModelV4({
    doStream: async ({ prompt }) => {
      const step =
        prompt.at(-1)?.role === 'tool'
          ? [{ type: 'stream-start', warnings: [] }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Charged.' }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }]
          : [{ type: 'stream-start', warnings: [] }, { type: 'tool-call', toolCallId: `call_${++next}`, toolName: 'charge', input: JSON.stringify(CHARGE_INPUT) }, { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage }]
      return { stream: convertArrayToReadableStream(step as never[]) }
    }
  })
  const play = model.doStream
  model.doStream = (options) => {
    const played = play(options)
    model.doStreamCalls.length = 0
    return played
  }
  return model
}

/** The AI SDK alone: `charge` with `needsApproval`, the client's whole chat validated and continued. */
function baselineApp(model: Exclude<LanguageModel, string>) {
  const tools = { charge: tool({ description: 'Charge a card.', inputSchema: chargeInput, needsApproval: true, execute: charge }) }
  const app = new Hono()
  app.post('/api/chat', async (c) => {
    const messages = await validateUIMessages<UIMessage>({ messages: ((await c.req.json()) as { messages: unknown }).messages, tools })
    const result = streamText({ model, tools, messages: await convertToModelMessages(messages, { tools }) })
    return result.toUIMessageStreamResponse({ originalMessages: messages })
  })
  return app
}

/** What `useChat` sends the bare app after `addToolApprovalResponse({ id, approved: true })`. */
const approvedChat: UIMessage[] = [
  { id: 'msg_user', role: 'user', parts: [{ type: 'text', text: 'Charge the card' }] },
  {
    id: 'msg_assistant',
    role: 'assistant',
    parts: [{ type: 'step-start' }, { type: 'tool-charge', toolCallId: 'call_1', state: 'approval-responded', input: CHARGE_INPUT, approval: { id: 'aprv_1', approved: true } } as never]
  }
]

/** FrogBot on a fresh SQLite file with `charge` (needsApproval), a user and a token; ask and approve over its HTTP handler. */
async function startFrogbot() {
  countSqliteStatements()
  const dir = mkdtempSync(join(tmpdir(), 'frogbot-bench-'))
  const chargeTool: Tool<typeof chargeInput> = { slug: 'charge', description: 'Charge a card.', inputSchema: chargeInput, needsApproval: true, execute: charge }
  const config = buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [chargeTool] }], db: sqliteAdapter({ filename: join(dir, 'bench.db') }) })
  const instance = await createFrogbot(config, { model: approvalModel(), log: () => {}, maintenanceIntervalMs: 0 })
  const user = await ensureUser(storeOf(instance).db, { email: 'bench@example.com' })
  const { token } = await createApiToken(storeOf(instance).db, { userId: user.id, name: 'bench' })
  const post = (path: string, body: unknown, stream: boolean) =>
    instance.fetch(
      new Request(`http://localhost${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(stream ? { accept: 'text/event-stream' } : {}) },
        body: JSON.stringify(body)
      })
    )
  return {
    ask: async () => {
      const asked = (await (await post('/api/agents/planner', { prompt: 'Charge the card' }, false)).json()) as { chatId: string; pending?: { toolCallId: string; kind: string }[] }
      if (asked.pending?.[0]?.kind !== 'approval') throw new Error(`the call did not wait for approval: ${JSON.stringify(asked)}`)
      return { chatId: asked.chatId, toolCallId: asked.pending[0].toolCallId }
    },
    approve: (chat: { chatId: string; toolCallId: string }) => post(`/api/agents/planner/chats/${chat.chatId}/settle`, { toolCallId: chat.toolCallId, approved: true }, true),
    close: async () => {
      await instance.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

/** Approve → first text on SQLite, in process, against the AI SDK alone's needsApproval turn. */
export const approvalSqlite: Figure = {
  id: 'approval-sqlite',
  title: 'approve → first text, SQLite, in process (a server tool with needsApproval)',
  run: async (context) => {
    const count = bySize(context.size, { full: 600, quick: 200, tiny: 10 })
    const app = baselineApp(approvalModel())
    const frogbot = await startFrogbot()
    try {
      const baselineLoop = (n: number, into: Parameters<typeof timeAnswers>[3]) =>
        timeAnswers(n, async () => null, () => app.fetch(new Request('http://localhost/api/chat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages: approvedChat }) })), into)
      const frogbotLoop = (n: number, into: Parameters<typeof timeAnswers>[3]) => timeAnswers(n, frogbot.ask, frogbot.approve, into)
      const warm = Math.max(5, Math.round(count / 5))
      await baselineLoop(warm, undefined)
      await frogbotLoop(warm, undefined)
      context.progress(`  approvals: ${count} each, alternating blocks`)
      const { baseline, frogbot: ours } = await alternate(count, Math.max(5, Math.round(count / 10)), { baseline: baselineLoop, frogbot: frogbotLoop })
      return {
        rows: [
          row('latency', 'approve → first text, SQLite, in process (p50)', 'ms', p50(baseline.firstText), p50(ours.firstText), atMost(1.15)),
          row('latency', 'approve → first text, SQLite, in process (p99)', 'ms', p99(baseline.firstText), p99(ours.firstText)),
          row('cpu', 'server CPU per approval, SQLite (p50)', 'ms', p50(baseline.cpu), p50(ours.cpu))
        ],
        details: { approvals: count }
      }
    } finally {
      await frogbot.close()
    }
  }
}
