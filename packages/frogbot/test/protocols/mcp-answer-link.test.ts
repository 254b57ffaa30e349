import { afterEach, expect, it } from 'vitest'
import { buildConfig, createFrogbot } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { colorQuestion, scriptedModel, textStep } from '../../src/testing/scripted-model.ts'
import { createTestToken, createTestUser } from '../../src/testing/test-users.ts'
import { sqliteTestDatabase } from '../../src/testing/test-databases.ts'
import { linksIn } from '../notify/notify-kit.ts'
import { mcpClient } from './mcp-client-kit.ts'

// ask_human's question is a question like any other: its notice (docs/chat/reach-people.md) reaches
// the token's user with answer links, and the link's answer is what the MCP client gets.

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

it('ask_human answered through the answer link of its notice returns that answer to the MCP client', async () => {
  const database = await sqliteTestDatabase()
  const logs: string[] = []
  const frogbot = await createFrogbot(
    buildConfig({
      agents: [{ slug: 'planner', model: 'fast', tools: [question] }],
      db: database.adapter(),
      notify: { email: { from: 'FrogBot <frogbot@example.com>' } },
      mcp: { enabled: true, waitSeconds: 1 }
    }),
    { model: scriptedModel([textStep('Noted.')]), log: (line) => logs.push(line), maintenanceIntervalMs: 0, env: { FROGBOT_PUBLIC_URL: 'http://frogbot.test' } }
  )
  cleanups.push(async () => {
    await frogbot.close()
    await database.drop()
  })
  const ada = await createTestUser(frogbot, { email: 'ada@example.com', name: 'Ada' })
  const client = await mcpClient({ fetch: frogbot.fetch, token: await createTestToken(frogbot, { user: ada }) })
  cleanups.push(() => client.close())

  const asked = client.callTool({ name: 'ask_human', arguments: colorQuestion })
  const deadline = Date.now() + 10_000
  while (!logs.some((line) => line.includes('/answer/'))) {
    if (Date.now() > deadline) throw new Error(`no notice: ${logs.join('\n')}`)
    await frogbot.maintain()
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const links = linksIn(logs.join('\n'))
  expect(Object.keys(links)).toEqual(['Red', 'Blue'])
  const answered = await frogbot.fetch(new Request(links.Blue, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://frogbot.test' }, body: '' }))
  expect(answered.status).toBe(200)
  expect((await asked).structuredContent).toEqual({ answers: [{ header: 'Color', selected: ['Blue'] }] })
})
