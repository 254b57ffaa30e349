import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestDatabase, describePostgres, type TestDatabase } from '../../src/testing/postgres.ts'
import { callJson, cliEnv, type ServeProcess, startServe, stopAllServes, tempCwd } from '../helpers/spawn-serve.ts'
import { linksIn } from './notify-kit.ts'
import { startSmtpServer, startWebhookReceiver } from './receivers.ts'

// Reminders and escalation across three real `frogbot serve` processes on one PostgreSQL
// (docs/chat/reach-people.md "Reminders"): each sweeper ticks every 5 s at its own phase, each
// reminder is claimed by one of them, and none goes out once the call settled. The config:
// fixtures/notice.config.ts (reminders after 1 s and 12 s; escalation after 2 s).

const CONFIG = fileURLToPath(new URL('./fixtures/notice.config.ts', import.meta.url))
const CHATS = 3

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describePostgres('reminders on three frogbot serve processes', () => {
  let database: TestDatabase
  let cwd: { dir: string; remove: () => void }
  let servers: ServeProcess[] = []
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>
  const token = randomBytes(16).toString('hex')

  beforeAll(async () => {
    database = await createTestDatabase()
    cwd = tempCwd()
    smtp = await startSmtpServer()
    hooks = await startWebhookReceiver({ secret: 'whsec_cluster_0123456789' })
    const env = cliEnv({ FROGBOT_TOKEN: token, DATABASE_URL: database.url, SMTP_URL: smtp.url, NOTICE_WEBHOOK_URL: hooks.url, FROGBOT_PUBLIC_URL: 'http://frogbot.test' })
    servers = await Promise.all([0, 1, 2].map(() => startServe({ cwd: cwd.dir, env, config: CONFIG })))
  }, 60_000)

  afterAll(async () => {
    await stopAllServes()
    await smtp?.close()
    await hooks?.close()
    await database?.drop()
    cwd?.remove()
  })

  it('each reminder and each escalation once, whichever process claims it; none after the call settled', async () => {
    const asked = await Promise.all(
      Array.from({ length: CHATS }, async (_, index) => {
        const response = await callJson(servers[index % 3].base, token, 'POST', '/api/agents/planner', { prompt: `Pick a color, ${index}` })
        expect(response.json.status).toBe('awaiting-input')
        return { chatId: response.json.chatId as string, toolCallId: response.json.pending[0].toolCallId as string }
      })
    )
    const started = Date.now()
    const mailsOf = (chatId: string) => smtp.mails.filter((mail) => mail.text.includes(chatId))
    const subjects = (chatId: string) => mailsOf(chatId).map((mail) => `${mail.to.join()} ${mail.subject.split(':')[0]}`)
    // First notice, the reminder of 1 s and the escalation of 2 s: by the first tick after 2 s.
    const deadline = Date.now() + 30_000
    while (!asked.every(({ chatId }) => mailsOf(chatId).length >= 3) && Date.now() < deadline) await sleep(100)
    await sleep(300)
    for (const { chatId } of asked) {
      expect(subjects(chatId).sort()).toEqual(['demo@frogbot.local Reminder', 'demo@frogbot.local planner asks', 'lead@example.com Escalated'])
    }
    // Answer each (through an escalation link, the API, a link of the owner), long before the 12 s reminder.
    expect(Date.now() - started).toBeLessThan(12_000)
    const escalated = (chatId: string) => mailsOf(chatId).find((mail) => mail.to[0] === 'lead@example.com')!
    const [first, second, third] = asked
    const viaLink = await fetch(linksIn(escalated(first.chatId).text).Red.replace('http://frogbot.test', servers[1].base), { method: 'POST' })
    expect(viaLink.status).toBe(200)
    const viaApi = await callJson(servers[2].base, token, 'POST', `/api/agents/planner/chats/${second.chatId}/settle`, { toolCallId: second.toolCallId, output: { answers: [{ header: 'Color', selected: ['Blue'] }] } })
    expect(viaApi.status).toBe(200)
    const ownLink = linksIn(mailsOf(third.chatId)[0].text).Blue.replace('http://frogbot.test', servers[0].base)
    expect((await fetch(ownLink, { method: 'POST' })).status).toBe(200)

    // Past the 12 s reminder and two more ticks of every sweeper: nothing more.
    await sleep(Math.max(0, started + 12_000 + 11_000 - Date.now()))
    for (const { chatId } of asked) expect(mailsOf(chatId)).toHaveLength(3)
    const events = hooks.events.map((event) => event.body)
    for (const { chatId } of asked) {
      const types = events.filter((event) => event.chatId === chatId).map((event) => event.type)
      expect(types.sort()).toEqual(['call.escalated', 'call.reminder', 'call.settled', 'call.waiting'])
    }
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length)
    expect(hooks.events.every((event) => event.signed)).toBe(true)
  }, 90_000)
})
