import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { ensureUser } from '../../src/auth/users.ts'
import { type FrogbotConfig, createFrogbot, sqliteAdapter } from '../../src/index.ts'
import { internalsOf } from '../../src/frogbot-internals.ts'
import { colorQuestion } from '../../src/testing/scripted-model.ts'
import { REPO, cliEnv, runCli, tempCwd } from '../helpers/spawn-serve.ts'

// `frogbot answer` on the question an MCP client asked through ask_human (docs/protocols/mcp.md):
// the real bin script; the chat ends at the answer and the command says where the answer went.

const temp = tempCwd()
afterAll(() => temp.remove())

describe('frogbot answer on an ask_human question', { timeout: 90_000 }, () => {
  it('answers it, says the answer goes back to the MCP client, and the model is not called after it', async () => {
    const src = pathToFileURL(join(REPO, 'packages/frogbot/src')).href
    writeFileSync(
      join(temp.dir, 'frogbot.config.ts'),
      `import { buildConfig } from ${JSON.stringify(`${src}/index.ts`)}\nimport { question } from ${JSON.stringify(`${src}/tools/index.ts`)}\nexport default buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question] }], mcp: { enabled: true, agent: 'planner' } })\n`
    )
    const config = ((await import(pathToFileURL(join(temp.dir, 'frogbot.config.ts')).href)) as { default: FrogbotConfig }).default
    const app = await createFrogbot({ ...config, db: sqliteAdapter({ filename: join(temp.dir, 'frogbot.db') }) }, { env: {}, log: () => {}, maintenanceIntervalMs: 0 })
    let asked: { chatId: string; toolCallId: string }
    try {
      const { engine, store } = internalsOf(app)
      const ada = await ensureUser(store.db, { email: 'ada@example.com' })
      const req = { user: ada, credential: { type: 'custom' as const }, entryPoint: 'http' as const, headers: new Headers() }
      asked = await engine.ask({ agentSlug: 'planner', req: req as never, input: colorQuestion, prompt: 'Asked through MCP: Which color?' })
    } finally {
      await app.close()
    }
    const answered = await runCli(['answer', asked.chatId, asked.toolCallId, '--email', 'ada@example.com', '--pick', 'Blue', '--config', join(temp.dir, 'frogbot.config.ts')], { cwd: temp.dir, env: cliEnv() })
    expect(answered.code, answered.stderr).toBe(0)
    expect(answered.stdout).toContain(`Answered call ${asked.toolCallId} in chat ${asked.chatId}. It was asked through MCP: the answer goes back to the MCP client and the chat ends there.`)

    const again = await createFrogbot({ ...config, db: sqliteAdapter({ filename: join(temp.dir, 'frogbot.db') }) }, { env: {}, log: () => {}, maintenanceIntervalMs: 0 })
    try {
      const messages = await internalsOf(again).store.getMessages(asked.chatId)
      expect(messages.map((message) => message.role)).toEqual(['user', 'assistant'])
      const reply = messages[1]
      expect(reply.parts.filter((part) => part.type === 'text')).toEqual([])
      expect(reply.parts.find((part) => part.type === 'tool-question')).toMatchObject({ state: 'output-available', output: { answers: [{ header: 'Color', selected: ['Blue'] }] } })
    } finally {
      await again.close()
    }
  })
})
