import { generateText, streamText, wrapLanguageModel } from 'ai'
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { mapStream, type ModelPart, partMiddleware, type PartRule } from './part-middleware.ts'

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }
const finish = { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }

const read = async <T>(stream: ReadableStream<T>) => {
  const seen: T[] = []
  for await (const item of stream as unknown as AsyncIterable<T>) seen.push(item)
  return seen
}

describe('mapStream', () => {
  it('passes each part through the map, skipping the dropped ones', async () => {
    const doubledOdd = mapStream(convertArrayToReadableStream([1, 2, 3, 4, 5]), (n) => (n % 2 === 1 ? n * 10 : null))
    expect(await read(doubledOdd)).toEqual([10, 30, 50])
  })

  it("errors with the source's error, and cancels the source when cancelled", async () => {
    let pulls = 0
    const failing = new ReadableStream<number>({
      pull(controller) {
        if (pulls++ > 0) throw new Error('provider went away')
        controller.enqueue(1)
      }
    })
    const reader = mapStream(failing, (n) => n).getReader()
    expect(await reader.read()).toEqual({ done: false, value: 1 })
    await expect(reader.read()).rejects.toThrow('provider went away')

    let cancelled: unknown
    const endless = new ReadableStream<number>({ pull: (controller) => controller.enqueue(1), cancel: (reason) => void (cancelled = reason) })
    const mapped = mapStream(endless, (n) => n).getReader()
    await mapped.read()
    await mapped.cancel('done')
    expect(cancelled).toBe('done')
  })
})

describe('partMiddleware', () => {
  // Each rule gets the call's prompt; within a response, rules run in order and a dropped part reaches no later rule.
  const prompts: unknown[] = []
  const shout: PartRule = ({ prompt }) => {
    prompts.push(prompt)
    return (part) => (part.type === 'text-delta' ? { ...part, delta: part.delta?.toUpperCase() } : part)
  }
  const seen: string[] = []
  const dropSecret: PartRule = () => (part) => (part.type === 'text-delta' && part.delta === 'SECRET' ? null : part)
  const record: PartRule = () => (part: ModelPart) => {
    if (part.type === 'text-delta') seen.push(part.delta!)
    return part
  }

  it('applies its rules in order to a streamed response, in one stage', async () => {
    const model = new MockLanguageModelV4({
      doStream: async () => ({
        stream: convertArrayToReadableStream([
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: 'blue ' },
          { type: 'text-delta', id: 't', delta: 'secret' },
          { type: 'text-delta', id: 't', delta: 'it is' },
          { type: 'text-end', id: 't' },
          finish
        ] as never[])
      })
    })
    const result = streamText({ model: wrapLanguageModel({ model, middleware: partMiddleware(shout, dropSecret, record) }), prompt: 'Paint the shed' })
    expect(await result.text).toBe('BLUE IT IS')
    expect(seen).toEqual(['BLUE ', 'IT IS'])
    expect(JSON.stringify(prompts.at(-1))).toContain('Paint the shed')
  })

  it('applies them to each part of a generated response', async () => {
    const model = new MockLanguageModelV4({
      doGenerate: async () => ({ content: [{ type: 'text', text: 'kept' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] })
    })
    const dropText: PartRule = () => (part) => (part.type === 'text' ? null : part)
    const kept = await generateText({ model: wrapLanguageModel({ model, middleware: partMiddleware(shout) }), prompt: 'Paint it' })
    expect(kept.text).toBe('kept')
    const dropped = await generateText({ model: wrapLanguageModel({ model, middleware: partMiddleware(dropText) }), prompt: 'Paint it' })
    expect(dropped.content).toEqual([])
  })
})
