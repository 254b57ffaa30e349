import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { type FrogbotConfig, createFrogbot, sqliteAdapter } from '../../src/index.ts'
import { PLANNER_CONFIG, runCli, tempCwd } from '../helpers/spawn-serve.ts'
import { storeOf } from '../../src/frogbot-internals.ts'

// `frogbot answer --approve | --deny` as a user runs them: the real bin script, the planner example
// (offline demo model), whose send_invoice needs approval (docs/agents/approvals.md).

const temp = tempCwd()
afterAll(() => temp.remove())
const frogbot = (...args: string[]) => runCli([...args, '--config', PLANNER_CONFIG], { cwd: temp.dir })

/** Two chats of ada waiting for the approval of send_invoice, made in this process. */
async function seed() {
  const planner = ((await import(pathToFileURL(PLANNER_CONFIG).href)) as { default: FrogbotConfig }).default
  const app = await createFrogbot({ ...planner, db: sqliteAdapter({ filename: join(temp.dir, 'frogbot.db') }) }, { env: {}, log: () => {}, maintenanceIntervalMs: 0 })
  try {
    const ada = await ensureUser(storeOf(app).db, { email: 'ada@example.com' })
    const { token } = await createApiToken(storeOf(app).db, { userId: ada.id, name: 'test' })
    const ask = async () => {
      const response = await app.fetch(
        new Request('http://localhost/api/agents/planner', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ prompt: 'Send the invoice to ACME' })
        })
      )
      const body = (await response.json()) as { chatId: string; pending: { toolCallId: string; kind: string }[] }
      expect(body.pending[0].kind).toBe('approval')
      return { chatId: body.chatId, callId: body.pending[0].toolCallId }
    }
    const first = await ask()
    const second = await ask()
    // A third whose tool changed since it was asked (a deploy): it can be denied, not approved.
    const third = await ask()
    await storeOf(app).db.updateTable('frogbot_pending_calls').set({ tool_fingerprint: 'an-older-tool' }).where('chat_id', '=', third.chatId).execute()
    return { first, second, third }
  } finally {
    await app.close()
  }
}

describe('frogbot answer --approve / --deny', { timeout: 90_000 }, () => {
  it('lists an approval with its flags, approves with an edited input, denies with a reason, and refuses what does not fit', async () => {
    const { first, second, third } = await seed()
    const listed = await frogbot('pending')
    expect(listed.stdout).toContain(`${first.chatId}  agent planner  tool send_invoice  needs approval  call ${first.callId}`)
    expect(listed.stdout).toContain('  input: {"customer":"ACME","amount":1200,"memo":"Team offsite planning"}')
    expect(listed.stdout.trim().split('\n').at(-1)).toBe("Answer one: npx frogbot answer <chatId> <callId> --email <email> with --approve [--input '<JSON>'] or --deny [--reason <text>] for an approval")

    const picked = await frogbot('answer', first.chatId, first.callId, '--email', 'ada@example.com', '--pick', '1')
    expect(picked).toMatchObject({ code: 1, stdout: '' })
    expect(picked.stderr).toContain('frogbot answer: --pick and --custom answer a "question" call')
    const dismissed = await frogbot('answer', first.chatId, first.callId, '--email', 'ada@example.com', '--dismiss')
    expect(dismissed).toMatchObject({ code: 1 })
    expect(dismissed.stderr).toMatch(/^frogbot answer: wrong kind of answer: --dismiss: "send_invoice" waits for approval; answer it with --approve or --deny/)
    const badInput = await frogbot('answer', first.chatId, first.callId, '--email', 'ada@example.com', '--approve', '--input', '{ "customer": "ACME", "amount": -1 }')
    expect(badInput).toMatchObject({ code: 1 })
    expect(badInput.stderr).toMatch(/^frogbot answer: invalid input: input\.amount: /)
    const notJson = await frogbot('answer', first.chatId, first.callId, '--email', 'ada@example.com', '--approve', '--input', '{ amount')
    expect(notJson.stderr).toMatch(/^frogbot answer: --input is not valid JSON/)
    expect((await frogbot('answer', first.chatId, first.callId, '--email', 'ada@example.com', '--deny', '--input', '{}')).stderr).toContain('--input goes with --approve')

    const approved = await frogbot('answer', first.chatId, first.callId, '--email', 'ada@example.com', '--approve', '--input', '{ "customer": "ACME", "amount": 900 }')
    expect(approved.code, approved.stderr).toBe(0)
    expect(approved.stderr).toContain(`Approved call ${first.callId}; the planner agent continues`)
    expect(approved.stdout).toMatch(/The send_invoice tool returned \{"sent":true,"invoice":"INV-\w+","customer":"ACME","amount":900/)
    const again = await frogbot('answer', first.chatId, first.callId, '--email', 'ada@example.com', '--deny')
    expect(again.stderr.trim()).toMatch(/^frogbot answer: already settled: someone approved it first \(approved by ada@example\.com at \d{4}-/)

    const denied = await frogbot('answer', second.chatId, second.callId, '--email', 'ada@example.com', '--deny', '--reason', 'not this month')
    expect(denied.code, denied.stderr).toBe(0)
    expect(denied.stdout).toContain('You denied send_invoice, so I did not run it (Denied by the user. Reason: not this month).')

    // The refusal names the flag that works: an approval of a changed tool is denied, not dismissed.
    const changed = await frogbot('answer', third.chatId, third.callId, '--email', 'ada@example.com', '--approve')
    expect(changed).toMatchObject({ code: 1, stdout: '' })
    const line = 'frogbot answer: tool unavailable: The tool "send_invoice" of this call was removed or changed since it was asked; deny it with --deny.\n'
    expect(changed.stderr).toBe(line)
    expect((await frogbot('answer', third.chatId, third.callId, '--email', 'ada@example.com', '--deny')).code).toBe(0)
  })
})
