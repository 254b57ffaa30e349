import { basename, dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { type FrogbotConfig, createFrogbot, sqliteAdapter } from '../../src/index.ts'
import { cliEnv, PLANNER_CONFIG, runCli, tempCwd } from '../helpers/spawn-serve.ts'
import { storeOf } from '../../src/frogbot-internals.ts'

// `frogbot pending` and `frogbot answer` as a user runs them: the real bin script in a fresh folder,
// the planner example config (offline demo model), on a database where questions already wait.

const PROMPT = 'Plan a team offsite: should it be in the city or in the mountains?'
const temp = tempCwd()
afterAll(() => temp.remove())

const frogbot = (...args: string[]) => runCli([...args, '--config', PLANNER_CONFIG], { cwd: temp.dir })

/** Opens the folder's database in this process (demo model, no provider keys). */
async function open() {
  const planner = ((await import(pathToFileURL(PLANNER_CONFIG).href)) as { default: FrogbotConfig }).default
  return createFrogbot({ ...planner, db: sqliteAdapter({ filename: join(temp.dir, 'frogbot.db') }) }, { env: {}, log: () => {}, maintenanceIntervalMs: 0 })
}

/** Creates users ada and bob and two chats of ada that wait at the demo model's question, in this process. */
async function seed() {
  const app = await open()
  try {
    const ada = await ensureUser(storeOf(app).db, { email: 'ada@example.com' })
    await ensureUser(storeOf(app).db, { email: 'bob@example.com' })
    const { token } = await createApiToken(storeOf(app).db, { userId: ada.id, name: 'test' })
    const ask = async () => {
      const response = await app.fetch(
        new Request('http://localhost/api/agents/planner', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ prompt: PROMPT })
        })
      )
      const body = (await response.json()) as { status: string; chatId: string; pending: { toolCallId: string; input: { questions: { header: string }[] } }[] }
      expect(body.status).toBe('awaiting-input')
      return { chatId: body.chatId, callId: body.pending[0].toolCallId, header: body.pending[0].input.questions[0].header }
    }
    const first = await ask()
    const second = await ask()
    const third = await ask()
    // A fourth chat that is a Slack conversation: its call is answered in Slack only.
    const slack = await ask()
    await storeOf(app).db.updateTable('frogbot_chats').set({ channel: 'slack', channel_instance: 'slack', channel_thread: 'C1:1700000000.000100' }).where('id', '=', slack.chatId).execute()
    return { ada, first, second, third, slack }
  } finally {
    await app.close()
  }
}

describe('frogbot pending / answer', { timeout: 90_000 }, () => {
  it('lists waiting questions and settles them from the terminal, with a clear line for every refusal', async () => {
    const { ada, first, second, third, slack } = await seed()

    const listed = await frogbot('pending')
    expect(listed).toMatchObject({ code: 0, stderr: '' })
    for (const { chatId, callId } of [first, second]) {
      expect(listed.stdout).toContain(`${chatId}  agent planner  tool question  call ${callId}  waiting `)
    }
    expect(listed.stdout.indexOf(second.chatId)).toBeLessThan(listed.stdout.indexOf(first.chatId)) // newest first
    expect(listed.stdout).toContain(`  ${first.header}: Should it be in the city or in the mountains?`)
    expect(listed.stdout).toMatch(/ {4}1\. City/)
    expect(listed.stdout).toMatch(/ {4}2\. Mountains/)
    expect(listed.stdout).toContain('owner ada@example.com')
    expect(listed.stdout).toContain(`${slack.chatId}  agent planner  tool question  call ${slack.callId}  waiting `)
    expect(listed.stdout).toMatch(new RegExp(`${slack.chatId}  agent planner  tool question  call ${slack.callId}  waiting \\S+  owner ada@example\\.com  answered in Slack only\n`))
    expect(listed.stdout).not.toMatch(new RegExp(`${first.chatId} .*Slack`))
    expect(listed.stdout.trim().split('\n').at(-1)).toBe('Answer one: npx frogbot answer <chatId> <callId> --email <email> with --pick <number or label> for a question  (or --dismiss)')
    // Typed in the parent folder (npm start at a repository's root): the command goes into this folder first.
    const fromParent = await runCli(['pending', '--config', PLANNER_CONFIG], { cwd: temp.dir, env: cliEnv({ INIT_CWD: dirname(temp.dir) }) })
    expect(fromParent.stdout.trim().split('\n').at(-1)).toBe(`Answer one: (cd ${basename(temp.dir)} && npx frogbot answer <chatId> <callId> --email <email>) with --pick <number or label> for a question  (or --dismiss)`)
    const unknownAgent = await frogbot('pending', '--agent', 'nobody')
    expect(unknownAgent).toMatchObject({ code: 1, stdout: '' })
    expect(unknownAgent.stderr).toBe('frogbot pending: no agent "nobody" in the config; its agents are: planner\n')

    // --pick takes the option numbers `pending` prints: 2 is Mountains.
    const answered = await frogbot('answer', first.chatId, first.callId, '--email', 'ada@example.com', '--pick', '2')
    expect(answered.code, answered.stderr).toBe(0)
    expect(answered.stdout).toContain('Mountains')
    expect(answered.stdout).not.toContain('Awaiting input again')

    const again = await frogbot('answer', first.chatId, first.callId, '--email', 'ada@example.com', '--pick', 'City')
    expect(again.code).toBe(1)
    expect(again.stderr.trim()).toMatch(/^frogbot answer: already settled: someone answered first \(answered by ada@example\.com at \d{4}-/)

    const wrongLabel = await frogbot('answer', second.chatId, second.callId, '--email', 'ada@example.com', '--pick', 'Beach')
    expect(wrongLabel.code).toBe(1)
    expect(wrongLabel.stderr).toMatch(/^frogbot answer: invalid answer: .*Beach/)
    expect(wrongLabel.stderr.trim().split('\n')).toHaveLength(1)
    // What someone wrote never reaches the terminal as control characters (here: retitle the
    // window) or bidi controls (here: an override that shows "gnp.exe" as "exe.png"), though the
    // reply repeats it.
    const custom = 'x\u001b]0;pwned\u0007 \u202egnp.exe'
    const email = ['--email', 'ada@example.com']
    const typed = await frogbot('answer', third.chatId, third.callId, ...email, '--custom', custom)
    expect(typed.code, typed.stderr).toBe(0)
    expect(typed.stdout).toMatch(/you wrote: "x\?\\?\]0;pwned\? \?gnp\.exe"/)
    expect(typed.stdout + typed.stderr).not.toMatch(/[\u001b\u0007\u202e]/)
    const wrongNumber = await frogbot('answer', second.chatId, second.callId, '--email', 'ada@example.com', '--pick', '7')
    expect(wrongNumber).toMatchObject({ code: 1, stderr: 'frogbot answer: --pick 7: there is no option 7; `frogbot pending` numbers them 1 to 2\n' })
    const approved = await frogbot('answer', second.chatId, second.callId, '--email', 'ada@example.com', '--approve')
    expect(approved).toMatchObject({ code: 1, stderr: `frogbot answer: wrong kind of answer: --approve/--deny: "question" is a client tool's call (kind "question"); answer it with --pick/--custom or --json, or --dismiss\n` })

    const foreign = await frogbot('answer', second.chatId, second.callId, '--email', 'bob@example.com', '--pick', 'City')
    expect(foreign.code).toBe(1)
    expect(foreign.stderr).toContain('frogbot answer: not found: ')

    // A Slack conversation's call: the operator is told it is answered in its thread, whoever owns the chat.
    const line = `frogbot answer: channel chat: chat ${slack.chatId} is a Slack conversation (piece slack, instance slack, not in this config, thread C1:1700000000.000100): answer it in that thread; \`frogbot answer\` settles web chats only\n`
    const inSlack = await Promise.all(['ada@example.com', 'bob@example.com', 'nobody@example.com'].map((email) => frogbot('answer', slack.chatId, slack.callId, '--email', email, '--pick', '1')))
    for (const refused of inSlack) expect(refused).toMatchObject({ code: 1, stdout: '', stderr: line })

    const missingWay = await frogbot('answer', second.chatId, second.callId, '--email', 'ada@example.com')
    expect(missingWay.code).toBe(1)
    expect(missingWay.stderr).toContain('give exactly one of --json')
    expect((await frogbot('answer', second.chatId)).code).toBe(1)

    const dismissed = await frogbot('answer', second.chatId, second.callId, '--email', 'ada@example.com', '--dismiss', '--reason', 'not this year\u001b[2J')
    expect(dismissed.code, dismissed.stderr).toBe(0)
    expect(dismissed.stdout).toContain(`Dismissed call ${second.callId} in chat ${second.chatId} (reason: not this year?[2J).`)

    // After a dismissal, a late answer is told the call was dismissed, not that someone answered.
    const late = await frogbot('answer', second.chatId, second.callId, '--email', 'ada@example.com', '--pick', '1')
    expect(late.code).toBe(1)
    expect(late.stderr.trim()).toMatch(/^frogbot answer: already settled: it was dismissed \(dismissed by ada@example\.com at \d{4}-/)

    // Only the Slack conversation's call still waits: answered in its channel, as the footer says.
    const onlySlack = await frogbot('pending')
    expect(onlySlack.code).toBe(0)
    expect(onlySlack.stdout).toContain(`${slack.chatId}  agent planner`)
    expect(onlySlack.stdout).not.toContain(first.chatId)
    expect(onlySlack.stdout.trim().split('\n').at(-1)).toBe('Answer each in its channel: `frogbot answer` settles web chats only.')

    // What the commands stored: settlements by ada, the answer and the continuation in one message, the chats idle.
    const app = await open()
    try {
      const answeredChat = await storeOf(app).getMessages(first.chatId)
      expect(answeredChat.map((message) => message.role)).toEqual(['user', 'assistant'])
      expect(answeredChat[1].settlements).toMatchObject([{ toolCallId: first.callId, outcome: 'answered', by: { userId: ada.id } }])
      const dismissedChat = await storeOf(app).getMessages(second.chatId)
      expect(dismissedChat[1].settlements).toMatchObject([{ toolCallId: second.callId, outcome: 'dismissed', reason: 'not this year\u001b[2J', by: { userId: ada.id } }])
      expect((await storeOf(app).getChat(first.chatId))?.state).toBe('idle')
      expect((await storeOf(app).getChat(second.chatId))?.state).toBe('idle')
    } finally {
      await app.close()
    }
  })

  // `frogbot answer` on a call cancelled by Stop said "it was cancelled (cancelled by …)", where HTTP
  // says "This call was cancelled: the turn was stopped; …": the same words now.
  it('on a call cancelled by Stop, says the turn was stopped, as HTTP does', async () => {
    const app = await open()
    let chatId = ''
    let callId = ''
    try {
      const ada = await ensureUser(storeOf(app).db, { email: 'ada@example.com' })
      const { token } = await createApiToken(storeOf(app).db, { userId: ada.id, name: 'stop test' })
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
      const post = (path: string, body?: unknown) =>
        app.fetch(new Request(`http://localhost/api/agents/planner${path}`, { method: 'POST', headers, body: JSON.stringify(body) }))
      const asked = await post('', { prompt: PROMPT })
      type Asked = { status: string; chatId: string; pending: { toolCallId: string }[] }
      const body = (await asked.json()) as Asked
      expect(body.status).toBe('awaiting-input')
      chatId = body.chatId
      callId = body.pending[0]!.toolCallId
      const stop = await post(`/chats/${chatId}/stop`, {})
      expect(((await stop.json()) as { stopped: boolean }).stopped).toBe(true)
      const late = await post(`/chats/${chatId}/settle`, { toolCallId: callId, dismissed: true })
      const refusal = ((await late.json()) as { error: string }).error
      expect(refusal).toMatch(/^This call was cancelled: the turn was stopped; /)
    } finally {
      await app.close()
    }
    const answer = await frogbot('answer', chatId, callId, '--email', 'ada@example.com', '--pick', '1')
    expect(answer.code).toBe(1)
    const said = /^frogbot answer: already settled: it was cancelled: the turn was stopped \(cancelled by /
    expect(answer.stderr.trim()).toMatch(said)
  })
})
