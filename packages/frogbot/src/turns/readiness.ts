import { sql } from 'kysely'
import type { TurnServices } from './services.ts'

/** How one dependency answered a readiness check: `ok`, `failing`, or `local` (live streams in this process's memory: nothing to reach). */
export type CheckState = 'ok' | 'failing' | 'local'

/** What `GET /api/ready` reports: `ok` when every dependency answered, and each one's state. */
export type Readiness = { ok: boolean; checks: { database: CheckState; liveStreams: CheckState } }

/** `work`'s outcome, or a rejection once `ms` milliseconds passed. */
function within(work: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)))
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/**
 * Whether this process can serve chats now: one `select 1` on the database (through its pool, so
 * also through a pooler in front of it) and one `PING` on the live streams' Redis connection, if
 * any, each within `timeoutMs` (default 2000). What failed is logged once per check with its
 * reason; the result names only which dependency failed, so an unauthenticated caller (a load
 * balancer) learns no address.
 */
export async function readiness(services: Pick<TurnServices, 'store' | 'live' | 'log'>, { timeoutMs = 2000 }: { timeoutMs?: number } = {}): Promise<Readiness> {
  const check = async (name: string, work: () => Promise<unknown>): Promise<CheckState> => {
    try {
      await within(work(), timeoutMs)
      return 'ok'
    } catch (error) {
      services.log(`frogbot: readiness: ${name} failed: ${error instanceof Error ? error.message : String(error)}`)
      return 'failing'
    }
  }
  const ping = services.live.ping
  const [database, liveStreams] = await Promise.all([
    check('the database', () => sql`select 1`.execute(services.store.db)),
    ping ? check('the live streams (Redis)', () => ping.call(services.live)) : Promise.resolve<CheckState>('local')
  ])
  return { ok: database !== 'failing' && liveStreams !== 'failing', checks: { database, liveStreams } }
}
