import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Tool } from '../../src/index.ts'
import { scriptedModel, textStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// The manifest publishes the server tools that may wait for approval, so a chat UI can draw the
// approval card and its Edit form (docs/agents/approvals.md, "In the chat UI").

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

const invoiceInput = z.object({
  to: z.string().min(1).describe('Who gets the invoice'),
  amount: z.number().positive(),
  currency: z.enum(['EUR', 'USD']),
  lines: z.array(z.object({ item: z.string(), amount: z.number() })).optional()
})

const sendInvoice: Tool<typeof invoiceInput> = {
  slug: 'send_invoice',
  description: 'Send an invoice to a customer.',
  inputSchema: invoiceInput,
  needsApproval: true,
  execute: async () => ({ sent: true })
}

const lookup: Tool = { slug: 'lookup', description: 'Look a customer up.', inputSchema: z.object({ q: z.string() }), execute: async () => ({}) }

describe('GET /api/frogbot: approval tools', () => {
  it("lists each tool with needsApproval with its description and the input's JSON Schema exactly as the model is given it", async () => {
    const model = scriptedModel([textStep('Hello.')])
    const app = await testFrogbot({ model, tools: [sendInvoice, lookup, { ...sendInvoice, slug: 'refund', description: 'Refund a customer.', needsApproval: ({ input }) => input.amount > 100 }] })
    cleanup = app.close
    const manifest = await app.call('GET', '/api/frogbot')
    const planner = manifest.json.agents.find((agent: { slug: string }) => agent.slug === 'planner')
    expect(planner.approvalTools.map((tool: { name: string }) => tool.name)).toEqual(['send_invoice', 'refund'])
    const [invoice, refund] = planner.approvalTools
    expect(invoice).toMatchObject({ name: 'send_invoice', description: 'Send an invoice to a customer.' })
    expect(refund.description).toBe('Refund a customer.')
    expect(invoice.inputSchema).toMatchObject({
      type: 'object',
      required: ['to', 'amount', 'currency'],
      properties: { to: { type: 'string', description: 'Who gets the invoice' }, currency: { enum: ['EUR', 'USD'] }, lines: { type: 'array' } }
    })

    await app.call('POST', '/api/agents/planner', { prompt: 'Hi' })
    const offered = (model.doStreamCalls[0].tools ?? []) as { name: string; inputSchema: Record<string, unknown> }[]
    const { $schema: _dialect, ...seen } = offered.find((tool) => tool.name === 'send_invoice')!.inputSchema
    expect(invoice.inputSchema).toEqual(seen)
    // The same list in GET /api/agents.
    const agents = await app.call('GET', '/api/agents')
    expect(agents.json.agents[0].approvalTools).toEqual(planner.approvalTools)
  })

  it('leaves approvalTools out for an agent without such tools', async () => {
    const app = await testFrogbot({ model: scriptedModel([]), tools: [lookup] })
    cleanup = app.close
    const manifest = await app.call('GET', '/api/frogbot')
    expect(manifest.json.agents[0]).not.toHaveProperty('approvalTools')
  })
})
