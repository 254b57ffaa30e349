import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { lookup } from 'node:dns/promises'
import { hostname } from 'node:os'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { isPublicAddress } from '../../src/models/public-address.ts'
import { errorOf } from '../helpers/error-body.ts'
import { scriptedModel, textStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// Reproduced against a running server: each input here once gave a 500 or a 502 and left a chat
// behind, or made the server fetch an address on its own network.
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})
async function app(config: Parameters<typeof testFrogbot>[0]['config'] = {}, steps = [textStep('Got it.')]) {
  const model = scriptedModel(steps)
  const made = await testFrogbot({ model, config })
  cleanups.push(made.close)
  return { ...made, model }
}
const userMessage = (...parts: unknown[]) => ({ messages: [{ id: 'msg_user_0001', role: 'user', parts }] })
const chatsOf = async (call: Awaited<ReturnType<typeof app>>['call']) => (await call('GET', '/api/agents/planner/chats')).json.chats

// A host name (not a literal address, not "localhost") that resolves to this machine, as in the report.
const host = hostname()
const resolved = await lookup(host).then(({ address }) => address, () => null)
const hostResolvesPrivate = resolved !== null && !isPublicAddress(resolved)

// A listener on that address that records every request it gets: the "internal service".
let internal: Server
let internalPort = 0
const hits: string[] = []
beforeAll(async () => {
  internal = createServer((request, response) => {
    hits.push(`${request.method} ${request.url} ${request.headers['user-agent'] ?? ''}`)
    response.setHeader('content-type', 'text/plain')
    response.end('internal secret')
  })
  await new Promise<void>((resolve) => internal.listen(0, resolved ?? '127.0.0.1', resolve))
  internalPort = (internal.address() as AddressInfo).port
})
afterAll(() => new Promise((resolve) => internal.close(resolve)))


describe('user message parts', () => {
  it('an extra key nested 6,000 levels deep is 400 naming it; no chat is stored', async () => {
    const { call } = await app()
    const deep = '{"a":'.repeat(6000) + '1' + '}'.repeat(6000)
    const body = `{"messages":[{"id":"m1","role":"user","parts":[{"type":"text","text":"Plan it","extra":${deep}}]}]}`
    const refused = await call('POST', '/api/agents/planner', body)
    expect(refused.status).toBe(400)
    expect(errorOf(refused.json).message).toBe('messages.0.parts.0.extra.a.…: nested more than 64 levels deep')
    expect(await chatsOf(call)).toEqual([])
  })

  it('deep JSON is 400 on every route that reads a body, never a 500', async () => {
    const { call } = await app()
    // A chat of the caller's: one they may not see is refused before its body (docs/http/errors.md).
    const chatId = (await call('POST', '/api/agents/planner', { prompt: 'Hi' })).json.chatId
    const deep = '['.repeat(100_000) + ']'.repeat(100_000)
    for (const [method, path] of [
      ['POST', '/api/agents/planner'],
      ['POST', `/api/agents/planner/chats/${chatId}/settle`],
      ['POST', '/api/auth/login']
    ]) {
      const answer = await call(method, path, `{"output":${deep}}`)
      expect(answer.status, path).toBe(400)
      expect(errorOf(answer.json).message, path).toBe('output.0.0.0.0.0.…: nested more than 64 levels deep')
    }
  })

  it('an unknown field in a part is 400 naming it', async () => {
    const { call } = await app()
    const refused = await call('POST', '/api/agents/planner', userMessage({ type: 'text', text: 'Hi', providerMetadata: { openai: { store: true } } }))
    expect(refused.status).toBe(400)
    expect(errorOf(refused.json).message).toBe('messages.0.parts.0: unknown field "providerMetadata"')
    expect(await chatsOf(call)).toEqual([])
  })

  it('a file part with a file: URL is 400 naming the field, nothing stored (it was 502 with a stored chat)', async () => {
    const { call, model } = await app()
    const refused = await call('POST', '/api/agents/planner', userMessage({ type: 'text', text: 'Read this' }, { type: 'file', mediaType: 'text/plain', url: 'file:///etc/passwd' }))
    expect(refused.status).toBe(400)
    expect(errorOf(refused.json).message).toBe('messages.0.parts.1.url: must be a data: URL or an https: URL, not file:')
    expect(await chatsOf(call)).toEqual([])
    expect(model.doStreamCalls).toHaveLength(0)
  })

  it('a bad media type or a data: URL that is not base64 is 400', async () => {
    const { call } = await app()
    const badType = await call('POST', '/api/agents/planner', userMessage({ type: 'file', mediaType: 'png', url: 'data:image/png;base64,AAAA' }))
    expect(errorOf(badType.json).message).toBe('messages.0.parts.0.mediaType: must be a media type such as "image/png"')
    const notBase64 = await call('POST', '/api/agents/planner', userMessage({ type: 'file', mediaType: 'text/plain', url: 'data:text/plain,hello' }))
    expect(errorOf(notBase64.json).message).toBe('messages.0.parts.0.url: a data: URL must be base64 (data:<type>;base64,<data>)')
    expect(await chatsOf(call)).toEqual([])
  })

  it('a file inline as a base64 data: URL reaches the model', async () => {
    const { call, model } = await app()
    const url = `data:text/plain;base64,${Buffer.from('shopping list').toString('base64')}`
    const sent = await call('POST', '/api/agents/planner', userMessage({ type: 'text', text: 'Read this' }, { type: 'file', mediaType: 'text/plain', url, filename: 'list.txt' }))
    expect(sent.status).toBe(200)
    const file = (model.doStreamCalls[0].prompt.at(-1)!.content as any[]).find((part) => part.type === 'file')
    expect(Buffer.from(file.data.data, 'base64').toString()).toBe('shopping list')
  })
})

describe.runIf(hostResolvesPrivate)(`file URLs of a host name that resolves to this machine (${host})`, () => {
  afterEach(() => {
    hits.length = 0
  })
  const part = () => ({ type: 'file', mediaType: 'text/plain', url: `http://${host}:${internalPort}/secret.txt` })

  it('are refused with 400 by default, and the server never calls them', async () => {
    const { call } = await app()
    const refused = await call('POST', '/api/agents/planner', userMessage({ type: 'text', text: 'Summarize' }, part()))
    expect(refused.status).toBe(400)
    expect(errorOf(refused.json).message).toMatch(new RegExp(`^messages\\.0\\.parts\\.1\\.url: the server does not download files from ${host} .*send the file inline as a data: URL`))
    expect(await chatsOf(call)).toEqual([])
    expect(hits).toEqual([])
  })

  it('are refused at download time when the host is allowed but resolves to a private address', async () => {
    const { call } = await app({ files: { download: { hosts: [host] } } })
    const failed = await call('POST', '/api/agents/planner', userMessage({ type: 'text', text: 'Summarize' }, part()))
    expect(failed.status).toBe(502)
    expect(errorOf(failed.json).message).toContain(`resolves to ${resolved}, which is not a public address`)
    expect(hits).toEqual([])
  })

  it('are not fetched by local calls either', async () => {
    const { frogbot } = await app()
    await expect(
      frogbot.agents.planner.generate({ messages: [{ role: 'user', content: [{ type: 'file', mediaType: 'text/plain', data: new URL(part().url) }] }] })
    ).rejects.toThrow(/does not download files from/)
    expect(hits).toEqual([])
  })

  it('are downloaded only when the app allows the host and private addresses', async () => {
    const { call, model } = await app({ files: { download: { hosts: [host], allowPrivateAddresses: true } } })
    const sent = await call('POST', '/api/agents/planner', userMessage({ type: 'text', text: 'Summarize' }, part()))
    expect(sent.status).toBe(200)
    expect(hits).toEqual([expect.stringMatching(/^GET \/secret\.txt/)])
    const file = (model.doStreamCalls[0].prompt.at(-1)!.content as any[]).find((entry) => entry.type === 'file')
    expect(Buffer.from(file.data.data ?? file.data).toString()).toBe('internal secret')
  })
})

describe('file URLs the model fetches itself', () => {
  it('are passed to the model as URLs, never downloaded by the server', async () => {
    const model = scriptedModel([textStep('Nice picture.')])
    Object.defineProperty(model, 'supportedUrls', { value: { 'image/*': [/^https:\/\/.*$/] } })
    const made = await testFrogbot({ model })
    cleanups.push(made.close)
    const url = 'https://images.example.com/cat.png'
    const sent = await made.call('POST', '/api/agents/planner', userMessage({ type: 'text', text: 'What is it?' }, { type: 'file', mediaType: 'image/png', url }))
    expect(sent.status).toBe(200)
    const file = (model.doStreamCalls[0].prompt.at(-1)!.content as any[]).find((entry) => entry.type === 'file')
    expect(String(file.data.url ?? file.data)).toBe(url)
    const pdf = await made.call('POST', '/api/agents/planner', userMessage({ type: 'file', mediaType: 'application/pdf', url: 'https://files.example.com/a.pdf' }))
    expect(errorOf(pdf.json).message).toMatch(/^messages\.0\.parts\.0\.url: the server does not download files from files\.example\.com/)
  })
})

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, shared, mapped and reserved addresses', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '2001:db8::1', '224.0.0.1', 'not-an-ip']) {
      expect(isPublicAddress(address), address).toBe(false)
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true)
  })
})
