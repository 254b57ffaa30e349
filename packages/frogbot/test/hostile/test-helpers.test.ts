import { convertArrayToReadableStream } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { KEPT_CALLS, mockModel, textStep } from '../../src/testing/scripted-model.ts'

// A soak grew from 161 to 1,611 MiB because the mock model kept every prompt it was given.
describe('mockModel', () => {
  it('counts every call but keeps only its latest prompts, however long it runs', async () => {
    const model = mockModel({ doStream: async () => ({ stream: convertArrayToReadableStream(textStep('ok') as never[]) }) })
    for (let i = 0; i < 1000; i++) {
      await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: `${i} ${'x'.repeat(100_000)}` }] }] } as never)
    }
    expect(model.doStreamCalls).toHaveLength(1000)
    expect(Object.keys(model.doStreamCalls)).toHaveLength(KEPT_CALLS)
    expect(model.doStreamCalls[0]).toBeUndefined()
    expect(JSON.stringify(model.doStreamCalls[999].prompt)).toContain('"999 xxx')
  })

  // The soak's live heap grew by 1.5 KB a round: each chat title's generateText call stayed in
  // doGenerateCalls with its abort signal, its 15 s timer and, once fired, its TimeoutError.
  it('keeps only the latest generate calls too, with their abort signals', async () => {
    const model = mockModel({ doGenerate: async () => ({ content: [{ type: 'text', text: 'A title' }], finishReason: { unified: 'stop', raw: 'stop' }, usage: {} as never, warnings: [] }) as never })
    for (let i = 0; i < 200; i++) await model.doGenerate({ prompt: [{ role: 'user', content: [{ type: 'text', text: `${i}` }] }], abortSignal: AbortSignal.timeout(15_000) } as never)
    expect(model.doGenerateCalls).toHaveLength(200)
    expect(Object.keys(model.doGenerateCalls)).toHaveLength(KEPT_CALLS)
    expect(model.doGenerateCalls[0]).toBeUndefined()
    expect(JSON.stringify(model.doGenerateCalls[199].prompt)).toContain('"199"')
  })
})
