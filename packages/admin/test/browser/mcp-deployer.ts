import { serve } from '@hono/node-server'
import { createMcpHandler, inputRequired, McpServer } from '@modelcontextprotocol/server'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { z } from 'zod'

/** The form `deploy` asks for: every primitive MCP form elicitation allows. */
export const DEPLOY_FORM = {
  type: 'object',
  properties: {
    environment: { type: 'string', title: 'Environment', oneOf: [{ const: 'staging', title: 'Staging' }, { const: 'production', title: 'Production' }] },
    replicas: { type: 'integer', title: 'Replicas', minimum: 1, maximum: 5, default: 2 },
    contact: { type: 'string', title: 'On-call email', format: 'email' },
    regions: { type: 'array', title: 'Regions', items: { type: 'string', enum: ['eu-west', 'us-east', 'ap-south'] } },
    notify: { type: 'boolean', title: 'Tell the team', default: true },
    note: { type: 'string', title: 'Note', maxLength: 200 }
  },
  required: ['environment', 'replicas', 'contact']
} as const

/**
 * A local MCP server on the official SDK (`@modelcontextprotocol/server`) for the admin journeys:
 * `deploy` asks for {@link DEPLOY_FORM} (form elicitation) and answers what it was given (or
 * `not deployed: decline`); `connect` asks the person to open a sign-in link (URL elicitation)
 * that counts its visits, and answers `connected: accept` once they say they finished. `received`
 * is every answer the server got; `linkHits` how often the link was fetched.
 */
export async function startMcpDeployer() {
  let linkHits = 0
  const received: unknown[] = []
  const page = createServer((_request, response) => {
    linkHits++
    response.end('signed in')
  })
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', () => resolve()))
  const linkUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/billing/sign-in`
  const handler = createMcpHandler(() => {
    const mcp = new McpServer({ name: 'deployer', version: '1.0.0' })
    mcp.registerTool('deploy', { description: 'Deploy the service.', inputSchema: z.object({ service: z.string() }) }, async ({ service }, ctx) => {
      const response = ctx.mcpReq.inputResponses?.form as { action: string; content?: Record<string, unknown> } | undefined
      if (!response) return inputRequired({ inputRequests: { form: inputRequired.elicit({ message: `How should ${service} be deployed?`, requestedSchema: DEPLOY_FORM as never }) }, requestState: `deploy-${service}` })
      received.push(response)
      if (response.action !== 'accept') return { content: [{ type: 'text', text: `not deployed: ${response.action}` }] }
      const { environment, replicas, regions } = response.content as { environment: string; replicas: number; regions?: string[] }
      return { content: [{ type: 'text', text: `deployed ${service} to ${environment} with ${replicas} replicas in ${(regions ?? []).join(' and ') || 'no region'}` }] }
    })
    mcp.registerTool('connect', { description: 'Connect the billing account.', inputSchema: z.object({}) }, async (_input, ctx) => {
      const response = ctx.mcpReq.inputResponses?.login as { action: string } | undefined
      if (!response) return inputRequired({ inputRequests: { login: inputRequired.elicitUrl({ message: 'Sign in to the billing system.', url: linkUrl }) }, requestState: 'connect' })
      received.push(response)
      return { content: [{ type: 'text', text: `connected: ${response.action}` }] }
    })
    return mcp
  })
  const server = serve({ fetch: (request) => handler.fetch(request), port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((ready) => server.once('listening', () => ready()))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    linkUrl,
    received,
    linkHits: () => linkHits,
    close: async () => {
      await new Promise((done) => server.close(done))
      await new Promise((done) => page.close(done))
    }
  }
}
