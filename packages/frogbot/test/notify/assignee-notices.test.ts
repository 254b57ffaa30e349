import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildConfig, createFrogbot } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { createTestToken, createTestUser } from '../../src/testing/test-users.ts'
import { describeEachDatabase } from '../../src/testing/test-databases.ts'
import { readAnswer } from '../../src/testing/read-answer.ts'
import { linksIn, noticeModel } from './notify-kit.ts'
import { startSmtpServer } from './receivers.ts'

// Who is asked is who is told (docs/chat/reach-people.md): a question whose agent names Dana in
// `questions.assignees` is emailed to Dana, not to the chat's owner; her link answers it, and her
// inbox lists it until then. A real SMTP server; a SQLite file and PostgreSQL.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(async () => smtp?.close())

describeEachDatabase('notices go to the assignees', (fresh) => {
  it("Dana, asked in Ada's chat, gets the email, sees the call in her inbox, and answers by its link", async () => {
    const database = await fresh()
    const frogbot = await createFrogbot(
      buildConfig({
        agents: [{ slug: 'planner', model: 'fast', profile: { name: 'Planner' }, tools: [question], questions: { assignees: ['Dana@Example.com'] } }],
        db: database.adapter(),
        notify: { email: { from: 'FrogBot <frogbot@example.com>' } }
      }),
      { model: noticeModel, log: () => {}, maintenanceIntervalMs: 0, env: { FROGBOT_PUBLIC_URL: 'http://frogbot.test', SMTP_URL: smtp.url } }
    )
    try {
      const ada = await createTestUser(frogbot, { email: 'ada@example.com', name: 'Ada' })
      const dana = await createTestUser(frogbot, { email: 'dana@example.com', name: 'Dana' })
      const tokens = { ada: await createTestToken(frogbot, { user: ada }), dana: await createTestToken(frogbot, { user: dana }) }
      const api = async (as: keyof typeof tokens, method: string, path: string, body?: unknown) =>
        readAnswer(await frogbot.fetch(new Request(`http://frogbot.test${path}`, { method, headers: { authorization: `Bearer ${tokens[as]}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })))

      const asked = await api('ada', 'POST', '/api/agents/planner', { prompt: 'Pick a color' })
      expect(asked.json.pending[0].assignees).toEqual(['dana@example.com'])
      const chatId = asked.json.chatId as string
      const deadline = Date.now() + 10_000
      while (!smtp.mails.some((mail) => mail.text.includes(chatId)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
      const mails = smtp.mails.filter((mail) => mail.text.includes(chatId))
      expect(mails.map((mail) => mail.to)).toEqual([['dana@example.com']])

      expect((await api('dana', 'GET', '/api/pending')).json.pending.map((call: { chatId: string }) => call.chatId)).toContain(chatId)
      const link = linksIn(mails[0].text).Blue
      const answered = await frogbot.fetch(new Request(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://frogbot.test' }, body: '' }))
      expect(answered.status).toBe(200)
      const read = await api('ada', 'GET', `/api/agents/planner/chats/${chatId}`)
      expect(read.json.messages.at(-1).settlements[0]).toMatchObject({ outcome: 'answered', by: { link: { recipient: 'dana@example.com' }, userId: dana.id } })
      expect((await api('dana', 'GET', '/api/pending')).json.pending.map((call: { chatId: string }) => call.chatId)).not.toContain(chatId)
    } finally {
      await frogbot.close()
      await database.drop()
    }
  }, 20_000)
})
