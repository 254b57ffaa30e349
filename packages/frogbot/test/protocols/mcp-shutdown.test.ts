import { join } from 'node:path'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { afterEach, describe, expect, it } from 'vitest'
import type { Frogbot } from '../../src/index.ts'
import { internalsOf } from '../../src/frogbot-internals.ts'
import { SHUTDOWN_PROBLEM } from '../../src/http/mcp/agent-tools.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { mcpClient } from './mcp-client-kit.ts'

// A server shutting down while an `ask_human` round waits: the question stays in its chat, so the
// client is told to ask again (as after `waitSeconds`), and a FrogBot of the same database answers.
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const answer = { answers: [{ header: 'Color', selected: ['Blue'] }] }

/** A FrogBot on the SQLite file `file` (`ask_human` rounds of 30 s) with `model`; closed after the test. */
async function server(file: string, model = scriptedModel([textStep('Noted.')])) {
  const config = { mcp: { enabled: true, waitSeconds: 30 } }
  const app = await testFrogbot({ model, filename: file, config })
  cleanups.push(() => app.frogbot.close())
  return app
}

/** The one waiting chat and its question call, read through `call` once `ask_human` made it. */
async function waitingChat(call: Awaited<ReturnType<typeof server>>['call']) {
  for (let tries = 0; tries < 100; tries++) {
    const { chats } = (await call('GET', '/api/chats')).json
    const chat = chats?.find((entry: any) => entry.state === 'awaiting')
    if (chat) {
      const pending = await call('GET', `/api/agents/planner/chats/${chat.id}/pending`)
      return { chatId: chat.id as string, toolCallId: pending.json.pending[0].toolCallId as string }
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('ask_human made no waiting chat')
}

/**
 * A `fetch` to whichever FrogBot `to()` names when the request is sent, recording what each
 * answered (`answered`: the server, the body text read from a copy, and when it ended).
 */
function router(to: () => Promise<Frogbot>) {
  const answered: { server: Frogbot; body: string; at: number }[] = []
  const fetch = async (request: Request) => {
    const target = await to()
    const response = await target.fetch(request)
    answered.push({ server: target, body: await response.clone().text(), at: Date.now() })
    return response
  }
  return { fetch, answered }
}

describe('the MCP server door: a server shutting down mid-round', () => {
  it('answers a cut ask_human round input_required; a restarted FrogBot takes the next', async () => {
    const temp = tempDir()
    cleanups.push(() => temp.remove())
    const file = join(temp.dir, 'frogbot.db')
    const first = await server(file)
    let restarted: Promise<Awaited<ReturnType<typeof server>>> | undefined
    const { fetch, answered } = router(async () => (restarted ? (await restarted).frogbot : first.frogbot))
    const client = await mcpClient({ fetch, token: first.token })
    cleanups.push(() => client.close())
    const asked = client.callTool({ name: 'ask_human', arguments: colorQuestion })
    const { chatId, toolCallId } = await waitingChat(first.call)
    // The round waits 30 s; the shutdown cuts it at once.
    const closedAt = Date.now()
    const closing = first.frogbot.close()
    restarted = closing.then(() => server(file))
    const second = await restarted
    await closing
    expect(Date.now() - closedAt).toBeLessThan(10_000)
    // The question still waits; answered on the restarted FrogBot, the client's next round gets it.
    const settle = `/api/agents/planner/chats/${chatId}/settle`
    const settled = await second.call('POST', settle, { toolCallId, output: answer })
    expect(settled.status).toBe(200)
    const result = await asked
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toEqual(answer)
    // The cut round was answered as one that waited its waitSeconds (the continuation), at once, not a tool
    // error; the last answer of the first FrogBot is that round (it waits 30 s a round).
    const cut = answered.filter((entry) => entry.server === first.frogbot).at(-1)!
    expect(cut.at - closedAt).toBeLessThan(5_000)
    expect(JSON.parse(cut.body.replace(/^(event|id): .*$/gm, '').replace(/^data: /m, ''))).toMatchObject({
      result: { resultType: 'input_required', requestState: expect.any(String) }
    })
    expect(cut.body).not.toContain('shutting down')
    // The next round went to the restarted FrogBot, which answered the answer.
    expect(answered.filter((entry) => entry.server === second.frogbot).length).toBeGreaterThan(0)
  }, 30_000)

  it("ends a 2025 client's held ask_human with a tool error naming the waiting chat", async () => {
    const temp = tempDir()
    cleanups.push(() => temp.remove())
    const file = join(temp.dir, 'frogbot.db')
    const first = await server(file)
    const legacy = { versionNegotiation: { mode: 'legacy' as const } }
    const client = new Client({ name: 'frogbot-test-2025', version: '1.0.0' }, legacy)
    const fetch = (url: string | URL | Request, init?: RequestInit) =>
      first.frogbot.fetch(new Request(url, init))
    const requestInit = { headers: { authorization: `Bearer ${first.token}` } }
    const url = new URL('http://localhost/mcp')
    await client.connect(new StreamableHTTPClientTransport(url, { fetch, requestInit }))
    cleanups.push(() => client.close())
    const asked = client.callTool({ name: 'ask_human', arguments: colorQuestion })
    const { chatId } = await waitingChat(first.call)
    const closedAt = Date.now()
    await first.frogbot.close()
    const result = await asked
    expect(Date.now() - closedAt).toBeLessThan(10_000)
    expect(result.isError).toBe(true)
    const text =
      'FrogBot is shutting down, and an MCP client on the 2025 protocol revision cannot wait on ' +
      `another server. The question still waits in FrogBot chat ${chatId}; its answer is read there ` +
      '(a client on the 2026-07-28 revision keeps waiting across a shutdown).'
    expect(result.content).toEqual([{ type: 'text', text }])
    const second = await server(file)
    const pending = await second.call('GET', `/api/agents/planner/chats/${chatId}/pending`)
    expect(pending.json.pending).toMatchObject([{ toolName: 'question', input: colorQuestion }])
  }, 30_000)

  // The answers to agent_<slug>'s forms reached a server that then shut down before settling them.
  it('asks the forms again; a restarted FrogBot settles their answers and the turn continues', async () => {
    const temp = tempDir()
    cleanups.push(() => temp.remove())
    const file = join(temp.dir, 'frogbot.db')
    const call = { toolCallId: 'call_1', toolName: 'question', input: colorQuestion }
    const asking = toolStep([call], 'Let me ask.')
    const first = await server(file, scriptedModel([asking]))
    // The shutdown begins while the round with the answers is in the door: after it read the
    // pending calls, before it settles them.
    const { engine } = internalsOf(first.frogbot)
    const pendingOf = engine.pending
    engine.pending = async (input) => {
      const found = await pendingOf(input)
      engine.services.closing = true
      return found
    }
    let target = first
    const { fetch, answered } = router(async () => target.frogbot)
    const forms: { message: string }[] = []
    const client = await mcpClient({
      fetch,
      token: first.token,
      elicit: async (params) => {
        forms.push(params)
        if (forms.length === 2) {
          await first.frogbot.close()
          target = await server(file, scriptedModel([textStep('Blue it is.')]))
        }
        return { action: 'accept', content: { q0: 'Blue' } }
      }
    })
    cleanups.push(() => client.close())
    const result = await client.callTool({ name: 'agent_planner', arguments: { prompt: 'Paint the shed' } })
    expect(forms.map((form) => form.message)).toEqual(['Which color?', `${SHUTDOWN_PROBLEM}\n\nWhich color?`])
    const completed = { status: 'complete', text: 'Blue it is.' }
    expect(result.structuredContent, JSON.stringify(result)).toMatchObject(completed)
    const { chatId } = result.structuredContent as { chatId: string }
    const chat = await target.call('GET', `/api/agents/planner/chats/${chatId}`)
    const { settlements } = chat.json.messages.at(-1)
    expect(settlements).toMatchObject([{ toolCallId: 'call_1', outcome: 'answered' }])
    expect(answered.at(-1)!.server).toBe(target.frogbot)
  }, 30_000)

  // A client that sends its round again every second kept its connection to the closing process
  // busy, so that process never exited and answered it 503 for ever, while the restarted one waited.
  it('answers 503 closed with Connection: close, so that the next round connects anew', async () => {
    const temp = tempDir()
    cleanups.push(() => temp.remove())
    const first = await server(join(temp.dir, 'frogbot.db'))
    await first.frogbot.close()
    const headers = { authorization: `Bearer ${first.token}`, 'content-type': 'application/json' }
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} })
    const requests = [
      new Request('http://localhost/mcp', { method: 'POST', headers, body }),
      new Request('http://localhost/api/chats', { headers })
    ]
    for (const request of requests) {
      const response = await first.frogbot.fetch(request)
      expect(response.status, request.url).toBe(503)
      expect(await response.json(), request.url).toMatchObject({ code: 'closed' })
      expect(response.headers.get('connection'), request.url).toBe('close')
    }
  })
})
