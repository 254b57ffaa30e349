import { afterEach, expect, it } from 'vitest'
import type { NotifyOptions } from '../../src/index.ts'
import { describeEachDatabase } from '../../src/testing/test-databases.ts'
import { noticeFrogbot } from './notify-kit.ts'

// Three FrogBot servers on one database sweep at the same moment, many times: each reminder and
// the escalation are claimed by exactly one of them (docs/chat/reach-people.md "Reminders").

const HOUR = 3_600_000
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

describeEachDatabase('notice sweeps racing', (fresh) => {
  it('ten sweeps on each of three servers at once send each notice once', async () => {
    const database = await fresh()
    const logs: string[] = []
    const notify: NotifyOptions = { email: { from: 'frogbot@example.com' }, remind: ['1h', '2h'], escalate: { after: '3h', to: ['lead@example.com'] } }
    const servers: Awaited<ReturnType<typeof noticeFrogbot>>[] = []
    for (let index = 0; index < 3; index++) servers.push(await noticeFrogbot({ adapter: database.adapter(), notify, log: (line) => logs.push(line) }))
    cleanups.push(async () => {
      for (const server of servers) await server.frogbot.close()
      await database.drop()
    })
    // Asked one after the other: several servers in one process cannot write one SQLite file at once.
    const chats = []
    for (const [n, index] of [0, 1, 2, 0, 1].entries()) chats.push(await servers[index].ask(`Pick a color ${n}`))
    const emails = () => logs.filter((line) => /^frogbot: email to /.test(line))
    const deadline = Date.now() + 10_000
    while (emails().length < chats.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
    const sweepAll = async () => {
      const results = await Promise.all(servers.flatMap((server) => Array.from({ length: 10 }, () => server.frogbot.maintain())))
      return results.reduce((sum, result) => sum + (result.notices ?? 0), 0)
    }
    const advance = (ms: number) => servers.forEach((server) => server.advance(ms))

    expect(await sweepAll()).toBe(0)
    advance(HOUR)
    expect(await sweepAll()).toBe(chats.length)
    advance(HOUR)
    expect(await sweepAll()).toBe(chats.length)
    advance(HOUR)
    expect(await sweepAll()).toBe(chats.length)
    advance(10 * HOUR)
    expect(await sweepAll()).toBe(0)
    for (const server of servers) await server.frogbot.close()
    const lines = emails()
    expect(lines.filter((line) => line.includes('to ada@example.com') && line.includes('not sent): Planner asks'))).toHaveLength(chats.length)
    expect(lines.filter((line) => line.includes('to ada@example.com') && line.includes(': Reminder: '))).toHaveLength(2 * chats.length)
    expect(lines.filter((line) => line.includes('to lead@example.com') && line.includes(': Escalated: '))).toHaveLength(chats.length)
    expect(lines).toHaveLength(4 * chats.length)
  }, 30_000)
})
