import type { LanguageModel } from 'ai'
import { type AgentConfig, buildConfig, type DatabaseAdapter, sqliteAdapter } from 'frogbot'
import { serveFrogbot, tempDir } from 'frogbot/testing'
import { question } from 'frogbot/tools'
import { join } from 'node:path'
import { vi } from 'vitest'
import { createGithub, type GithubOptions } from '../src/index.ts'
import { commented, type GithubDelivery, WEBHOOK_SECRET } from './github-deliveries.ts'
import { ADA, ASSOCIATION, BOB, BOT, TOKEN } from './github-people.ts'
import type { GithubAccount, GithubStandIn } from './github-stand-in.ts'

/** The agent's `access` of the tests: GitHub commenters by their numeric id, Ada and Bob (docs/pieces/github.md). */
export const ACCEPTED_IDS = [String(ADA.id), String(BOB.id)]
const access: AgentConfig['access'] = ({ req }) => (req.channel ? ACCEPTED_IDS.includes(req.channel.userId) : req.user !== null)

/** Waits until `check` passes: what a delivery starts goes on after its answer. */
export const eventually = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 20 })

/**
 * A FrogBot served on 127.0.0.1 (`serveFrogbot`) with the `planner` agent (`question`, and an
 * `access` that accepts Ada and Bob by GitHub id) on a GitHub piece whose REST API is `github` (a
 * recording stand-in), on `db` (default: a SQLite file in a temporary folder). Deliveries are
 * signed with the webhook's secret; each helper waits until the piece has no work in flight.
 * `logs` holds what FrogBot logged: `close()` fails on any line left in it, so a test that expects
 * one takes it out.
 */
export async function githubKit({ model, github, db, agent = {}, options = {} }: { model: Exclude<LanguageModel, string>; github: GithubStandIn; db?: DatabaseAdapter; agent?: Partial<AgentConfig>; options?: GithubOptions }) {
  const temp = db ? null : tempDir()
  const piece = createGithub({ token: TOKEN, webhookSecret: WEBHOOK_SECRET, botUsername: BOT.login, apiUrl: github.url, env: {}, ...options })
  const config = buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [piece], access, ...agent }], db: db ?? sqliteAdapter({ filename: join(temp!.dir, 'frogbot.db') }) })
  const served = await serveFrogbot({ config, model })
  const path = `/api/webhooks/${piece.instance}`

  /** Posts a delivery as it is given (signed or not), then waits for the piece to settle down. */
  const deliver = async (request: GithubDelivery) => {
    const answer = await served.post(path, request)
    await piece.idle()
    return answer
  }
  /** `user` comments `body` on issue `number` (default #1); `options` as `commented`. */
  const comment = async (user: GithubAccount, body: string, options: Partial<Omit<Parameters<typeof commented>[1], 'user' | 'body'>> = {}) => {
    const { comment: stored, delivery } = commented(github, { user, association: ASSOCIATION[user.id] ?? 'NONE', number: 1, body, ...options })
    return { comment: stored, delivery, answer: await deliver(delivery) }
  }
  await piece.idle()
  return {
    ...served,
    piece,
    github,
    deliver,
    comment,
    /** The one chat there is, as FrogBot reads it. */
    chat: async () => {
      const chats = await served.chats()
      if (chats.length !== 1) throw new Error(`there are ${chats.length} chats`)
      return chats[0]
    },
    close: async () => {
      await served.close()
      temp?.remove()
      if (served.logs.length > 0) throw new Error(`unexpected log lines:\n${served.logs.join('\n')}`)
    }
  }
}

/** See {@link githubKit}. */
export type GithubKit = Awaited<ReturnType<typeof githubKit>>
