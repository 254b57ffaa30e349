// How long from an answer's arrival to the first continuation text, FrogBot (SQLite file, HTTP
// handler, compare-and-set, stored message) against the AI SDK alone (no storage), in one run.
// Usage: npm run bench [-- --iterations 300]
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { convertToModelMessages, streamText, tool, type UIMessage } from 'ai'
import { convertArrayToReadableStream } from 'ai/test'
import { buildConfig, createFrogbot, sqliteAdapter } from '../packages/frogbot/src/index.ts'
import { QuestionInput, QuestionOutput, question } from '../packages/frogbot/src/tools/index.ts'
import { createApiToken } from '../packages/frogbot/src/auth/api-tokens.ts'
import { ensureUser } from '../packages/frogbot/src/auth/users.ts'
import { storeOf } from '../packages/frogbot/src/frogbot-internals.ts'
import { mockModel } from '../packages/frogbot/test/helpers/scripted-model.ts'

const { values } = parseArgs({ options: { iterations: { type: 'string', default: '300' } } })
const iterations = Number(values.iterations)
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }
const input = { questions: [{ header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] }] }
const answer = { answers: [{ header: 'Color', selected: ['Blue'] }] }
const reply = [
  { type: 'stream-start', warnings: [] },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: 'Blue it is.' },
  { type: 'text-end', id: 't' },
  { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }
]
const ask = (n: number) => [
  { type: 'stream-start', warnings: [] },
  { type: 'tool-call', toolCallId: `call_${n}`, toolName: 'question', input: JSON.stringify(input) },
  { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage }
]

// The model asks on odd calls and replies on even ones, with no latency of its own.
let calls = 0
const model = mockModel({ doStream: async () => ({ stream: convertArrayToReadableStream((calls++ % 2 === 0 ? ask(calls) : reply) as never[]) }) })
const replyModel = mockModel({ doStream: async () => ({ stream: convertArrayToReadableStream(reply as never[]) }) })

async function firstText(stream: ReadableStream<Uint8Array>): Promise<void> {
  const reader = stream.getReader()
  const decoder = new TextDecoder()
  let seen = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) throw new Error('stream ended without text')
    seen += decoder.decode(value, { stream: true })
    if (seen.includes('"text-delta"')) break
  }
  while (!(await reader.read()).done) {}
}

const percentile = (samples: number[], p: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]

async function baseline(): Promise<number[]> {
  const tools = { question: tool({ description: 'ask', inputSchema: QuestionInput, outputSchema: QuestionOutput }) }
  const messages: UIMessage[] = [
    { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Paint the shed' }] },
    { id: 'a', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'tool-question', toolCallId: 'c', state: 'output-available', input, output: answer } as never] }
  ]
  const samples: number[] = []
  for (let i = 0; i < iterations; i++) {
    const started = performance.now()
    const result = streamText({ model: replyModel, tools, messages: await convertToModelMessages(messages, { tools }) })
    await firstText(result.toUIMessageStreamResponse({ originalMessages: messages }).body!)
    samples.push(performance.now() - started)
  }
  return samples
}

async function frogbot(): Promise<{ samples: number[]; bytesPerQuestion: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'frogbot-bench-'))
  const filename = join(dir, 'bench.db')
  const instance = await createFrogbot(buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question] }], db: sqliteAdapter({ filename }) }), { model, log: () => {}, maintenanceIntervalMs: 0 })
  const user = await ensureUser(storeOf(instance).db, { email: 'bench@example.com' })
  const { token } = await createApiToken(storeOf(instance).db, { userId: user.id, name: 'bench' })
  const request = (path: string, body: unknown, stream = false) =>
    instance.fetch(new Request(`http://localhost${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(stream ? { accept: 'text/event-stream' } : {}) }, body: JSON.stringify(body) }))
  const samples: number[] = []
  const sizeBefore = statSync(filename).size
  for (let i = 0; i < iterations; i++) {
    const asked = await (await request('/api/agents/planner', { prompt: 'Paint the shed' })).json()
    const started = performance.now()
    const response = await request(`/api/agents/planner/chats/${asked.chatId}/settle`, { toolCallId: asked.pending[0].toolCallId, output: answer }, true)
    await firstText(response.body!)
    samples.push(performance.now() - started)
    if ((i + 1) % 100 === 0) process.stderr.write(`  frogbot: ${i + 1}/${iterations}\n`)
  }
  await new Promise((resolve) => setTimeout(resolve, 50))
  const bytesPerQuestion = Math.max(0, statSync(filename).size - sizeBefore) / iterations
  await instance.close()
  rmSync(dir, { recursive: true, force: true })
  return { samples, bytesPerQuestion }
}

console.log(`resume latency: answer arrives → first continuation text, ${iterations} iterations, zero-latency model`)
await baseline() // warm-up
const base = await baseline()
const ours = await frogbot()
const row = (name: string, samples: number[]) => `${name.padEnd(34)} p50 ${percentile(samples, 50).toFixed(3)} ms   p95 ${percentile(samples, 95).toFixed(3)} ms`
console.log(row('AI SDK alone (baseline, no storage)', base))
console.log(row('FrogBot (SQLite file, HTTP, CAS)', ours.samples))
console.log(`ratio p50 FrogBot / baseline: ${(percentile(ours.samples, 50) / percentile(base, 50)).toFixed(2)}x`)
console.log(`database growth per asked-and-answered question: ${(ours.bytesPerQuestion / 1024).toFixed(1)} KiB`)
