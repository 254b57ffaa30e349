import { afterEach, expect, it } from 'vitest'
import { describeEachDatabase } from '../../src/testing/test-databases.ts'
import type { Duration } from '../../src/notify/notify-options.ts'
import { charges, linksIn, noticeFrogbot, refusedApprovers } from './notify-kit.ts'

// Answer links (docs/chat/reach-people.md "Answer links"), through the app's own HTTP handler on a
// real SQLite file and a real PostgreSQL database: SMTP_URL is unset, so each notice is logged
// with its links, as a newcomer sees it.

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

describeEachDatabase('answer links', (fresh) => {
  async function start(remind: Duration[] = []) {
    const database = await fresh()
    const logs: string[] = []
    // Every line, never emptied (linksOf empties `logs`).
    const history: string[] = []
    const log = (line: string) => {
      logs.push(line)
      history.push(line)
    }
    const notify = { email: { from: 'FrogBot <frogbot@example.com>' }, remind }
    const app = await noticeFrogbot({ adapter: database.adapter(), notify, log })
    cleanups.push(async () => {
      await app.frogbot.close()
      await database.drop()
    })
    const linksOf = async (chatId: string) => {
      await app.frogbot.maintain()
      await until(() => logs.some((line) => line.includes('/answer/')))
      const links = linksIn(logs.join('\n'))
      logs.length = 0
      return { links, chatId }
    }
    const settled = async (chatId: string) => {
      await until(async () => (await app.frogbot.readChat({ chatId, caller: { user: app.ada } })).chat.state === 'idle')
      return app.frogbot.readChat({ chatId, caller: { user: app.ada } })
    }
    const refusals = () => history.filter((line) => line.startsWith('frogbot: no notice of'))
    const emails = () => history.filter((line) => line.startsWith('frogbot: email to'))
    return { ...app, logs, linksOf, settled, refusals, emails }
  }

  it('a single-choice question: one link per option; GET only shows it, POST answers as the recipient and the reply continues', async () => {
    const app = await start()
    const { chatId, toolCallId } = await app.ask('Pick a color')
    const { links } = await app.linksOf(chatId)
    expect(Object.keys(links)).toEqual(['Red', 'Blue'])
    expect(links.Blue).toMatch(/^http:\/\/frogbot\.test\/answer\/[A-Za-z0-9_-]{43}$/)

    const shown = await app.page(links.Blue)
    expect(shown.status).toBe(200)
    expect(shown.headers.get('content-type')).toContain('text/html')
    expect(shown.headers.get('referrer-policy')).toBe('no-referrer')
    expect(shown.html).toContain('Which color?')
    expect(shown.html).toContain('<form method="post">')
    expect(shown.html).toContain('Send “Blue”')
    // Opening a link twice (a mail scanner, then the person) changes nothing.
    expect((await app.page(links.Blue)).status).toBe(200)
    expect((await app.frogbot.pending({ chatId, caller: { user: app.ada } })).pending.map((call) => call.toolCallId)).toEqual([toolCallId])

    const done = await app.page(links.Blue, {})
    expect(done.status).toBe(200)
    expect(done.html).toContain('You answered “Blue”.')
    expect(done.html).toContain(`http://frogbot.test/admin/chats/planner/${chatId}`)
    const read = await app.settled(chatId)
    const assistant = read.messages.at(-1)!
    expect(assistant.settlements).toMatchObject([{ toolCallId, outcome: 'answered', by: { link: { recipient: 'ada@example.com' }, userId: app.ada.id } }])
    expect(JSON.stringify(assistant.parts)).toContain('Got: {\\"answers\\":[{\\"header\\":\\"Color\\",\\"selected\\":[\\"Blue\\"]}]}')
  })

  it('replayed, settled, altered and foreign links are refused with a page, and nothing changes', async () => {
    const app = await start()
    const { chatId } = await app.ask('Pick a color')
    const { links } = await app.linksOf(chatId)
    const altered = links.Red.slice(0, -1) + (links.Red.endsWith('A') ? 'B' : 'A')
    const unknown = await app.page(altered)
    expect(unknown.status).toBe(404)
    expect(unknown.html).toContain('This link does not work')
    expect((await app.page(altered, {})).status).toBe(404)
    expect((await app.page('http://frogbot.test/answer/not-a-token', {})).status).toBe(404)

    expect((await app.page(links.Red, {})).status).toBe(200)
    const read = await app.settled(chatId)
    for (const url of [links.Red, links.Blue]) {
      for (const form of [undefined, {}]) {
        const refused = await app.page(url, form)
        expect(refused.status).toBe(409)
        expect(refused.html).toContain('This question is closed')
      }
    }
    expect(await app.settled(chatId)).toEqual(read)

    // A link of another chat's call answers that call only, never this one.
    const other = await app.ask('Pick a color again')
    const { links: otherLinks } = await app.linksOf(other.chatId)
    expect((await app.page(otherLinks.Red, {})).status).toBe(200)
    expect((await app.settled(other.chatId)).messages.at(-1)!.settlements).toMatchObject([{ toolCallId: other.toolCallId }])
    expect(await app.settled(chatId)).toEqual(read)
  })

  it('a deleted chat takes its links along: a chat made again under its id, with the same call id, is not answered by them', async () => {
    const app = await start()
    const chatId = 'chat_reused_links_0001'
    await app.ask('Pick a color (call_same)', chatId)
    const { links } = await app.linksOf(chatId)
    expect((await app.api('DELETE', `/api/agents/planner/chats/${chatId}`)).status).toBe(204)
    expect((await app.page(links.Blue)).status).toBe(404)
    const again = await app.ask('Pick a color (call_same)', chatId)
    expect(again).toEqual({ chatId, toolCallId: 'call_same' })
    for (const form of [undefined, {}]) expect((await app.page(links.Blue, form)).status).toBe(404)
    expect((await app.frogbot.pending({ chatId, caller: { user: app.ada } })).pending.map((call) => call.toolCallId)).toEqual(['call_same'])
  })

  it('a link whose call an edit removed says it is no longer asked (410), not "never sent"', async () => {
    const app = await start()
    const before = charges.length
    const editFirst = async (chatId: string, text: string) => {
      const userMessage = (await app.api('GET', `/api/agents/planner/chats/${chatId}`)).json.messages[0]
      const path = `/api/agents/planner/chats/${chatId}/messages/${userMessage.id}`
      const edited = await app.api('PUT', path, { text })
      expect(edited.status).toBe(200)
    }
    const approval = await app.ask('Please charge the card')
    const { links } = await app.linksOf(approval.chatId)
    await editFirst(approval.chatId, 'Pick a color instead')
    for (const form of [undefined, {}]) {
      const gone = await app.page(links.Approve, form)
      expect(gone.status).toBe(410)
      expect(gone.html).toContain('This approval is no longer asked')
      expect(gone.html).toContain('The message that led to it was edited, or the chat changed')
      expect(gone.html).toContain(`http://frogbot.test/admin/chats/planner/${approval.chatId}`)
      expect(gone.html).not.toContain('It is not a link FrogBot sent')
    }
    expect(charges.length - before).toBe(0)
    // The edit asked a new question in that chat: its notice goes out before the next chat's.
    expect(Object.keys((await app.linksOf(approval.chatId)).links)).toEqual(['Red', 'Blue'])

    const asked = await app.ask('Pick a color')
    const { links: colorLinks } = await app.linksOf(asked.chatId)
    await editFirst(asked.chatId, 'Pick a color, again')
    const pending = (await app.frogbot.pending({ chatId: asked.chatId, caller: { user: app.ada } })).pending
    expect(pending.map((call) => call.toolCallId)).not.toContain(asked.toolCallId)
    for (const form of [undefined, {}]) {
      const gone = await app.page(colorLinks.Blue, form)
      expect(gone.status).toBe(410)
      expect(gone.html).toContain('This question is no longer asked')
    }
    // The new question is not answered by the old link.
    expect((await app.frogbot.pending({ chatId: asked.chatId, caller: { user: app.ada } })).pending)
      .toEqual(pending)
  })

  it('no notice to someone the tool’s access refuses when sent; logged once per call and person', async () => {
    const app = await start(['15m'])
    const refunding = await app.ask('Please refund the card')
    await app.frogbot.maintain()
    // The question asked next is noticed: the refund's notice went out before it, or never.
    const asked = await app.ask('Pick a color')
    const { links } = await app.linksOf(asked.chatId)
    expect(Object.keys(links)).toEqual(['Red', 'Blue'])
    const line = `frogbot: no notice of "refund" (call ${refunding.toolCallId}) ` +
      `in chat ${refunding.chatId} to ` +
      "ada@example.com: the tool's approval.access refuses them (logged once per call and person)"
    expect(app.refusals()).toEqual([line])
    // One email went: the question's; none for the refund.
    expect(app.emails()).toHaveLength(1)
    expect(app.emails()[0]).toContain('Which color?')
    // The reminder 15 minutes on goes to the question's recipient alone, and the refusal is not logged again.
    app.advance(16 * 60_000)
    expect(await app.frogbot.maintain()).toBeDefined()
    await until(() => app.emails().length === 2)
    expect(app.emails()[1]).toContain('Which color?')
    expect(app.refusals()).toEqual([line])
    expect((await app.frogbot.pending({ chatId: refunding.chatId, caller: { user: app.ada } })).pending)
      .toHaveLength(1)
  })

  it('a link past its 72 hours is refused; the call still waits', async () => {
    const app = await start()
    const { chatId, toolCallId } = await app.ask('Pick a color')
    const { links } = await app.linksOf(chatId)
    app.advance(72 * 3_600_000 + 1000)
    for (const form of [undefined, {}]) {
      const refused = await app.page(links.Red, form)
      expect(refused.status).toBe(410)
      expect(refused.html).toContain('This link expired')
    }
    expect((await app.frogbot.pending({ chatId, caller: { user: app.ada } })).pending.map((call) => call.toolCallId)).toEqual([toolCallId])
    // A day later the sweeper deleted it: now it is a link FrogBot does not know.
    app.advance(24 * 3_600_000)
    await app.frogbot.maintain()
    expect((await app.page(links.Red)).status).toBe(404)
  })

  it('while the server shuts down, a link says to try again, and nothing changes', async () => {
    const app = await start()
    const { chatId } = await app.ask('Pick a color')
    const { links } = await app.linksOf(chatId)
    await app.frogbot.close()
    for (const form of [undefined, {}]) {
      const busy = await app.page(links.Red, form)
      expect(busy.status).toBe(503)
      expect(busy.html).toContain('Please try again in a moment')
    }
  })

  it('several questions: one link to the answer page; a wrong answer shows the form again and keeps the link', async () => {
    const app = await start()
    const { chatId, toolCallId } = await app.ask('Plan a trip')
    const { links } = await app.linksOf(chatId)
    expect(Object.keys(links)).toEqual(['Answer'])
    const form = await app.page(links.Answer)
    expect(form.status).toBe(200)
    expect(form.html).toContain('<legend>Where</legend>')
    expect(form.html).toContain('type="checkbox" name="q1" value="Museum"')

    const wrong = await app.page(links.Answer, { q0: ['Rome', 'Oslo'], q1: 'Boat' })
    expect(wrong.status).toBe(400)
    expect(wrong.html).toContain('role="alert"')
    expect((await app.frogbot.pending({ chatId, caller: { user: app.ada } })).pending).toHaveLength(1)

    const done = await app.page(links.Answer, { q0: 'Oslo', q1: ['Museum', 'Boat'], 'q1-custom': 'a fjord cruise' })
    expect(done.status).toBe(200)
    expect(done.html).toContain('Where: Oslo · Extras: Museum, Boat, a fjord cruise')
    const read = await app.settled(chatId)
    expect(read.messages.at(-1)!.settlements).toMatchObject([{ toolCallId, outcome: 'answered', by: { link: { recipient: 'ada@example.com' } } }])
    expect((await app.page(links.Answer, { q0: 'Rome' })).status).toBe(409)
  })

  it('the answer page refuses a field that is not UTF-8 (raw or percent-encoded) with its 400 naming the field, and stores nothing', async () => {
    const app = await start()
    const { chatId, toolCallId } = await app.ask('Plan a trip')
    const { links } = await app.linksOf(chatId)
    const form = await app.page(links.Answer)
    expect(form.html).toContain('name="q1-custom" maxlength="4000"')
    const post = async (body: string | Uint8Array<ArrayBuffer>) => {
      const response = await app.frogbot.fetch(new Request(links.Answer, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://frogbot.test' }, body }))
      return { status: response.status, html: await response.text() }
    }
    const encoded = await post('q0=Oslo&q1=Boat&q1-custom=ok%FF%FEbad')
    expect(encoded.status).toBe(400)
    expect(encoded.html).toContain('role="alert">q1-custom: not valid UTF-8</p>')
    const raw = await post(new Uint8Array([...Buffer.from('q0=Oslo&q1-custom=ok'), 0xff, 0xfe, ...Buffer.from('bad')]))
    expect(raw.status).toBe(400)
    expect(raw.html).toContain('q1-custom: not valid UTF-8')
    expect((await post('q0=Oslo&%C3%28=x')).html).toContain('a field name: not valid UTF-8')
    expect((await app.frogbot.pending({ chatId, caller: { user: app.ada } })).pending).toHaveLength(1)

    const done = await post('q0=Oslo&q1-custom=caf%C3%A9+%E2%9C%93+100%25')
    expect(done.status).toBe(200)
    const read = await app.settled(chatId)
    expect(read.messages.at(-1)!.settlements).toMatchObject([{ toolCallId, outcome: 'answered' }])
    expect(JSON.stringify(read.messages)).toContain('café ✓ 100%')
    expect(JSON.stringify(read.messages)).not.toContain('\ufffd')
  })

  it('the answer page refuses a field it does not send, 400 naming it; the link still works', async () => {
    const app = await start()
    const { chatId, toolCallId } = await app.ask('Plan a trip')
    const { links } = await app.linksOf(chatId)
    const unknown = await app.page(links.Answer, { q0: 'Oslo', q1: 'Boat', q2: 'Rome', note: 'hi' })
    expect(unknown.status).toBe(400)
    expect(unknown.html).toContain('role="alert">body: unknown fields &#34;q2&#34;, &#34;note&#34;</p>')
    expect(unknown.html).toContain('<legend>Where</legend>')
    const twice = await app.page(links.Answer, { q0: 'Oslo', 'q1-custom': ['a cruise', 'a hike'] })
    expect(twice.status).toBe(400)
    expect(twice.html).toContain('role="alert">q1-custom: give it once</p>')
    expect((await app.frogbot.pending({ chatId, caller: { user: app.ada } })).pending).toHaveLength(1)
    expect((await app.page(links.Answer, { q0: 'Oslo', q1: 'Boat' })).status).toBe(200)
    const read = await app.settled(chatId)
    expect(read.messages.at(-1)!.settlements).toMatchObject([{ toolCallId, outcome: 'answered' }])
  })

  it('a one-answer link refuses a field its page does not send, 400 naming it; the link works', async () => {
    const app = await start()
    const { chatId, toolCallId } = await app.ask('Pick a color')
    const { links } = await app.linksOf(chatId)
    const refused = await app.page(links.Blue, { selected: 'Red' })
    expect(refused.status).toBe(400)
    expect(refused.html).toContain('role="alert">body: unknown field &#34;selected&#34;</p>')
    expect(refused.html).toContain('Send “Blue”')
    expect((await app.frogbot.pending({ chatId, caller: { user: app.ada } })).pending).toHaveLength(1)
    expect((await app.page(links.Blue, {})).status).toBe(200)
    const read = await app.settled(chatId)
    expect(read.messages.at(-1)!.settlements).toMatchObject([{ toolCallId, outcome: 'answered' }])
  })

  it('the logged notice of a question with terminal escapes shows them as ?, never raw, and forges no line', async () => {
    const app = await start()
    await app.ask('hostile')
    await app.frogbot.maintain()
    await until(() => app.logs.some((line) => line.includes('/answer/')))
    const logged = app.logs.join('\n')
    expect(logged).toContain('Planner asks: Line1??[2K?]0;pwned? overwritten\\n?[31mfrogbot: forged')
    expect(logged).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/)
    for (const line of app.logs) expect(line).not.toContain('\n')
  })

  it('an approval gets Approve and Deny links; Approve runs the tool once', async () => {
    const app = await start()
    const before = charges.length
    const { chatId, toolCallId } = await app.ask('Please charge the card')
    const { links } = await app.linksOf(chatId)
    expect(Object.keys(links)).toEqual(['Approve', 'Deny'])
    expect((await app.page(links.Approve)).html).toContain('Approve “charge”?')
    expect((await app.page(links.Approve, {})).html).toContain('Approved.')
    const read = await app.settled(chatId)
    expect(read.messages.at(-1)!.settlements).toMatchObject([{ toolCallId, outcome: 'approved', by: { link: { recipient: 'ada@example.com' } } }])
    expect(charges.length - before).toBe(1)
    expect((await app.page(links.Deny, {})).status).toBe(409)
    expect(charges.length - before).toBe(1)
  })

  it('a link the app refuses (access, or a vote already given) says why and stays unused: a refused answer changes nothing', async () => {
    const app = await start()
    const before = charges.length
    const paying = await app.ask('Please payout the card')
    const { links: payLinks } = await app.linksOf(paying.chatId)
    // approval.access changed to refuse Ada after her notice went: GET says so too, and nothing settles.
    refusedApprovers.add('ada@example.com')
    try {
      for (let tries = 0; tries < 2; tries++) {
        for (const form of [{}, undefined]) {
          const refused = await app.page(payLinks.Approve, form)
          expect(refused.status).toBe(403)
          expect(refused.html).toContain('You may not answer this')
          expect(refused.html).not.toContain('Approve “payout”?')
        }
      }
      expect((await app.frogbot.pending({ chatId: paying.chatId, caller: { user: app.ada } })).pending)
        .toHaveLength(1)
    } finally {
      refusedApprovers.delete('ada@example.com')
    }
    // Let in again, the link still works: nothing used it.
    expect((await app.page(payLinks.Approve)).html).toContain('Approve “payout”?')

    const transferring = await app.ask('Please transfer the money')
    const { links } = await app.linksOf(transferring.chatId)
    const settleURL = `/api/agents/planner/chats/${transferring.chatId}/settle`
    expect((await app.api('POST', settleURL, { toolCallId: transferring.toolCallId, approved: true })).status).toBe(200)
    for (let tries = 0; tries < 2; tries++) {
      const voted = await app.page(links.Approve, {})
      expect(voted.status).toBe(409)
      expect(voted.html).toContain('You already answered this')
    }
    expect((await app.page(links.Deny)).status).toBe(200)
    expect(charges.length - before).toBe(0)
    expect((await app.frogbot.pending({ chatId: transferring.chatId, caller: { user: app.ada } })).pending).toHaveLength(1)
  })
})

async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
