import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildConfig, createFrogbot, type Frogbot } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { colorQuestion, scriptedModel, textStep } from '../../src/testing/scripted-model.ts'
import { describePostgres } from '../../src/testing/postgres.ts'
import { postgresTestDatabase, type FreshDatabase } from '../../src/testing/test-databases.ts'
import { mcpClient } from './mcp-client-kit.ts'

// Two FrogBot processes on one PostgreSQL: the MCP client's rounds alternate between them (a state
// one signs, the other verifies), and answers sent to both at once settle the question once.
describePostgres('the MCP server door on two servers', () => {
  let database: FreshDatabase
  let servers: Frogbot[] = []
  let token: string

  beforeAll(async () => {
    database = await postgresTestDatabase()
    for (let i = 0; i < 2; i++) {
      const config = buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question] }], db: database.adapter(), mcp: { enabled: true, waitSeconds: 1 } })
      servers.push(await createFrogbot(config, { model: scriptedModel([textStep('Noted.')]), log: () => {}, maintenanceIntervalMs: 0 }))
    }
    const user = await ensureUser(storeOf(servers[0]).db, { email: 'ada@example.com' })
    token = (await createApiToken(storeOf(servers[0]).db, { userId: user.id, name: 'test' })).token
  })

  afterAll(async () => {
    for (const server of servers) await server.close()
    servers = []
    await database?.drop()
  })

  const http = (server: Frogbot, method: string, path: string, body?: unknown) =>
    server.fetch(new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }))

  it('waits across both processes and settles once', async () => {
    let turn = 0
    const alternating = (request: Request) => servers[turn++ % 2].fetch(request)
    const client = await mcpClient({ fetch: alternating, token })
    const asked = client.callTool({ name: 'ask_human', arguments: colorQuestion })
    let chatId: string | undefined
    while (!chatId) {
      const listed = (await (await http(servers[1], 'GET', '/api/chats')).json()) as { chats: { id: string; state: string }[] }
      chatId = listed.chats.find((chat) => chat.state === 'awaiting')?.id
      if (!chatId) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const { pending } = (await (await http(servers[0], 'GET', `/api/agents/planner/chats/${chatId}/pending`)).json()) as { pending: { toolCallId: string }[] }
    // Let a round or two pass through both processes first.
    await new Promise((resolve) => setTimeout(resolve, 2500))
    const answers = [['Blue'], ['Red']].map((selected, i) =>
      http(servers[i], 'POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: pending[0].toolCallId, output: { answers: [{ header: 'Color', selected }] } })
    )
    const statuses = (await Promise.all(answers)).map((response) => response.status).sort()
    expect(statuses).toEqual([200, 409])
    const result = await asked
    const { json: chat } = { json: (await (await http(servers[1], 'GET', `/api/agents/planner/chats/${chatId}`)).json()) as any }
    const settled = chat.messages.at(-1).settlements.filter((entry: any) => entry.toolCallId === pending[0].toolCallId)
    expect(settled).toHaveLength(1)
    const part = chat.messages.at(-1).parts.find((entry: any) => entry.toolCallId === pending[0].toolCallId)
    expect(settled[0].outcome).toBe('answered')
    expect(result.structuredContent).toEqual(part.output)
    expect(turn).toBeGreaterThan(3)
    await client.close()
  })
})
