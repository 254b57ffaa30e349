import { APICallError } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'
import { afterEach, describe, expect, it } from 'vitest'
import { modelErrorText } from '../../src/models/model-errors.ts'
import { scripted, textStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { decodeChunks } from '../helpers/ui-stream.ts'

// A model or provider that fails (docs/http/overview.md: Limits): the person reads one sentence
// that says what failed and what to do, in the chat's stream and in HTTP's 502, and the server logs
// one line per failure; the stack and the provider's answer only go to `debug` (FROGBOT_DEBUG=1).

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const OPENAI = 'https://api.openai.com/v1/responses'
const refusedKey = () =>
  new APICallError({ message: 'Incorrect API key provided: sk-abc***', url: OPENAI, requestBodyValues: {}, statusCode: 401, responseBody: '{"error":{"message":"Incorrect API key provided: sk-abc***"}}', isRetryable: false })

/** A FrogBot whose model fails each call with `fail()` until `failures` calls failed, then answers; with every log and debug line. */
async function failingApp(fail: () => Error, failures = Infinity) {
  let calls = 0
  const model = new MockLanguageModelV4({
    doStream: async () => {
      if (calls++ < failures) throw fail()
      return { stream: scripted(textStep('Working now.'))() as never }
    }
  })
  const logged: string[] = []
  const debugged: string[] = []
  const made = await testFrogbot({ model, options: { log: (line) => logged.push(line), debug: (line) => debugged.push(line) } })
  cleanups.push(made.close)
  return { ...made, logged, debugged, calls: () => calls }
}

describe('when the model fails', () => {
  it('a refused key: one sentence naming the key to check, in the stream and in a 502; one log line; the stack only in debug', async () => {
    const { call, frogbot, token, logged, debugged } = await failingApp(refusedKey)
    const sentence = 'The model provider refused the API key (401): check OPENAI_API_KEY, then retry.'
    const streamed = await frogbot.fetch(
      new Request('http://localhost/api/agents/planner', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify({ prompt: 'Hello' }) })
    )
    const errors = (await decodeChunks(streamed)).filter((chunk) => chunk.type === 'error')
    expect(errors).toEqual([{ type: 'error', errorText: sentence }])

    const failed = await call('POST', '/api/agents/planner', { prompt: 'Hello again' })
    expect(failed).toMatchObject({ status: 502, json: { code: 'model-error', error: `${sentence} What it generated is kept in the chat.` } })
    expect(logged).toHaveLength(2)
    for (const line of logged) {
      expect(line).toMatch(/^frogbot: the model of agent "planner" failed in chat chat_\S+: The model provider refused the API key \(401\): check OPENAI_API_KEY, then retry\. \(status 401, url https:\/\/api\.openai\.com\/v1\/responses\)$/)
      expect(line).not.toContain('\n')
    }
    expect(debugged).toHaveLength(2)
    expect(debugged[0]).toContain('AI_APICallError')
    expect(debugged[0]).toMatch(/\n\s+at /)
  })

  it('a provider that keeps failing is retried, and still logged once, with its attempts; the chat then works again', async () => {
    const overloaded = () => new APICallError({ message: 'Overloaded', url: 'https://api.anthropic.com/v1/messages', requestBodyValues: {}, statusCode: 529, responseHeaders: { 'retry-after-ms': '5' }, isRetryable: true })
    const { call, logged, calls } = await failingApp(overloaded, 3)
    const failed = await call('POST', '/api/agents/planner', { prompt: 'Hello' })
    expect(failed.json.error).toBe('The model provider had a problem (529: Overloaded): retry in a moment. What it generated is kept in the chat.')
    expect(calls()).toBe(3)
    expect(logged).toEqual([`frogbot: the model of agent "planner" failed in chat ${failed.json.chatId}: The model provider had a problem (529: Overloaded): retry in a moment. (status 529, url https://api.anthropic.com/v1/messages, 3 attempts)`])
    expect((await call('POST', '/api/agents/planner', { prompt: 'Again', chatId: failed.json.chatId })).json.text).toBe('Working now.')
  })

  it('says what to do for each kind of failure', () => {
    const api = (statusCode: number | undefined, extra: Partial<ConstructorParameters<typeof APICallError>[0]> = {}) =>
      new APICallError({ message: 'failed', url: 'https://generativelanguage.googleapis.com/v1beta/models/x', requestBodyValues: {}, statusCode, ...extra })
    expect(modelErrorText(api(403))).toBe('The model provider refused the API key (403): check GOOGLE_GENERATIVE_AI_API_KEY, then retry.')
    expect(modelErrorText(api(401, { url: 'http://localhost:11434/v1/chat/completions' }))).toBe("The model provider refused the API key (401): check the provider's API key, then retry.")
    expect(modelErrorText(api(404, { responseBody: '{"error":{"message":"model qwen9 not found"}}' }))).toBe("The model provider does not know this model (404: model qwen9 not found): check the model's name, then retry.")
    expect(modelErrorText(api(429))).toBe('The model provider is busy or limiting requests (429): wait a moment, then retry.')
    expect(modelErrorText(api(400, { responseBody: '{"error":"context too long"}' }))).toBe('The model provider refused the request (400: context too long): retry, or start a new chat if it keeps failing.')
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:11434'), { code: 'ECONNREFUSED' })
    expect(modelErrorText(api(undefined, { url: 'http://127.0.0.1:11434/v1/chat/completions', cause: new TypeError('fetch failed', { cause: refused }) }))).toBe(
      "Could not reach the model provider at 127.0.0.1:11434 (ECONNREFUSED): check the network and the provider's base URL, then retry."
    )
    expect(modelErrorText(new Error('the file https://x.example/a.pdf is larger than 20 MiB'))).toBe("The model failed: the file https://x.example/a.pdf is larger than 20 MiB. Retry, or check the model's key and name.")
  })
})
