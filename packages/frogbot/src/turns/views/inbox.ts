import { ageInstant, ageProblem, APPROVAL_KIND, durationMs, MCP_ELICITATION_KIND, type Inbox } from '@frogbotai/protocol'
import type { Caller } from '../../contract/caller.ts'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import { assigneeKeysOf } from '../../assignees/normalize-assignees.ts'
import { toPendingCall } from '../../store/chat-records.ts'
import type { InboxPosition } from '../../store/inbox-queries.ts'
import { mayUse } from '../chat-access.ts'
import { toolAccessAllows } from '../settle-checks.ts'
import type { ResolvedAgent } from '../../agents/resolve-agents.ts'
import type { TurnServices } from '../services.ts'

/** What the inbox is asked for (the query of `GET /api/pending`, see `InboxQuery`): ages as durations or ISO times. */
export type InboxOptions = { req: Caller; agent?: string; kind?: string; olderThan?: string; newerThan?: string; limit?: number; cursor?: string }

/** Why a caller who is not signed in has no inbox (`unauthorized`, 401). */
export const SIGN_IN_FOR_INBOX = 'Sign in to list the calls waiting for you.'

/** The filters a page was listed with, which its cursor carries on. */
type InboxFilters = Pick<InboxOptions, 'agent' | 'kind' | 'olderThan' | 'newerThan'>

/** An age filter as its cursor keeps it: a duration in milliseconds (`1s` and `1000` are one), a time as its ISO instant, `null` when absent. */
const ageKey = (age: string | undefined) => (age === undefined ? null : (durationMs(age) ?? ageInstant(age, new Date(0)) ?? age))
const filtersKey = ({ agent, kind, olderThan, newerThan }: InboxFilters) => [agent ?? null, kind ?? null, ageKey(olderThan), ageKey(newerThan)]

/** The instants a page's age filters named when its first page was listed (ISO strings). */
type AgeInstants = { createdBefore?: string; createdAfter?: string }

/**
 * A cursor: the position after the last call of its page, the filters it was listed with, and
 * the instants its ages named on the first page, so that `newerThan=1h` pages one window, not a
 * window sliding with each page.
 */
const encodeCursor = ({ createdAt, chatId, toolCallId }: InboxPosition, filters: InboxFilters, ages: AgeInstants) =>
  Buffer.from(JSON.stringify([createdAt, chatId, toolCallId, filtersKey(filters), [ages.createdBefore ?? null, ages.createdAfter ?? null]])).toString('base64url')

const isInstant = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value))
const instantOrUnset = (value: unknown) => (isInstant(value) ? (value as string) : undefined)

/**
 * The position an inbox cursor names and the instants of its first page; throws `bad-request`
 * naming `cursor` for anything else, and for a cursor of a page listed with other filters (its
 * next page would skip or repeat calls).
 */
function decodeCursor(cursor: string, filters: InboxFilters): { after: InboxPosition; ages: AgeInstants } {
  let read: unknown[] = []
  try {
    read = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[]
  } catch {}
  const [createdAt, chatId, toolCallId, listedWith, instants] = Array.isArray(read) ? read : []
  const [before, after] = Array.isArray(instants) ? instants : []
  if (!isInstant(createdAt) || typeof chatId !== 'string' || typeof toolCallId !== 'string' || !Array.isArray(instants) || [before, after].some((at) => at !== null && !isInstant(at))) {
    throw new FrogbotError('bad-request', 'cursor: not a cursor: pass the nextCursor of the previous page')
  }
  if (JSON.stringify(listedWith) !== JSON.stringify(filtersKey(filters))) {
    throw new FrogbotError('bad-request', 'cursor: belongs to a page listed with other filters (agent, kind, olderThan, newerThan): pass the same ones, or start again without a cursor')
  }
  return { after: { createdAt: createdAt as string, chatId, toolCallId }, ages: { createdBefore: instantOrUnset(before), createdAfter: instantOrUnset(after) } }
}

/** The instant of an age filter, or `undefined`; throws `bad-request` naming the parameter. */
function instantOf(name: string, value: string | undefined, now: Date): string | undefined {
  if (value === undefined) return undefined
  const problem = ageProblem(value, now)
  if (problem !== null) throw new FrogbotError('bad-request', `${name}: ${problem}`)
  return ageInstant(value, now)!
}

/** The kinds a call of `agents` can wait as: their client tools' kinds, then FrogBot's own (`approval`, `mcp-elicitation`). */
function kindsOf(agents: Pick<ResolvedAgent, 'clientTools'>[]): string[] {
  const kinds = new Set<string>()
  for (const agent of agents) for (const tool of agent.clientTools.values()) kinds.add(tool.client.kind)
  return [...kinds, APPROVAL_KIND, MCP_ELICITATION_KIND]
}

/**
 * The inbox (docs/chat/reach-people.md, "The inbox"): every call still waiting that `req`'s user
 * may answer, across chats and agents, newest first, each with its chat's `title`: calls of web
 * chats they own and calls that name them as an assignee (by user id or email), of agents whose
 * `access` lets them in, and whose tool's own `access` does too. Filtered by `agent`, `kind` and
 * age (`olderThan`, `newerThan`: see `ageInstant`), `limit` a page (default 20), paged by the
 * opaque `cursor`, which keeps the instants the first page's ages named (a duration does not
 * slide between pages); a page may hold fewer than `limit` calls where a tool's `access` refused.
 * Calls of channel conversations are answered in their channel and are not listed. Throws
 * `unauthorized` without a user, `bad-request` naming a parameter (a `kind` no call of those agents
 * can wait as, listing the kinds; an `olderThan` not earlier than `newerThan`).
 */
export async function listInbox(services: TurnServices, { req, agent, kind, olderThan, newerThan, limit = 20, cursor }: InboxOptions): Promise<Inbox> {
  if (!req.user) throw new FrogbotError('unauthorized', SIGN_IN_FOR_INBOX)
  const now = services.now()
  const createdBefore = instantOf('olderThan', olderThan, now)
  const createdAfter = instantOf('newerThan', newerThan, now)
  if (createdBefore !== undefined && createdAfter !== undefined && createdBefore <= createdAfter) {
    throw new FrogbotError('bad-request', `olderThan: ${olderThan} leaves no time after newerThan: ${newerThan}; newerThan must name the earlier instant (the longer duration): newerThan=2h&olderThan=1h is between two hours and one hour ago`)
  }
  const filters = { agent, kind, olderThan, newerThan }
  const listed = cursor === undefined ? undefined : decodeCursor(cursor, filters)
  const ages = listed?.ages ?? { createdBefore, createdAfter }
  const usable = []
  for (const entry of services.agents.values()) if ((agent === undefined || entry.slug === agent) && (await mayUse(entry, req))) usable.push(entry)
  if (agent !== undefined && usable.length === 0) throw new FrogbotError('bad-request', `agent: no agent "${agent}" that you may use`)
  const kinds = kindsOf(usable)
  if (kind !== undefined && !kinds.includes(kind)) throw new FrogbotError('bad-request', `kind: no call of kind "${kind}" can wait here; the kinds are ${kinds.join(', ')}`)
  const rows = await services.store.waitingCallsFor({
    ownerId: req.user.id,
    assigneeKeys: assigneeKeysOf(req.user),
    agentSlugs: usable.map((entry) => entry.slug),
    kind,
    createdBefore: ages.createdBefore,
    createdAfter: ages.createdAfter,
    after: listed?.after,
    limit
  })
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  const agents = new Map(usable.map((entry) => [entry.slug, entry]))
  const allowed = await Promise.all(page.map((call) => toolAccessAllows(agents.get(call.agentSlug)!, req, call)))
  return {
    pending: page.filter((_, index) => allowed[index]).map((call) => ({ ...toPendingCall(call), title: call.chatTitle })),
    nextCursor: rows.length > limit && last ? encodeCursor(last, filters, ages) : null
  }
}
