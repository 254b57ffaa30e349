import { convertArrayToReadableStream } from 'ai/test'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeOf } from '../../src/frogbot-internals.ts'
import { colorQuestion, mockModel, textStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { lookupTool, pickFile } from '../turns/turn-test-kit.ts'
import { answerWithin } from './fuzz-app.ts'
import { FUZZ_RUNS, hostileJson, nastyString } from './hostile-values.ts'
import { storedTranscriptProblems } from './stored-transcripts.ts'

// A model that sends generated tool calls: inputs that are not JSON, arrays, deep objects, huge
// strings, wrong types, unknown tools and reused ids, streamed or whole, over one to three steps.
// Whatever it sends, the turn answers without a 5xx, the stored chat is valid for the model
// (every tool call has a result or waits as a pending call, every input is an object), and the
// next turn sends the provider a transcript whose every tool call has its result.

const RUNS = Math.max(100, Math.ceil(FUZZ_RUNS / 10))

type Call = { toolCallId: string; toolName: string; input: string; streamed: boolean }
type Step = { text: string | null; calls: Call[] }

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }

/** The stream parts of a generated step: optional text, each call (its input streamed in pieces or whole), then the finish. */
function partsOf(step: Step) {
  const parts: Record<string, unknown>[] = [{ type: 'stream-start', warnings: [] }]
  if (step.text !== null) parts.push({ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: step.text }, { type: 'text-end', id: 't' })
  for (const call of step.calls) {
    if (call.streamed) {
      parts.push({ type: 'tool-input-start', id: call.toolCallId, toolName: call.toolName })
      const size = Math.max(7, Math.ceil(call.input.length / 16))
      for (let at = 0; at < call.input.length; at += size) parts.push({ type: 'tool-input-delta', id: call.toolCallId, delta: call.input.slice(at, at + size) })
      parts.push({ type: 'tool-input-end', id: call.toolCallId })
    }
    parts.push({ type: 'tool-call', toolCallId: call.toolCallId, toolName: call.toolName, input: call.input })
  }
  parts.push({ type: 'finish', finishReason: step.calls.length > 0 ? { unified: 'tool-calls', raw: 'tool_calls' } : { unified: 'stop', raw: 'stop' }, usage })
  return parts
}

const toolInput: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(JSON.stringify(colorQuestion), JSON.stringify({ files: ['a.txt', 'b.txt'] }), JSON.stringify({ q: 'weather' })) },
  { weight: 3, arbitrary: hostileJson.map((value) => JSON.stringify(value) ?? '') },
  { weight: 2, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.constantFrom('', 'null', '[]', '"text"', '42', '{', '{"questions":', '{"questions":[{"header":"Color"', 'undefined', 'NaN') },
  { weight: 1, arbitrary: fc.constantFrom(JSON.stringify({ questions: 'x'.repeat(300_000) }), JSON.stringify({ questions: [{ header: 'Color', question: 'Which?', options: [] }] }), JSON.stringify({ questions: [{ header: 'A', question: 'Q', options: [{ label: 'x' }] }, { header: 'A', question: 'Q', options: [{ label: 'y' }] }] })) }
)

const call: fc.Arbitrary<Call> = fc.record({
  toolCallId: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('call_1', 'call_2', 'call_3') }, { weight: 1, arbitrary: nastyString.filter((id) => id.length < 1000) }),
  toolName: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('question', 'pick_file', 'lookup') }, { weight: 1, arbitrary: fc.constantFrom('no_such_tool', 'tool-question', '') }, { weight: 1, arbitrary: nastyString.filter((name) => name.length < 200) }),
  input: toolInput,
  streamed: fc.boolean()
})

const step: fc.Arbitrary<Step> = fc.record({ text: fc.option(fc.string({ maxLength: 20 })), calls: fc.array(call, { minLength: 1, maxLength: 4 }) })

describe(`tool inputs from the model: ${RUNS} generated scripts`, () => {
  let app: Awaited<ReturnType<typeof testFrogbot>>
  let script: Step[] = []
  let lastPrompt: unknown = null
  const logged: string[] = []

  beforeAll(async () => {
    const model = mockModel({
      doStream: async ({ prompt }) => {
        lastPrompt = prompt
        const next = script.shift()
        return { stream: convertArrayToReadableStream((next ? partsOf(next) : textStep('Done.')) as never[]) }
      }
    })
    app = await testFrogbot({ model, tools: [pickFile, lookupTool().tool], options: { log: (line) => logged.push(line) } })
  })
  afterAll(async () => {
    await app?.close()
  })

  const post = (path: string, body: unknown, stream: boolean) =>
    answerWithin(
      app.frogbot,
      new Request(`http://localhost${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json', ...(stream ? { accept: 'text/event-stream' } : {}) },
        body: JSON.stringify(body)
      })
    )

  /** A valid answer for a call's stored input where one is easy to make, else `null`. */
  function answerFor(pending: { toolName: string; input: any }) {
    if (pending.toolName === 'pick_file' && Array.isArray(pending.input?.files) && typeof pending.input.files[0] === 'string') return { file: pending.input.files[0] }
    if (pending.toolName === 'question' && Array.isArray(pending.input?.questions)) {
      return { answers: pending.input.questions.map((entry: any) => ({ header: entry?.header, selected: [entry?.options?.[0]?.label].filter((label) => typeof label === 'string') })) }
    }
    return null
  }

  it('never a 5xx; every stored transcript valid; the next turn sends every tool call with its result', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 3 }), fc.boolean(), async (steps, stream) => {
        script = structuredClone(steps)
        const started = await post('/api/agents/planner', { prompt: 'Go ahead.' }, stream)
        expect(started.status, started.text.slice(0, 300)).toBe(200)
        const chatId = started.headers.get('x-frogbot-chat-id') ?? JSON.parse(started.text).chatId
        // Answer (or else dismiss) whatever waits, until the turn ends.
        for (let round = 0; round < 8; round++) {
          const pending = JSON.parse((await answerWithin(app.frogbot, new Request(`http://localhost/api/agents/planner/chats/${chatId}/pending`, { headers: { authorization: `Bearer ${app.token}` } }))).text)
          if (pending.state === 'idle') break
          expect(pending.state, JSON.stringify(pending)).toBe('awaiting')
          const [first] = pending.pending
          const output = answerFor(first)
          let settled = output === null ? null : await post(`/api/agents/planner/chats/${chatId}/settle`, { toolCallId: first.toolCallId, output }, stream)
          if (settled === null || settled.status === 400) settled = await post(`/api/agents/planner/chats/${chatId}/settle`, { toolCallId: first.toolCallId, dismissed: true }, stream)
          expect(settled.status, settled.text.slice(0, 300)).toBe(200)
        }
        expect(await storedTranscriptProblems(storeOf(app.frogbot).db, [chatId])).toEqual([])

        script = []
        const next = await post('/api/agents/planner', { chatId, prompt: 'And now?' }, false)
        expect(next.status, next.text.slice(0, 300)).toBe(200)
        expect(JSON.parse(next.text)).toMatchObject({ status: 'complete', text: 'Done.' })
        const messages = lastPrompt as { role: string; content: { type: string; toolCallId?: string; input?: unknown }[] | string }[]
        const parts = messages.flatMap((message) => (Array.isArray(message.content) ? message.content : []))
        const results = new Set(parts.filter((part) => part.type === 'tool-result').map((part) => part.toolCallId))
        for (const part of parts.filter((entry) => entry.type === 'tool-call')) {
          expect(results.has(part.toolCallId), `tool call ${part.toolCallId} reaches the model without a result`).toBe(true)
          expect(typeof part.input === 'object' && part.input !== null && !Array.isArray(part.input), JSON.stringify(part.input)?.slice(0, 100)).toBe(true)
        }
      }),
      { numRuns: RUNS }
    )
    expect(logged.filter((line) => /unexpected|TypeError|RangeError/.test(line))).toEqual([])
  }, 240_000)
})
