import { cpSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { REPO, run, startUntil, type Started } from './outside-repo.ts'

const MINUTE = 60_000

/** The doors' config of the packed app: the seed's planner with `question`, and `/mcp` turned on (rounds of 2 s). */
const DOORS_CONFIG = [
  "import { buildConfig } from 'frogbot'",
  "import { question } from 'frogbot/tools'",
  "import planner from './planner.ts'",
  '',
  "export default buildConfig({ agents: [{ ...planner.agents[0], tools: [question] }], mcp: { enabled: true, agent: 'planner', waitSeconds: 2 } })",
  ''
].join('\n')

/** A GET or POST as `token` to the server at `base`, answered as JSON. */
async function api(base: string, token: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  return { status: response.status, json: (await response.json()) as any }
}

/**
 * The protocol doors from the packed install (docs/protocols/mcp.md, docs/protocols/ag-ui.md), with
 * the README's example scripts run unchanged in plain Node against `npx frogbot serve`:
 * `mcp-ask-human.ts` (the official MCP client) calls `ask_human`, the question waits in the token
 * user's inbox, an answer over HTTP settles it and the script prints that answer;
 * `ag-ui-run.ts` (`@ag-ui/client`'s `HttpAgent`) runs the planner, is interrupted at its question
 * and resumes it, and the chat holds the answer and the reply that followed.
 */
export async function doorsJourney({ app, env, running }: { app: string; env: NodeJS.ProcessEnv; running: Started[] }) {
  writeFileSync(join(app, 'doors.config.ts'), DOORS_CONFIG)
  mkdirSync(join(app, 'scripts'), { recursive: true })
  for (const script of ['mcp-ask-human.ts', 'ag-ui-run.ts']) cpSync(join(REPO, 'examples/planner/scripts', script), join(app, 'scripts', script))
  const token = 'doors-token-0123456789abcdef'
  const serve = await startUntil('npx', ['frogbot', 'serve', '--config', 'doors.config.ts', '--port', '0', '--host', '127.0.0.1'], {
    cwd: app,
    env: { ...env, FROGBOT_TOKEN: token },
    ready: /listening on http:\/\/localhost:(\d+)/,
    timeoutMs: MINUTE
  })
  running.push(serve)
  const base = `http://127.0.0.1:${serve.match[1]}`
  const scriptEnv = { ...env, FROGBOT_URL: base, FROGBOT_TOKEN: token }

  // MCP: ask_human waits (rounds of input_required) until the question is answered over HTTP.
  const asking = run('node', ['scripts/mcp-ask-human.ts'], { cwd: app, env: scriptEnv, timeoutMs: 2 * MINUTE })
  let waiting: any
  for (let attempt = 0; !waiting; attempt++) {
    if (attempt === 100) throw new Error('ask_human never reached the inbox')
    await new Promise((resolve) => setTimeout(resolve, 200))
    waiting = (await api(base, token, '/api/pending')).json.pending?.find((call: { input?: { questions?: { header: string }[] } }) => call.input?.questions?.[0]?.header === 'Deploy')
  }
  expect(waiting).toMatchObject({ agentSlug: 'planner', kind: 'question', title: expect.stringContaining('Asked through MCP') })
  const answer = { answers: [{ header: 'Deploy', selected: ['Wait until Monday'] }] }
  const settled = await api(base, token, `/api/agents/planner/chats/${waiting.chatId}/settle`, { toolCallId: waiting.toolCallId, output: answer })
  expect(settled.status, JSON.stringify(settled.json)).toBe(200)
  expect(JSON.parse((await asking).stdout)).toEqual(answer)

  // AG-UI: the run stops at the planner's question (an interrupt) and the resume answers it.
  const { stdout } = await run('node', ['scripts/ag-ui-run.ts'], { cwd: app, env: scriptEnv, timeoutMs: MINUTE })
  const threadId = /^chat (\S+):/.exec(stdout)?.[1]
  expect(threadId, stdout).toBeDefined()
  const chat = await api(base, token, `/api/agents/planner/chats/${threadId}`)
  expect(chat.status).toBe(200)
  const assistant = chat.json.messages.findLast((message: { role: string }) => message.role === 'assistant')
  expect(assistant.settlements).toMatchObject([{ outcome: 'answered' }])
  const parts: { type: string; state?: string }[] = assistant.parts
  const answered = parts.findIndex((part) => part.type === 'tool-question' && part.state === 'output-available')
  expect(answered, stdout).toBeGreaterThanOrEqual(0)
  expect(parts.slice(answered + 1).some((part) => part.type === 'text')).toBe(true)
  await serve.stop()
}
