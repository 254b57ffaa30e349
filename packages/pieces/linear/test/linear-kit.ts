import type { LanguageModel } from 'ai'
import { type AgentConfig, buildConfig, type DatabaseAdapter, sqliteAdapter } from 'frogbot'
import { createTestUser, serveFrogbot, tempDir } from 'frogbot/testing'
import { question } from 'frogbot/tools'
import { join } from 'node:path'
import { vi } from 'vitest'
import { createLinear, type LinearOptions } from '../src/index.ts'
import { type LinearDelivery, prompted, sessionCreated } from './linear-deliveries.ts'
import { ACCESS_TOKEN, ADA, BOB } from './linear-people.ts'
import type { LinearAccount, LinearStandIn, StandInSession } from './linear-stand-in.ts'
import { WEBHOOK_SECRET } from './linear-deliveries.ts'

/** Waits until `check` passes: what a delivery starts goes on after its answer. */
export const eventually = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 20 })

/**
 * A FrogBot served on 127.0.0.1 (`serveFrogbot`) with the `planner` agent (`question`, the
 * default `access`: any FrogBot user) on a Linear piece whose GraphQL API is `linear` (a recording
 * stand-in), on `db` (default: a SQLite file in a temporary folder); Ada and Bob are FrogBot users
 * by their Linear emails, Eve is not. Deliveries are signed with the webhook's secret; each helper
 * waits until the piece has no work in flight. `logs` holds what FrogBot logged: `close()` fails on
 * any line left in it, so a test that expects one takes it out.
 */
export async function linearKit({ model, linear, db, agent = {}, options = {}, now }: { model: Exclude<LanguageModel, string>; linear: LinearStandIn; db?: DatabaseAdapter; agent?: Partial<AgentConfig>; options?: LinearOptions; now?: () => number }) {
  const temp = db ? null : tempDir()
  const piece = createLinear({ accessToken: ACCESS_TOKEN, webhookSecret: WEBHOOK_SECRET, apiUrl: linear.url, env: {}, ...(now ? { now } : {}), ...options })
  const config = buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [piece], ...agent }], db: db ?? sqliteAdapter({ filename: join(temp!.dir, 'frogbot.db') }) })
  const served = await serveFrogbot({ config, model })
  for (const person of [ADA, BOB]) await createTestUser(served.frogbot, { email: person.email, name: person.name })
  const path = `/api/webhooks/${piece.instance}`
  const clock = now ?? Date.now

  /** Posts a delivery as it is given (signed or not), then waits for the piece to settle down. */
  const deliver = async (request: LinearDelivery) => {
    const answer = await served.post(path, request)
    await piece.idle()
    return answer
  }
  await piece.idle()
  return {
    ...served,
    piece,
    linear,
    deliver,
    /** `creator` mentions the app on `issueId` with `body`: a new session, its `created` delivered. */
    open: async (creator: LinearAccount, body: string, issueId = 'issue-1') => {
      const { session, delivery } = sessionCreated(linear, { issueId, creator, body: `@FrogBot ${body}`, now: clock() })
      return { session, answer: await deliver(delivery) }
    },
    /** `by` writes `body` in `session` (or sends `signal`). */
    prompt: (session: StandInSession, by: LinearAccount, body: string, signal?: string) => deliver(prompted(linear, { session, by, body, signal, now: clock() })),
    /** The chat of `session`, as FrogBot reads it. */
    chatOf: async (session: StandInSession) => (await served.chats()).find((read) => read.chat.channel?.thread === `linear:${session.issueId}:s:${session.id}`)!,
    close: async () => {
      await served.close()
      temp?.remove()
      if (served.logs.length > 0) throw new Error(`unexpected log lines:\n${served.logs.join('\n')}`)
    }
  }
}

/** See {@link linearKit}. */
export type LinearKit = Awaited<ReturnType<typeof linearKit>>
