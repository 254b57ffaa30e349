import { createUIMessageStreamResponse, type UIMessageChunk } from 'ai'
import { describe, expect, it } from 'vitest'
import { uiMessageStreamResponse } from './sse-response.ts'

// The continuation's response: the same bytes and headers a `useChat` client reads from the AI SDK's own helper.

const chunks: UIMessageChunk[] = [
  { type: 'start', messageId: 'msg_1' },
  { type: 'start-step' },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: 'Blue "it" is.\n\u2028 ✓' },
  { type: 'text-end', id: 't' },
  { type: 'finish-step' },
  { type: 'finish', finishReason: 'stop' }
]

const streamOf = (items: UIMessageChunk[]) =>
  new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const item of items) controller.enqueue(item)
      controller.close()
    }
  })

describe('uiMessageStreamResponse', () => {
  it("sends the AI SDK's bytes and headers, with the given status and headers", async () => {
    const ours = uiMessageStreamResponse(streamOf(chunks), { status: 202, headers: { 'X-Frogbot-Chat-Id': 'chat_1' } })
    const theirs = createUIMessageStreamResponse({ status: 202, stream: streamOf(chunks), headers: { 'X-Frogbot-Chat-Id': 'chat_1' } })
    expect(ours.status).toBe(202)
    expect([...ours.headers]).toEqual([...theirs.headers])
    expect(new Uint8Array(await ours.arrayBuffer())).toEqual(new Uint8Array(await theirs.arrayBuffer()))
  })

  it('errors its body when the stream fails, after what came before', async () => {
    let pulls = 0
    const failing = new ReadableStream<UIMessageChunk>({
      pull(controller) {
        if (pulls++ > 0) throw new Error('the model went away')
        controller.enqueue({ type: 'start', messageId: 'msg_1' })
      }
    })
    const reader = uiMessageStreamResponse(failing).body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: {"type":"start","messageId":"msg_1"}\n\n')
    await expect(reader.read()).rejects.toThrow('the model went away')
  })

  it('cancels the stream when the client goes away', async () => {
    let cancelled: unknown
    const endless = new ReadableStream<UIMessageChunk>({
      pull: (controller) => controller.enqueue({ type: 'start-step' }),
      cancel: (reason) => {
        cancelled = reason
      }
    })
    const reader = uiMessageStreamResponse(endless).body!.getReader()
    await reader.read()
    await reader.cancel('tab closed')
    expect(cancelled).toBe('tab closed')
  })
})
