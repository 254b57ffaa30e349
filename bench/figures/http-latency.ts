// Answer → first continuation text over HTTP: `frogbot serve` (SQLite) against the bare app served
// by @hono/node-server, each in a process of its own, the client in this one.
import { alternate, timeAnswers, type AnswerSamples } from '../answer-loop.ts'
import { type Figure, atMost, bySize, row } from '../figure.ts'
import { BENCH_TOKEN, REPO, serverCode, serverFolder, spawnServer } from '../spawn-server.ts'
import { p50, p99 } from '../stats.ts'
import { ANSWER, PROMPT, answeredMessages } from '../turn.ts'

const BENCH_CONFIG = `${REPO}bench/fixtures/bench.config.ts`

/** Over-HTTP latency on SQLite. */
export const httpLatency: Figure = {
  id: 'latency-http',
  title: 'answer → first text, SQLite, over HTTP (frogbot serve vs the bare app on @hono/node-server)',
  run: async (context) => {
    const count = bySize(context.size, { full: 400, quick: 100, tiny: 5 })
    const folder = serverFolder()
    const code = serverCode(context.size)
    const frogbot = await spawnServer({ kind: 'frogbot', config: BENCH_CONFIG, cwd: folder.dir, token: BENCH_TOKEN }, { code })
    const bare = await spawnServer({ kind: 'baseline' }, { code })
    try {
      const auth = { authorization: `Bearer ${BENCH_TOKEN}`, 'content-type': 'application/json' }
      const body = JSON.stringify({ messages: answeredMessages() })
      const ask = async () => {
        const response = await fetch(`${frogbot.base}/api/agents/planner`, { method: 'POST', headers: auth, body: JSON.stringify({ prompt: PROMPT }) })
        const asked = (await response.json()) as { chatId: string; pending: { toolCallId: string }[] }
        return { chatId: asked.chatId, toolCallId: asked.pending[0].toolCallId }
      }
      const answer = (chat: { chatId: string; toolCallId: string }) =>
        fetch(`${frogbot.base}/api/agents/planner/chats/${chat.chatId}/settle`, { method: 'POST', headers: { ...auth, accept: 'text/event-stream' }, body: JSON.stringify({ toolCallId: chat.toolCallId, output: ANSWER }) })
      const baselineLoop = (n: number, into?: AnswerSamples) => timeAnswers(n, async () => null, () => fetch(`${bare.base}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }), into)
      const frogbotLoop = (n: number, into?: AnswerSamples) => timeAnswers(n, ask, answer, into)
      const warm = Math.max(5, Math.round(count / 5))
      await baselineLoop(warm)
      await frogbotLoop(warm)
      context.progress(`  ${count} answers each over HTTP, alternating blocks`)
      const { baseline, frogbot: ours } = await alternate(count, Math.max(5, Math.round(count / 10)), { baseline: baselineLoop, frogbot: frogbotLoop })
      return {
        rows: [
          row('latency', 'answer → first text, SQLite, over HTTP (p50)', 'ms', p50(baseline.firstText), p50(ours.firstText), atMost(1.1)),
          row('latency', 'answer → first text, SQLite, over HTTP (p99)', 'ms', p99(baseline.firstText), p99(ours.firstText))
        ],
        details: { answers: count }
      }
    } finally {
      await frogbot.stop()
      await bare.stop()
      folder.remove()
    }
  }
}
