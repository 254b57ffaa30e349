import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Tool } from '../../src/index.ts'
import { jsonDepthMeter, TOOL_INPUT_MAX_DEPTH } from '../../src/agents/tool-input-depth.ts'
import { mockModel, textStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { decodeChunks } from '../helpers/ui-stream.ts'
import { convertArrayToReadableStream } from 'ai/test'

// A model writes tool inputs, so a prompt injection can make one nested thousands of levels deep.
// Serialising such a value overflows the stack (the stream, the stored chat) and drawing it
// crashes a browser tab: the server refuses it as an invalid input, naming the limit.

const usage = { inputTokens: { total: 3, noCache: 3, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } }

/** `{"a":{"a":…1…}}` nested `levels` deep. */
const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)

/** A step that streams one call's input in 100-character deltas, as providers do, then the call. */
function streamedCall(toolCallId: string, toolName: string, input: string) {
  const deltas = Array.from({ length: Math.ceil(input.length / 100) }, (_, index) => input.slice(index * 100, index * 100 + 100))
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'tool-input-start', id: toolCallId, toolName },
    ...deltas.map((delta) => ({ type: 'tool-input-delta', id: toolCallId, delta })),
    { type: 'tool-input-end', id: toolCallId },
    { type: 'tool-call', toolCallId, toolName, input },
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage }
  ]
}

const tree = z.object({ tree: z.unknown() })
let executed: unknown[] = []
const inspect: Tool<typeof tree> = {
  slug: 'inspect',
  description: 'Looks at a tree.',
  inputSchema: tree,
  execute: async (input) => {
    executed.push(input)
    return { ok: true }
  }
}

describe(`tool inputs nested deeper than ${TOOL_INPUT_MAX_DEPTH} levels`, () => {
  let app: Awaited<ReturnType<typeof testFrogbot>>
  let prompts: unknown[][] = []
  let steps: unknown[][] = []
  beforeAll(async () => {
    const model = mockModel({
      doStream: async (options) => {
        prompts.push(options.prompt as unknown[])
        const step = steps.shift()
        if (!step) throw new Error('no step left in the script')
        return { stream: convertArrayToReadableStream(step as never[]) }
      }
    })
    app = await testFrogbot({ model, tools: [inspect] })
  })
  afterAll(() => app.close())
  const script = (...next: unknown[][]) => {
    steps = next
    prompts = []
    executed = []
  }

  it('a question 5,000 levels deep, streamed: the call is a tool error naming the limit, the turn goes on, the stream and the stored chat stay readable', async () => {
    script(streamedCall('call_deep', 'question', `{"questions":[${nested(5000)}]}`), textStep('Sorry, I will ask again more simply.'))
    const response = await app.frogbot.fetch(
      new Request('http://localhost/api/agents/planner', {
        method: 'POST',
        headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ prompt: 'Ask me something' })
      })
    )
    expect(response.status).toBe(200)
    const chunks = await decodeChunks(response)
    const refused = chunks.find((chunk) => chunk.type === 'tool-input-error') as { errorText: string; input: unknown } | undefined
    expect(refused?.errorText).toContain(`nested more than ${TOOL_INPUT_MAX_DEPTH} levels deep`)
    expect(JSON.stringify(refused?.input).length).toBeLessThan(200)
    const text = chunks.flatMap((chunk) => (chunk.type === 'text-delta' ? [chunk.delta] : [])).join('')
    expect(text).toBe('Sorry, I will ask again more simply.')
    expect(chunks.at(-1)).toMatchObject({ type: 'finish' })
    // Every streamed delta of the input stayed within the limit.
    const streamed = chunks.flatMap((chunk) => (chunk.type === 'tool-input-delta' ? [chunk.inputTextDelta] : [])).join('')
    const meter = jsonDepthMeter()
    meter.feed(streamed)
    expect(meter.deepest).toBeLessThanOrEqual(TOOL_INPUT_MAX_DEPTH)

    // The model read the refusal in its next step.
    expect(JSON.stringify(prompts[1])).toContain(`nested more than ${TOOL_INPUT_MAX_DEPTH} levels deep`)

    const chatId = response.headers.get('x-frogbot-chat-id')!
    const read = await app.call('GET', `/api/agents/planner/chats/${chatId}`)
    expect(read.status).toBe(200)
    expect(read.json.chat.state).toBe('idle')
    expect(read.json.pending).toEqual([])
    const part = read.json.messages[1].parts.find((p: { type: string }) => p.type === 'tool-question')
    expect(part).toMatchObject({ state: 'output-error', input: { 'frogbot:refused': expect.stringContaining('64 levels') } })
    expect(part.errorText).toContain(`FrogBot's limit for tool inputs`)
  })

  it('a server tool 5,000 levels deep, sent whole, as JSON: refused before it runs; the model goes on', async () => {
    script([{ type: 'stream-start', warnings: [] }, { type: 'tool-call', toolCallId: 'call_tree', toolName: 'inspect', input: `{"tree":${nested(5000)}}` }, { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage }], textStep('Done without it.'))
    const { status, json } = await app.call('POST', '/api/agents/planner', { prompt: 'Inspect this' })
    expect(status).toBe(200)
    expect(json).toMatchObject({ status: 'complete', text: 'Done without it.' })
    expect(executed).toEqual([])
    const read = await app.call('GET', `/api/agents/planner/chats/${json.chatId}`)
    const part = read.json.messages[1].parts.find((p: { type: string }) => p.type === 'tool-inspect')
    expect(part).toMatchObject({ state: 'output-error', errorText: expect.stringContaining(`${TOOL_INPUT_MAX_DEPTH} levels`) })
  })

  it(`an input exactly ${TOOL_INPUT_MAX_DEPTH} levels deep is accepted; one level more is refused`, async () => {
    const at = `{"tree":${nested(TOOL_INPUT_MAX_DEPTH - 1)}}`
    const over = `{"tree":${nested(TOOL_INPUT_MAX_DEPTH)}}`
    script(streamedCall('call_at', 'inspect', at), textStep('Looked at it.'))
    expect((await app.call('POST', '/api/agents/planner', { prompt: 'Inspect this' })).json.text).toBe('Looked at it.')
    expect(executed).toEqual([JSON.parse(at)])
    script(streamedCall('call_over', 'inspect', over), textStep('Could not.'))
    expect((await app.call('POST', '/api/agents/planner', { prompt: 'Inspect this' })).json.text).toBe('Could not.')
    expect(executed).toEqual([])
  })
})

describe('jsonDepthMeter', () => {
  it('counts objects and arrays, not brackets inside strings or escaped quotes, across pieces', () => {
    const meter = jsonDepthMeter()
    for (const piece of ['{"a": "{[{[", "b', '\\"": [[', '1]], "c": "\\\\"}']) meter.feed(piece)
    expect(meter.deepest).toBe(3)
  })
})
