import { type ChannelState, errorText, type LookupProblem, lookupProblems, type Participant, PlatformError } from 'frogbot/channels'
import type { BotConnector, RosterMember } from './bot-connector.ts'

/** How long a participant's roster entry is kept before Teams is asked again (ms): an hour, as Chat SDK keeps its own. */
export const MEMBER_KEEP_MS = 60 * 60_000

/** How long a roster lookup that found nobody, or failed, stands before it is tried again (ms). */
export const MEMBER_MISS_KEEP_MS = 60_000


/** What the piece keeps of a participant in its state: their roster entry (`null`: not found, or the lookup failed) and why the lookup failed. */
type Entry = { member: RosterMember | null; problem?: LookupProblem }

/** A failed roster lookup: `refused` when the token endpoint refused the app's credentials or the Bot Connector answered 401 or 403, else `unreachable`. */
function problemOf(error: unknown): LookupProblem {
  const refused = error instanceof PlatformError && error.credentials
  return { kind: refused ? 'refused' : 'unreachable', reason: `the roster lookup: ${errorText(error)}` }
}

/**
 * Who a Teams participant is, for the agent's `access` (docs/pieces/teams.md, who can
 * answer): their Teams user id (`29:…`), their name, and their email (the UPN where Teams gives no
 * other), which matches them to a FrogBot user. Clicks carry no email, so it comes from the
 * roster of the conversation the participant wrote or clicked in (Bot Connector "Get
 * conversation member"), kept in the piece's state for {@link MEMBER_KEEP_MS} so that every server
 * shares it; an email a message already carried (Chat SDK looks messages' authors up itself) is
 * kept the same way. A lookup that failed is logged and leaves the participant without an email:
 * they are refused, and the question stays open; `lookupProblem(userId)` says why the latest
 * lookup of that participant failed (the app's credentials refused, or Teams out of reach; kept
 * in the state with the miss, so every server tells it alike), so that they are told FrogBot
 * could not check who they are right now, not that their email is not shared.
 */
export function teamsPeople({ connector, state, log }: { connector: BotConnector; state: ChannelState; log: (line: string) => void }) {
  const keyOf = (userId: string) => `frogbot:teams:member:${userId}`
  const problems = lookupProblems()
  /** The roster's entry of `userId`, or why it could not be read (logged). */
  const lookUp = async (thread: string, userId: string, name: string | undefined): Promise<Entry> => {
    try {
      return { member: await connector.member(thread, userId) }
    } catch (error) {
      log(`could not look ${name ?? userId} (${userId}) up in the conversation's roster: ${errorText(error)}; tried again within a minute`)
      return { member: null, problem: problemOf(error) }
    }
  }

  const people = async (thread: string, { userId, name, email }: { userId: string; name?: string; email?: string }): Promise<Participant> => {
    const cached = email ? undefined : await state.get<Entry>(keyOf(userId))
    const entry = email ? { member: { ...(name ? { name } : {}), email } } : (cached ?? (await lookUp(thread, userId, name)))
    problems.keep(userId, entry.problem)
    if (!cached) await state.set(keyOf(userId), entry, entry.member ? MEMBER_KEEP_MS : MEMBER_MISS_KEEP_MS)
    // The roster's name where it gave one, else the name the activity carried.
    const known = entry.member?.name ?? name
    return { userId, ...(known ? { name: known } : {}), ...(entry.member?.email ? { email: entry.member.email } : {}) }
  }
  /** Why the latest lookup of Teams user `userId` failed, or `null` when it did not (the kit's `lookupProblems`). */
  return Object.assign(people, { lookupProblem: problems.of })
}

/** See {@link teamsPeople}. */
export type TeamsPeople = ReturnType<typeof teamsPeople>
