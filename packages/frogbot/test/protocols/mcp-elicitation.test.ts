import { serve } from '@hono/node-server'
import { acceptedContent, createMcpHandler, inputRequired, McpServer } from '@modelcontextprotocol/server'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { interruptsOf } from '../../src/http/ag-ui/ag-ui-interrupts.ts'
import { scriptedDualModel } from '../turns/turn-test-kit.ts'

// A local MCP server on the official SDK whose tools ask for input (MCP 2026-07-28 multi round-trip
// requests), and a page the URL-mode elicitation links to, which must never be fetched.
let server: ReturnType<typeof serve>
let page: Server
let url: string
let linkUrl: string
let pageHits = 0
const rounds: { inputResponses?: unknown; requestState?: unknown }[] = []
const confirmation = z.object({ confirm: z.boolean(), note: z.string().optional() })

beforeAll(async () => {
  page = createServer((_request, response) => {
    pageHits++
    response.end('signed in')
  })
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', () => resolve()))
  linkUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/sign-in`
  const handler = createMcpHandler(() => {
    const mcp = new McpServer({ name: 'deployer', version: '1.0.0' })
    mcp.registerTool('deploy', { description: 'Deploy a service.', inputSchema: z.object({ env: z.string() }) }, async ({ env }, ctx) => {
      rounds.push({ inputResponses: ctx.mcpReq.inputResponses, requestState: ctx.mcpReq.requestState() })
      const response = ctx.mcpReq.inputResponses?.confirm as { action?: string } | undefined
      if (!response) {
        return inputRequired({ inputRequests: { confirm: inputRequired.elicit({ message: `Deploy to ${env}?`, requestedSchema: confirmation }) }, requestState: `state-${env}` })
      }
      if (response.action !== 'accept') return { content: [{ type: 'text', text: `not deployed: ${response.action}` }] }
      const accepted = acceptedContent(ctx.mcpReq.inputResponses, 'confirm') as z.infer<typeof confirmation>
      return { content: [{ type: 'text', text: accepted.confirm ? `deployed to ${env}` : 'not confirmed' }] }
    })
    mcp.registerTool('survey', { description: 'Ask twice.', inputSchema: z.object({}) }, async () =>
      inputRequired({ inputRequests: { again: inputRequired.elicit({ message: 'Once more?', requestedSchema: z.object({ ok: z.boolean() }) }) }, requestState: 'state-again' })
    )
    mcp.registerTool('connect', { description: 'Connect an account.', inputSchema: z.object({}) }, async (_input, ctx) => {
      rounds.push({ inputResponses: ctx.mcpReq.inputResponses, requestState: ctx.mcpReq.requestState() })
      if (!ctx.mcpReq.inputResponses) return inputRequired({ inputRequests: { login: inputRequired.elicitUrl({ message: 'Sign in to the billing system.', url: linkUrl }) }, requestState: 'state-login' })
      return { content: [{ type: 'text', text: `connected: ${(ctx.mcpReq.inputResponses.login as { action: string }).action}` }] }
    })
    return mcp
  })
  await new Promise<void>((resolve) => {
    server = serve({ fetch: (request) => handler.fetch(request), port: 0, hostname: '127.0.0.1' }, () => resolve())
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`
})
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await new Promise<void>((resolve) => page.close(() => resolve()))
})

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
  rounds.length = 0
})

async function deployer(steps: Parameters<typeof scriptedModel>[0]) {
  const app = await testFrogbot({ model: scriptedModel(steps), agents: [{ slug: 'planner', model: 'fast', mcp: [{ url }] }] })
  cleanup = app.close
  return app
}

const partOf = async (app: Awaited<ReturnType<typeof deployer>>, chatId: string) => {
  const chat = await app.call('GET', `/api/agents/planner/chats/${chatId}`)
  return { chat: chat.json, part: chat.json.messages.at(-1).parts.find((entry: any) => entry.toolCallId === 'call_1') }
}

describe("an MCP tool's request for input (form elicitation)", () => {
  it('waits as a pending call of kind mcp-elicitation; an answer over HTTP settle goes back to the server, the tool call completes and the reply continues', async () => {
    const app = await deployer([toolStep([{ toolCallId: 'call_1', toolName: 'deploy', input: { env: 'prod' } }]), textStep('Deployed.')])
    const asked = await app.call('POST', '/api/agents/planner', { prompt: 'Deploy to prod' })
    expect(asked.json).toMatchObject({ status: 'awaiting-input', pending: [{ toolCallId: 'call_1', kind: 'mcp-elicitation', toolName: 'deploy', input: { mode: 'form', message: 'Deploy to prod?', requestedSchema: { type: 'object', required: ['confirm'] } } }] })
    // The server's request state stays on the server: not in the pending call, not in the chat.
    const waiting = await partOf(app, asked.json.chatId)
    expect(JSON.stringify(asked.json)).not.toContain('state-prod')
    expect(JSON.stringify(waiting.chat)).not.toContain('state-prod')
    expect(waiting.part).toMatchObject({ state: 'input-available', input: { env: 'prod' } })

    const done = await app.call('POST', `/api/agents/planner/chats/${asked.json.chatId}/settle`, { toolCallId: 'call_1', output: { confirm: true, note: 'go' } })
    expect(done.json).toMatchObject({ status: 'complete', text: 'Deployed.' })
    expect(rounds.at(-1)).toEqual({ inputResponses: { confirm: { action: 'accept', content: { confirm: true, note: 'go' } } }, requestState: 'state-prod' })
    const { part, chat } = await partOf(app, asked.json.chatId)
    expect(part).toMatchObject({ state: 'output-available', output: { content: 'deployed to prod' } })
    expect(chat.messages.at(-1).settlements).toContainEqual(expect.objectContaining({ toolCallId: 'call_1', outcome: 'answered' }))
  })

  it("a useChat resubmission (the admin chat's Accept) answers it like a client tool's output, checked against the requested schema", async () => {
    const app = await deployer([toolStep([{ toolCallId: 'call_1', toolName: 'deploy', input: { env: 'eu' } }]), textStep('Deployed.')])
    const asked = await app.call('POST', '/api/agents/planner', { prompt: 'Deploy to eu' })
    const { chat } = await partOf(app, asked.json.chatId)
    const answered = (output: unknown) => {
      const assistant = structuredClone(chat.messages.at(-1))
      assistant.parts = assistant.parts.map((part: any) => (part.toolCallId === 'call_1' ? { ...part, state: 'output-available', output } : part))
      return { id: asked.json.chatId, messages: [...chat.messages.slice(0, -1), assistant] }
    }
    const refused = await app.call('POST', '/api/agents/planner', answered({ confirm: 'yes' }))
    expect(refused.status).toBe(400)
    // Named by the path the resubmission carried it at, not the settle body's.
    const field = /^messages\.1\.parts\.\d+\.output\.confirm: /
    expect(refused.json).toMatchObject({ code: 'invalid-output', error: expect.stringMatching(field) })
    const done = await app.call('POST', '/api/agents/planner', answered({ confirm: true }))
    expect(done.json).toMatchObject({ status: 'complete', text: 'Deployed.' })
    expect(rounds.at(-1)).toEqual({ inputResponses: { confirm: { action: 'accept', content: { confirm: true } } }, requestState: 'state-eu' })
  })

  it('a dismissal goes back to the server as a decline, and the tool call completes with its result', async () => {
    const app = await deployer([toolStep([{ toolCallId: 'call_1', toolName: 'deploy', input: { env: 'staging' } }]), textStep('Not deployed.')])
    const asked = await app.call('POST', '/api/agents/planner', { prompt: 'Deploy to staging' })
    const done = await app.call('POST', `/api/agents/planner/chats/${asked.json.chatId}/settle`, { toolCallId: 'call_1', dismissed: true, reason: 'not today' })
    expect(done.json).toMatchObject({ status: 'complete', text: 'Not deployed.' })
    expect(rounds.at(-1)).toEqual({ inputResponses: { confirm: { action: 'decline' } }, requestState: 'state-staging' })
    const { part, chat } = await partOf(app, asked.json.chatId)
    expect(part).toMatchObject({ state: 'output-available', output: { content: 'not deployed: decline' } })
    expect(chat.messages.at(-1).settlements).toContainEqual(expect.objectContaining({ toolCallId: 'call_1', outcome: 'dismissed' }))
  })

  it('an answer that does not match the requested schema is 400 invalid-output naming the field, and the call still waits', async () => {
    const app = await deployer([toolStep([{ toolCallId: 'call_1', toolName: 'deploy', input: { env: 'prod' } }]), textStep('Deployed.')])
    const asked = await app.call('POST', '/api/agents/planner', { prompt: 'Deploy to prod' })
    const refused = await app.call('POST', `/api/agents/planner/chats/${asked.json.chatId}/settle`, { toolCallId: 'call_1', output: { confirm: 'yes' } })
    expect(refused.status).toBe(400)
    expect(refused.json).toMatchObject({ code: 'invalid-output', error: expect.stringMatching(/^output\.confirm: /) })
    expect(rounds).toHaveLength(1)
    const { part } = await partOf(app, asked.json.chatId)
    expect(part).toMatchObject({ state: 'input-available' })
  })

  it('a tool that asks again after an answer fails as a tool error naming the one-round rule', async () => {
    const app = await deployer([toolStep([{ toolCallId: 'call_1', toolName: 'survey', input: {} }]), textStep('It failed.')])
    const asked = await app.call('POST', '/api/agents/planner', { prompt: 'Survey' })
    const done = await app.call('POST', `/api/agents/planner/chats/${asked.json.chatId}/settle`, { toolCallId: 'call_1', output: { ok: true } })
    expect(done.json).toMatchObject({ status: 'complete', text: 'It failed.' })
    const { part, chat } = await partOf(app, asked.json.chatId)
    expect(part).toMatchObject({ state: 'output-error', errorText: expect.stringContaining('asked for input again') })
    expect(JSON.stringify(chat)).not.toContain('state-again')
  })

  it('a local generate() without a chat gets a tool error: nowhere for the request to wait', async () => {
    const app = await testFrogbot({ model: scriptedDualModel([toolStep([{ toolCallId: 'call_1', toolName: 'deploy', input: { env: 'prod' } }]), textStep('It could not ask.')]).model, agents: [{ slug: 'planner', model: 'fast', mcp: [{ url }] }] })
    cleanup = app.close
    const result = await app.frogbot.agents.planner!.generate({ prompt: 'Deploy to prod' })
    expect(result.text).toBe('It could not ask.')
    const error = result.steps[0].content.find((part: { type: string }) => part.type === 'tool-error') as { error: Error } | undefined
    expect(error?.error.message).toMatch(/asks for input, which a run without a chat cannot wait for/)
  })

  it("an AG-UI interrupt for it carries the server's message and requested schema", () => {
    const [interrupt] = interruptsOf({ clientTools: new Map() } as never, [
      { toolCallId: 'call_1', toolName: 'deploy', kind: 'mcp-elicitation', input: { mode: 'form', message: 'Deploy?', requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } } }, messageId: 'm', chatId: 'c', agentSlug: 'planner', createdAt: '' }
    ])
    expect(interrupt).toMatchObject({ id: 'call_1', reason: 'mcp-elicitation', message: 'Deploy?', responseSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } } })
  })

  it("the streamed turn shows the call waiting, never the server's request state", async () => {
    const app = await deployer([toolStep([{ toolCallId: 'call_1', toolName: 'deploy', input: { env: 'edge' } }]), textStep('Deployed.')])
    const response = await app.frogbot.fetch(
      new Request('http://localhost/api/agents/planner', {
        method: 'POST',
        headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ prompt: 'Deploy to edge' })
      })
    )
    const text = await response.text()
    expect(text).toContain('"toolCallId":"call_1"')
    expect(text).not.toContain('state-edge')
    expect(text).not.toContain('mcpInputRequired')
  })

  it('a URL-mode elicitation is shown as a link and never fetched by the server; the person says they finished and the tool call completes', async () => {
    const app = await deployer([toolStep([{ toolCallId: 'call_1', toolName: 'connect', input: {} }]), textStep('Connected.')])
    const asked = await app.call('POST', '/api/agents/planner', { prompt: 'Connect billing' })
    expect(asked.json.pending).toEqual([expect.objectContaining({ kind: 'mcp-elicitation', input: { mode: 'url', message: 'Sign in to the billing system.', url: linkUrl } })])
    const done = await app.call('POST', `/api/agents/planner/chats/${asked.json.chatId}/settle`, { toolCallId: 'call_1', output: {} })
    expect(done.json).toMatchObject({ status: 'complete', text: 'Connected.' })
    expect(rounds.at(-1)).toEqual({ inputResponses: { login: { action: 'accept' } }, requestState: 'state-login' })
    expect(pageHits).toBe(0)
  })
})
