import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { describeEachDatabase } from '../../src/testing/test-databases.ts'
import { createTestToken, createTestUser } from '../../src/testing/test-users.ts'
import { readAnswer } from '../../src/testing/read-answer.ts'
import { linksIn, noticeFrogbot } from './notify-kit.ts'
import { type ReceivedMail, startSmtpServer, startWebhookReceiver } from './receivers.ts'

// Notices, reminders and escalation (docs/chat/reach-people.md) with real parts: an SMTP server
// (the smtp-server package) receiving what nodemailer sends, and a local HTTP receiver checking
// each webhook's signature; on a SQLite file and on PostgreSQL. The app's clock is moved, and the
// sweep is the one `maintain()` tick every server runs.

const SECRET = 'whsec_0123456789abcdef'
const HOUR = 3_600_000

let smtp: Awaited<ReturnType<typeof startSmtpServer>>
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(async () => smtp?.close())

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

async function until<T>(check: () => T | undefined | Promise<T | undefined>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describeEachDatabase('notices', (fresh) => {
  async function start({ failFirst = 0 } = {}) {
    const database = await fresh()
    let app!: Awaited<ReturnType<typeof noticeFrogbot>>
    const hooks = await startWebhookReceiver({ secret: SECRET, now: () => app.now(), failFirst })
    app = await noticeFrogbot({
      adapter: database.adapter(),
      env: { SMTP_URL: smtp.url },
      notify: {
        email: { from: 'FrogBot <frogbot@example.com>' },
        webhook: { url: hooks.url, secret: SECRET },
        remind: ['1h', '2h'],
        escalate: { after: '3h', to: ['lead@example.com'] }
      }
    })
    cleanups.push(async () => {
      await app.frogbot.close()
      await hooks.close()
      await database.drop()
    })
    const mailsOf = (chatId: string) => smtp.mails.filter((mail) => mail.text.includes(chatId))
    return { ...app, hooks, mailsOf }
  }

  it('the first notice: an email with each option’s link on its line, and a signed webhook with a stable id', async () => {
    const app = await start({ failFirst: 1 })
    const { chatId, toolCallId } = await app.ask('Pick a color')
    expect(app.frogbot.describe()).toContain(`notices: email through ${smtp.url}, webhook to ${new URL(app.hooks.url).origin}; answer links on http://frogbot.test`)
    const [mail] = await until(() => (app.mailsOf(chatId).length === 1 ? app.mailsOf(chatId) : undefined))
    expect(mail).toMatchObject({ from: 'frogbot@example.com', to: ['ada@example.com'], subject: 'Planner asks: Which color?' })
    expect(mail.text).toMatch(/^Planner is waiting for an answer in “Pick a color” \(Ada’s chat\)\.$/m)
    expect(mail.text).toMatch(/^Color: Which color\?$/m)
    expect(mail.text).toMatch(/^ {2}Red: http:\/\/frogbot\.test\/answer\/[\w-]{43}$/m)
    expect(mail.text).toMatch(/^ {2}Blue: http:\/\/frogbot\.test\/answer\/[\w-]{43}$/m)
    expect(mail.text).toContain(`Open the chat: http://frogbot.test/admin/chats/planner/${chatId}`)
    const links = linksIn(mail.text)
    expect(mail.html).toContain(`<a href="${links.Blue}">Blue</a>`)
    expect(mail.html).toContain(`href="http://frogbot.test/admin/chats/planner/${chatId}"`)

    // The receiver refused the first attempt; the retry carries the same event id, signed afresh.
    const [event] = await until(() => (app.hooks.events.length > 0 ? app.hooks.events : undefined), 15_000)
    expect(event.signed).toBe(true)
    expect(event.attempt).toBe(2)
    expect(event.body).toMatchObject({ type: 'call.waiting', chatId, agentSlug: 'planner', pending: [{ toolCallId, kind: 'question' }] })
    expect(event.body.id).toMatch(/^evt_[0-9a-f]{24}$/)
    expect(event.body.links.map((link: { recipient: string; label: string }) => `${link.recipient} ${link.label}`)).toEqual(['ada@example.com Red', 'ada@example.com Blue'])
    // The webhook carries the recipients' own links: the ones their email has.
    expect(event.body.links.map((link: { url: string }) => link.url)).toEqual([links.Red, links.Blue])
  }, 20_000)

  it('a lead an escalation tells who has an account finds the call in their inbox and may read the chat', async () => {
    const app = await start()
    const lead = await createTestUser(app.frogbot, { email: 'Lead@Example.com', name: 'Lee' })
    const leadToken = await createTestToken(app.frogbot, { user: lead })
    const asLead = async (path: string) => readAnswer(await app.frogbot.fetch(new Request(`http://frogbot.test${path}`, { headers: { authorization: `Bearer ${leadToken}` } })))
    const { chatId, toolCallId } = await app.ask('Pick a color')
    await until(() => (app.mailsOf(chatId).length === 1 ? true : undefined))
    expect((await asLead('/api/pending')).json.pending).toEqual([])
    expect((await asLead(`/api/agents/planner/chats/${chatId}`)).status).toBe(404)

    app.advance(3 * HOUR)
    expect((await app.frogbot.maintain()).notices).toBeGreaterThan(0)
    const inbox = (await asLead('/api/pending')).json.pending
    expect(inbox).toMatchObject([{ chatId, toolCallId, escalatedTo: ['lead@example.com'] }])
    expect((await asLead(`/api/agents/planner/chats/${chatId}`)).status).toBe(200)
    // …and answers there, as an assignee would (docs/chat/reach-people.md "Escalation").
    const settle = await app.frogbot.fetch(new Request(`http://frogbot.test/api/agents/planner/chats/${chatId}/settle`, {
      method: 'POST',
      headers: { authorization: `Bearer ${leadToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ toolCallId, dismissed: true, reason: 'not mine' })
    }))
    expect(settle.status, await settle.clone().text()).toBe(200)
  }, 20_000)

  it('reminders on time and once each, escalation to a new audience that may answer, nothing after the call settled', async () => {
    const app = await start()
    const { chatId, toolCallId } = await app.ask('Pick a color')
    const sweep = async () => (await app.frogbot.maintain()).notices
    // The receiver checks each signature's freshness on the test's clock: every webhook is awaited
    // before the clock moves on, so that a delivery slowed down by a busy machine is not read as stale.
    const hooks = (count: number) => until(() => {
      const seen = app.hooks.events.filter((event) => event.body.chatId === chatId)
      return seen.length === count ? seen.map((event) => event.body.type) : undefined
    })
    await until(() => (app.mailsOf(chatId).length === 1 ? true : undefined))
    await hooks(1)

    expect(await sweep()).toBe(0)
    app.advance(HOUR - 60_000)
    expect(await sweep()).toBe(0)
    app.advance(60_000)
    expect(await sweep()).toBe(1)
    expect(await sweep()).toBe(0)
    const reminder = await until(() => app.mailsOf(chatId)[1])
    expect(reminder).toMatchObject({ to: ['ada@example.com'], subject: 'Reminder: Planner asks: Which color?' })
    expect(reminder.text).toMatch(/^Planner is still waiting for an answer/m)
    await hooks(2)

    // A sweeper that slept through both: the 2 h reminder and the escalation, in one tick.
    app.advance(3 * HOUR)
    expect(await sweep()).toBe(2)
    expect(await sweep()).toBe(0)
    const mails = await until(() => (app.mailsOf(chatId).length === 4 ? app.mailsOf(chatId) : undefined))
    await hooks(4)
    expect(mails.map((mail: ReceivedMail) => `${mail.to.join()} ${mail.subject}`).sort()).toEqual([
      'ada@example.com Planner asks: Which color?',
      'ada@example.com Reminder: Planner asks: Which color?',
      'ada@example.com Reminder: Planner asks: Which color?',
      'lead@example.com Escalated: Planner asks: Which color?'
    ])
    // A last reminder would go to the lead too; here the lead answers first.
    const lead = mails.find((mail) => mail.to[0] === 'lead@example.com')!
    expect(lead.text).toMatch(/^Planner is still waiting in “Pick a color” \(Ada’s chat\) after 3 h, so you are asked too\.$/m)
    const { pending } = await app.frogbot.pending({ chatId, caller: { user: app.ada } })
    expect(pending[0]).toMatchObject({ toolCallId, escalatedTo: ['lead@example.com'], escalatedAt: expect.any(String) })

    // The lead, who has no account and does not own the chat, answers through their link.
    const done = await app.page(linksIn(lead.text).Red, {})
    expect(done.status).toBe(200)
    await until(async () => ((await app.frogbot.readChat({ chatId, caller: { user: app.ada } })).chat.state === 'idle' ? true : undefined))
    const read = await app.frogbot.readChat({ chatId, caller: { user: app.ada } })
    expect(read.messages.at(-1)!.settlements).toMatchObject([{ toolCallId, outcome: 'answered', by: { link: { recipient: 'lead@example.com' } } }])
    expect((read.messages.at(-1)!.settlements[0].by as { userId?: string }).userId).toBeUndefined()

    expect(await hooks(5)).toEqual(['call.waiting', 'call.reminder', 'call.reminder', 'call.escalated', 'call.settled'])
    app.advance(24 * HOUR)
    expect(await sweep()).toBe(0)
    expect(app.hooks.events.filter((event) => event.body.chatId === chatId)).toHaveLength(5)
    expect(app.hooks.events.every((event) => event.signed)).toBe(true)
    expect(new Set(app.hooks.events.map((event) => event.body.id)).size).toBe(5)
    expect(app.mailsOf(chatId)).toHaveLength(4)
  }, 20_000)
})
