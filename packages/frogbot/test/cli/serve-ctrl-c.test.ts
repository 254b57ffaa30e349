import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { afterAll, afterEach, expect, it } from 'vitest'
import { callJson, cliEnv, startServe, stopAllServes, tempCwd } from '../helpers/spawn-serve.ts'

// Ctrl-C on `npm start` reaches `frogbot serve` from the terminal and again from each npm layer that
// relays it: two or three SIGINTs at once. The server listened for one, so the next one's default
// action killed it mid-reply: the reply's text was lost and the chat stayed `running` until its lease
// ran out (a newcomer's find). docs/project/guarantees.md: a stopped server keeps what running replies
// generated, and their chats are usable at once.

const HELD = join(import.meta.dirname, 'fixtures/held-reply.config.ts')
const temp = tempCwd()
afterEach(stopAllServes)
afterAll(() => temp.remove())

it('three SIGINTs in a row mid-reply (Ctrl-C under npm start) shut down once, keeping the reply; the chat is usable after a restart', { timeout: 60_000 }, async () => {
  const token = randomBytes(16).toString('hex')
  const env = cliEnv({ FROGBOT_TOKEN: token })
  const server = await startServe({ cwd: temp.dir, env, config: HELD })

  const response = await fetch(`${server.base}/api/agents/planner`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ prompt: 'Plan the offsite' })
  })
  expect(response.status).toBe(200)
  const chatId = response.headers.get('x-frogbot-chat-id')!
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let seen = ''
  while (!seen.includes('"text-delta"')) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`the reply ended before its text:\n${seen}`)
    seen += value
  }

  // One from the terminal, then one from each npm layer as it relays its own (signals sent in the
  // same instant would merge into one).
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => server.child.once('exit', (code, signal) => resolve({ code, signal })))
  for (let i = 0; i < 3; i++) {
    server.child.kill('SIGINT')
    await new Promise((resolve) => setTimeout(resolve, 30))
  }
  const exit = await exited
  expect(exit, server.stdout() + server.stderr()).toEqual({ code: 0, signal: null })
  expect(server.stdout()).toContain('frogbot: shutting down')
  expect(server.stdout()).not.toContain('again: exiting now')

  const after = await startServe({ cwd: temp.dir, env, config: HELD })
  const read = await callJson(after.base, token, 'GET', `/api/agents/planner/chats/${chatId}`)
  expect(read.status).toBe(200)
  expect(read.json.chat.state).toBe('idle')
  expect(read.json.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant'])
  expect(JSON.stringify(read.json.messages[1].parts)).toContain('Plan: first the venue')
})
