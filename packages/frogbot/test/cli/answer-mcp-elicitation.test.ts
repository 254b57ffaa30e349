import { serve } from '@hono/node-server'
import { createMcpHandler, inputRequired, McpServer } from '@modelcontextprotocol/server'
import { writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { type FrogbotConfig, createFrogbot, sqliteAdapter } from '../../src/index.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { scriptedModel, toolStep } from '../../src/testing/scripted-model.ts'
import { REPO, cliEnv, runCli, tempCwd } from '../helpers/spawn-serve.ts'

// `frogbot pending` and `frogbot answer` on an MCP tool's request for input (kind mcp-elicitation,
// docs/protocols/mcp.md#when-an-mcp-tool-asks-for-input): the real bin script, a local MCP server
// on the official SDK, the offline demo model for the continuation.

const temp = tempCwd()
let server: ReturnType<typeof serve>
let url: string
const rounds: unknown[] = []

beforeAll(async () => {
  const handler = createMcpHandler(() => {
    const mcp = new McpServer({ name: 'deployer', version: '1.0.0' })
    mcp.registerTool('deploy', { description: 'Deploy a service.', inputSchema: z.object({ env: z.string() }) }, async ({ env }, ctx) => {
      rounds.push(ctx.mcpReq.inputResponses)
      if (!ctx.mcpReq.inputResponses) return inputRequired({ inputRequests: { confirm: inputRequired.elicit({ message: `Deploy to ${env}?`, requestedSchema: z.object({ confirm: z.boolean() }) }) }, requestState: 'state-cli' })
      return { content: [{ type: 'text', text: `deployed to ${env}` }] }
    })
    return mcp
  })
  await new Promise<void>((resolve) => {
    server = serve({ fetch: (request) => handler.fetch(request), port: 0, hostname: '127.0.0.1' }, () => resolve())
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`
  writeFileSync(
    join(temp.dir, 'frogbot.config.ts'),
    `import { buildConfig } from ${JSON.stringify(pathToFileURL(join(REPO, 'packages/frogbot/src/index.ts')).href)}\nexport default buildConfig({ agents: [{ slug: 'planner', model: 'fast', mcp: [{ url: ${JSON.stringify(url)} }] }] })\n`
  )
})
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  temp.remove()
})

const frogbot = (...args: string[]) => runCli([...args, '--config', join(temp.dir, 'frogbot.config.ts')], { cwd: temp.dir, env: cliEnv() })

describe('frogbot answer on an MCP elicitation', { timeout: 90_000 }, () => {
  it('lists the request with its schema, refuses an answer off the schema naming the field, and an answer completes the tool call', async () => {
    const config = ((await import(pathToFileURL(join(temp.dir, 'frogbot.config.ts')).href)) as { default: FrogbotConfig }).default
    const app = await createFrogbot({ ...config, db: sqliteAdapter({ filename: join(temp.dir, 'frogbot.db') }) }, { env: {}, log: () => {}, maintenanceIntervalMs: 0, model: scriptedModel([toolStep([{ toolCallId: 'call_1', toolName: 'deploy', input: { env: 'prod' } }])]) })
    let chatId: string
    try {
      const ada = await ensureUser(storeOf(app).db, { email: 'ada@example.com' })
      const { token } = await createApiToken(storeOf(app).db, { userId: ada.id, name: 'test' })
      const response = await app.fetch(new Request('http://localhost/api/agents/planner', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ prompt: 'Deploy to prod' }) }))
      const body = (await response.json()) as { chatId: string; pending: { kind: string }[] }
      expect(body.pending[0].kind).toBe('mcp-elicitation')
      chatId = body.chatId
    } finally {
      await app.close()
    }
    const listed = await frogbot('pending')
    expect(listed.stdout).toContain(`${chatId}  agent planner  tool deploy  call call_1`)
    expect(listed.stdout).toContain('"message":"Deploy to prod?"')
    expect(listed.stdout).not.toContain('state-cli')

    const off = await frogbot('answer', chatId, 'call_1', '--email', 'ada@example.com', '--json', '{ "confirm": "yes" }')
    expect(off.code).toBe(1)
    expect(off.stderr).toContain('output.confirm: ')

    const answered = await frogbot('answer', chatId, 'call_1', '--email', 'ada@example.com', '--json', '{ "confirm": true }')
    expect(answered.code, answered.stderr).toBe(0)
    expect(answered.stdout).toContain('deployed to prod')
    expect(rounds.at(-1)).toEqual({ confirm: { action: 'accept', content: { confirm: true } } })
  })
})
