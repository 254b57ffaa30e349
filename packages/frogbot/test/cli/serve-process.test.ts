import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { PLANNER_CONFIG, callJson, cliEnv, frogbotLines, runCli, startServe, stopAllServes, tempCwd } from '../helpers/spawn-serve.ts'

// The real `frogbot serve` process of the example app, driven over HTTP as a user would drive it
// with the seed's HTTP walkthrough, including a restart.

const PROMPT = 'Plan a team offsite: should it be in the city or in the mountains?'
const temps: { remove: () => void }[] = []

afterEach(stopAllServes)
afterAll(async () => {
  await stopAllServes()
  for (const temp of temps) temp.remove()
})

function setup() {
  const temp = tempCwd()
  temps.push(temp)
  const token = randomBytes(16).toString('hex') // 32 characters
  return { cwd: temp.dir, token, env: cliEnv({ FROGBOT_TOKEN: token }) }
}

/** The seed's answer: the first option of each question. */
function firstOptions(call: any) {
  return { answers: call.input.questions.map((q: any) => ({ header: q.header, selected: [q.options[0].label] })) }
}

async function ask(base: string, token: string) {
  const first = await callJson(base, token, 'POST', '/api/agents/planner', { prompt: PROMPT })
  expect(first.status, JSON.stringify(first.json)).toBe(200)
  expect(first.json.status).toBe('awaiting-input')
  const call = first.json.pending[0]
  expect(call).toMatchObject({ toolName: 'question', chatId: first.json.chatId, agentSlug: 'planner', messageId: expect.any(String) })
  expect(call.input.questions.length).toBeGreaterThan(0)
  return { chatId: first.json.chatId as string, call }
}

// Each start loads the library (a few seconds on a busy machine); every single wait stays bounded by WAIT_MS.
describe('frogbot serve (real process) with FROGBOT_TOKEN', { timeout: 60_000 }, () => {
  it('prints one line per start-up fact and never the token itself', async () => {
    const { cwd, token, env } = setup()
    const server = await startServe({ cwd, env })
    const lines = frogbotLines(server.stdout())

    const database = lines.filter((line) => line.startsWith('frogbot: database: '))
    expect(database).toEqual([`frogbot: database: SQLite file ${join(cwd, 'frogbot.db')}`])
    expect(existsSync(join(cwd, 'frogbot.db'))).toBe(true)

    const model = lines.filter((line) => line.includes('agent planner: model'))
    expect(model).toHaveLength(1)
    expect(model[0]).toMatch(/^frogbot: agent planner: model frogbot\/demo\b.*demo model/)

    const tokenLines = lines.filter((line) => line.includes('FROGBOT_TOKEN'))
    expect(tokenLines).toEqual([expect.stringMatching(/^frogbot: API token: FROGBOT_TOKEN is accepted for demo@frogbot\.local \(id tok_[\w-]+\)$/)])
    // The id printed is the one `tokens revoke` takes, as the README's rotation steps say.
    const id = /\(id (tok_[\w-]+)\)/.exec(tokenLines[0]!)![1]
    const listed = await runCli(['tokens', 'list', '--email', 'demo@frogbot.local', '--config', PLANNER_CONFIG], { cwd, env })
    expect(listed.stdout).toContain(`  FROGBOT_TOKEN  id ${id}  `)

    const listening = lines.filter((line) => line.includes('listening on'))
    expect(listening).toEqual([`frogbot: listening on http://localhost:${server.port} (agents: planner; this machine only, set HOST=0.0.0.0 to accept others)`])
    expect(lines.at(-1)).toBe(listening[0])
    expect(lines.filter((line) => line.startsWith('frogbot: admin chat: '))).toEqual([
      expect.stringMatching(/^frogbot: admin chat: sign in as demo@frogbot\.local with the password \S{12} \(shown once; change it with `npx frogbot users password --email demo@frogbot\.local`\)$/),
      `frogbot: admin chat: open http://localhost:${server.port}/admin in a browser`
    ])

    expect(server.stdout()).not.toContain(token)
    expect(server.stderr()).not.toContain(token)
    expect(server.stdout()).not.toMatch(/fbt_/)

    const health = await callJson(server.base, null, 'GET', '/api/health')
    expect(health).toEqual({ status: 200, json: { ok: true } })

    // The newcomer's way in: / leads to the admin chat, where the printed password signs in.
    const root = await fetch(`${server.base}/`, { redirect: 'manual' })
    expect([root.status, root.headers.get('location')]).toEqual([302, '/admin/'])
    const page = await fetch(`${server.base}/admin/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<script type="importmap">')
    const password = /with the password (\S+) /.exec(lines.find((line) => line.includes('sign in as'))!)![1]
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.base },
      body: JSON.stringify({ email: 'demo@frogbot.local', password })
    })
    expect(login.status).toBe(200)
  })

  it('runs the seed walkthrough: prompt → awaiting-input → pending → settle → 409 on repeat', async () => {
    const { cwd, token, env } = setup()
    const server = await startServe({ cwd, env })

    const refused = await callJson(server.base, `${token}x`, 'POST', '/api/agents/planner', { prompt: PROMPT })
    expect(refused.status).toBe(401)

    const { chatId, call } = await ask(server.base, token)

    const listed = await callJson(server.base, token, 'GET', `/api/agents/planner/chats/${chatId}/pending`)
    expect(listed.status).toBe(200)
    expect(listed.json.pending.map((entry: any) => entry.toolCallId)).toEqual([call.toolCallId])

    const output = firstOptions(call)
    const done = await callJson(server.base, token, 'POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: call.toolCallId, output })
    expect(done.status, JSON.stringify(done.json)).toBe(200)
    expect(done.json).toMatchObject({ status: 'complete', chatId, messageId: call.messageId })
    expect(done.json.settlement).toMatchObject({ toolCallId: call.toolCallId, outcome: 'answered', part: { output } })
    expect(done.json.settlement.by.token).toMatchObject({ name: 'FROGBOT_TOKEN' })

    const again = await callJson(server.base, token, 'POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: call.toolCallId, output })
    expect(again.status).toBe(409)
    expect(again.json.code).toBe('already-settled')
    expect(again.json.settlement).toMatchObject({ toolCallId: call.toolCallId, part: { output } })

    const after = await callJson(server.base, token, 'GET', `/api/agents/planner/chats/${chatId}/pending`)
    expect(after.json.pending).toEqual([])
  })

  it('keeps a waiting question across a SIGTERM restart on the same database, and settles it after', async () => {
    const { cwd, token, env } = setup()
    const first = await startServe({ cwd, env })

    // one finished walkthrough, then a new chat whose question is still waiting at shutdown
    const earlier = await ask(first.base, token)
    const settled = await callJson(first.base, token, 'POST', `/api/agents/planner/chats/${earlier.chatId}/settle`, {
      toolCallId: earlier.call.toolCallId,
      output: firstOptions(earlier.call)
    })
    expect(settled.status).toBe(200)
    const waiting = await ask(first.base, token)
    expect(waiting.chatId).not.toBe(earlier.chatId)

    const exit = await first.stop()
    expect(exit).toEqual({ code: 0, signal: null })
    expect(first.stdout()).toContain('frogbot: shutting down')

    const second = await startServe({ cwd, env })
    expect(frogbotLines(second.stdout())).toContain(`frogbot: database: SQLite file ${join(cwd, 'frogbot.db')}`)

    const listed = await callJson(second.base, token, 'GET', `/api/agents/planner/chats/${waiting.chatId}/pending`)
    expect(listed.status).toBe(200)
    expect(listed.json.state).toBe('awaiting')
    expect(listed.json.pending).toEqual([waiting.call])

    const output = firstOptions(waiting.call)
    const done = await callJson(second.base, token, 'POST', `/api/agents/planner/chats/${waiting.chatId}/settle`, { toolCallId: waiting.call.toolCallId, output })
    expect(done.status, JSON.stringify(done.json)).toBe(200)
    expect(done.json).toMatchObject({ status: 'complete', chatId: waiting.chatId, messageId: waiting.call.messageId })
    expect(done.json.settlement).toMatchObject({ toolCallId: waiting.call.toolCallId, outcome: 'answered' })

    // the chat settled before the restart is still settled
    const repeat = await callJson(second.base, token, 'POST', `/api/agents/planner/chats/${earlier.chatId}/settle`, {
      toolCallId: earlier.call.toolCallId,
      output: firstOptions(earlier.call)
    })
    expect(repeat.status).toBe(409)
    expect(second.stdout()).not.toContain(token)
  })
})
