import type { PendingCall } from '@frogbotai/protocol'
import type { Kysely } from 'kysely'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import { findUserByEmail } from '../auth/users.ts'
import type { Caller } from '../contract/caller.ts'
import type { Database } from '../store/database-schema.ts'
import { pendingAccessAllows } from '../turns/settle-checks.ts'

/** What a link's access check needs of an agent: its tools' own `access` rules. */
export type LinkAgent = Pick<ResolvedAgent, 'clientTools' | 'approvalTools'>

/**
 * The caller an answer link of `recipient` acts as (docs/chat/reach-people.md "Answer links"):
 * `entryPoint` `'link'`, `link.recipient`, and `user` when a FrogBot user has that email.
 */
export async function linkCallerOf(db: Kysely<Database>, recipient: string): Promise<Caller> {
  const user = await findUserByEmail(db, recipient)
  const link = { recipient }
  return { user, credential: { type: 'custom' }, entryPoint: 'link', headers: new Headers(), link }
}

/**
 * Whether the tool's own `approval.access` or `client.access` lets `recipient`, through an answer
 * link, decide or answer `call` of `agent`, asked now, as the link's `POST` would ask it (nothing
 * settles). `'threw'` when the rule threw (its error in `error`): the caller decides what that means.
 */
export async function linkMayAnswer({
  db,
  agent,
  recipient,
  call
}: {
  db: Kysely<Database>
  agent: LinkAgent | undefined
  recipient: string
  call: PendingCall
}): Promise<{ allowed: boolean } | { threw: unknown }> {
  if (!agent) return { allowed: true }
  try {
    return { allowed: await pendingAccessAllows(agent, await linkCallerOf(db, recipient), call) }
  } catch (error) {
    return { threw: error }
  }
}
