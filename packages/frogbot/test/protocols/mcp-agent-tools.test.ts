import { serve } from '@hono/node-server'
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { configProblems } from '../../src/testing/config-problems.ts'
import { buildConfig } from '../../src/index.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// A local MCP server on the official SDK, whose tools an agent lists with `mcp: [{ url }]`.
let server: ReturnType<typeof serve>
let url: string
const calls: unknown[] = []

beforeAll(async () => {
  const handler = createMcpHandler(() => {
    const mcp = new McpServer({ name: 'billing', version: '1.0.0' })
    mcp.registerTool('charge', { description: 'Charge a customer.', inputSchema: z.object({ customer: z.string(), amount: z.number() }), outputSchema: z.object({ charged: z.boolean(), reference: z.string() }) }, async (input) => {
      calls.push(input)
      return { content: [{ type: 'text', text: 'charged' }], structuredContent: { charged: true, reference: `ref-${input.customer}` } }
    })
    mcp.registerTool('refund', { description: 'Refund a charge.', inputSchema: z.object({ reference: z.string() }) }, async () => ({ isError: true, content: [{ type: 'text', text: 'Refunds are closed on Sundays.' }] }))
    return mcp
  })
  await new Promise<void>((resolve) => {
    server = serve({ fetch: (request) => handler.fetch(request), port: 0, hostname: '127.0.0.1' }, () => resolve())
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

async function billingAgent(steps: Parameters<typeof scriptedModel>[0], needsApproval?: boolean) {
  const app = await testFrogbot({ model: scriptedModel(steps), agents: [{ slug: 'planner', model: 'fast', mcp: [{ url, ...(needsApproval ? { needsApproval } : {}) }] }] })
  cleanup = app.close
  return app
}

describe("an agent's MCP servers", () => {
  it('their tools are the agent\'s server tools: called with the model\'s input, the structured result stored', async () => {
    const app = await billingAgent([toolStep([{ toolCallId: 'call_1', toolName: 'charge', input: { customer: 'acme', amount: 5 } }]), textStep('Charged.')])
    const done = await app.call('POST', '/api/agents/planner', { prompt: 'Charge ACME 5' })
    expect(done.json).toMatchObject({ status: 'complete', text: 'Charged.' })
    const chat = await app.call('GET', `/api/agents/planner/chats/${done.json.chatId}`)
    const part = chat.json.messages.at(-1).parts.find((entry: any) => entry.toolCallId === 'call_1')
    expect(part).toMatchObject({ state: 'output-available', output: { charged: true, reference: 'ref-acme' } })
    expect(calls).toContainEqual({ customer: 'acme', amount: 5 })
  })

  it("an MCP tool's failure is stored as a tool error with the server's text, not as a model error", async () => {
    const app = await billingAgent([toolStep([{ toolCallId: 'call_1', toolName: 'refund', input: { reference: 'ref-acme' } }]), textStep('It failed.')])
    const done = await app.call('POST', '/api/agents/planner', { prompt: 'Refund it' })
    expect(done.json).toMatchObject({ status: 'complete' })
    const chat = await app.call('GET', `/api/agents/planner/chats/${done.json.chatId}`)
    const part = chat.json.messages.at(-1).parts.find((entry: any) => entry.toolCallId === 'call_1')
    expect(part).toMatchObject({ state: 'output-error', errorText: 'Refunds are closed on Sundays.' })
    expect(part.errorText).not.toMatch(/model/i)
  })

  it('needsApproval: true makes the calls wait for a person, and an approval runs the MCP tool', async () => {
    calls.length = 0
    const app = await billingAgent([toolStep([{ toolCallId: 'call_1', toolName: 'charge', input: { customer: 'globex', amount: 9 } }]), textStep('Charged.')], true)
    const asked = await app.call('POST', '/api/agents/planner', { prompt: 'Charge Globex 9' })
    expect(asked.json).toMatchObject({ status: 'awaiting-input', pending: [{ kind: 'approval', toolName: 'charge' }] })
    expect(calls).toEqual([])
    const done = await app.call('POST', `/api/agents/planner/chats/${asked.json.chatId}/settle`, { toolCallId: 'call_1', approved: true })
    expect(done.json).toMatchObject({ status: 'complete', text: 'Charged.' })
    expect(calls).toEqual([{ customer: 'globex', amount: 9 }])
  })

  it('a server that cannot be reached stops start-up, naming the field and the URL', async () => {
    const refused = await testFrogbot({ model: scriptedModel([]), agents: [{ slug: 'planner', model: 'fast', mcp: [{ url: 'http://127.0.0.1:9/mcp' }] }] }).catch((error) => error)
    expect(refused.problems?.[0]).toMatch(/^agents\[0\]\.mcp\[0\]\.url: could not list the tools of http:\/\/127\.0\.0\.1:9\/mcp/)
  })

  it('the option is checked: list, URL, headers, needsApproval, unknown keys', () => {
    const problems = configProblems(() =>
      buildConfig({ agents: [{ slug: 'planner', model: 'fast', mcp: [{ url: 'ftp://x', headers: { a: 1 }, needsApproval: 'yes', urll: 'x' }] }] } as never)
    )
    expect(problems).toEqual([
      'agents[0].mcp[0].urll: unknown option; did you mean url?',
      'agents[0].mcp[0].url: must be an http:// or https:// URL',
      'agents[0].mcp[0].headers: must be an object of header names to string values',
      'agents[0].mcp[0].needsApproval: must be true, false or a list of tool names'
    ])
    expect(configProblems(() => buildConfig({ agents: [{ slug: 'planner', model: 'fast', mcp: 'x' }] } as never))).toEqual(['agents[0].mcp: must be a list of MCP servers such as [{ url: "https://tools.example.com/mcp" }]'])
  })
})
