import type { ChannelState } from '../contract/channel-state.ts'
import type { Participant } from '../contract/participant.ts'
import type { LookupProblem } from '../contract/piece.ts'
import { errorText } from '../text/error-text.ts'
import { lookupProblems } from './lookup-problems.ts'
import { PlatformError } from './platform-error.ts'

/** How long a person a lookup found is kept before the platform is asked again (ms): an hour. */
export const PERSON_KEEP_MS = 60 * 60_000

/** How long a lookup that found nobody, or failed, stands before it is tried again (ms): a minute. */
export const PERSON_MISS_KEEP_MS = 60_000

/** A person as the platform's lookup gives them: their name and email, where it gives them. */
export type KnownPerson = { name?: string; email?: string }

/** Who an event says acted: their platform id, and their name and email where it carried them. */
export type PersonSeen = { userId: string; name?: string; email?: string }

/** What is kept of a participant: the person found (`null`: nobody, or the lookup failed), why it failed. */
type Kept = { member: KnownPerson | null; problem?: LookupProblem }

/**
 * A failed lookup as a {@link LookupProblem}: `refused` when the platform refused the piece's
 * credentials (a {@link PlatformError} with `credentials`), else `unreachable`; `reason` is
 * `<lookup>: <the error's text>`.
 */
function problemOf(lookup: string, error: unknown): LookupProblem {
  const refused = error instanceof PlatformError && error.credentials
  return { kind: refused ? 'refused' : 'unreachable', reason: `${lookup}: ${errorText(error)}` }
}

/**
 * Participants of an email piece whose events carry no email (a click, a message without its
 * author's profile), looked up on the platform and kept in the piece's state, so that every server
 * shares them: `people(where, { userId, name, email })` resolves the participant, with the name
 * the lookup gave (else `name`) and its email.
 * - `lookUp(userId, where)`: asks the platform (`where`: the thread or conversation the person wrote
 *   or clicked in, for a roster); `null` when it knows nobody of that id there, as is a
 *   `PlatformError` of status `404` that is not of the credentials (Teams' "not a member"; a token
 *   endpoint's 404 is a refusal of the app's credentials); any other throw is a failure.
 * - A person found is kept under `<key>:<userId>` for `keepMs` (default {@link PERSON_KEEP_MS}),
 *   nobody found or a failure for `missKeepMs` (default {@link PERSON_MISS_KEEP_MS}), then asked
 *   again. An `email` the event already carried is kept the same way, without asking.
 * - A failure is told to `failed(who, why)` (for the log; `who` is `<name> (<userId>)`, or the id
 *   twice without a name; `why` the error's text, `errorText`) and leaves the participant without
 *   an email (refused by the engine). Why it failed ({@link problemOf}: `refused` for a
 *   `PlatformError` of the credentials, else `unreachable`, its reason `<lookup>: <error>`) is
 *   kept with the miss, so every server tells it alike, and is `lookupProblem(userId)`, for the
 *   piece's `identity.lookupProblem`, until a later lookup of them succeeds (the kit's
 *   `lookupProblems`).
 */
export function keptPeople({
  state,
  key,
  lookUp,
  lookup,
  failed,
  keepMs = PERSON_KEEP_MS,
  missKeepMs = PERSON_MISS_KEEP_MS
}: {
  state: Pick<ChannelState, 'get' | 'set'>
  key: string
  lookUp: (userId: string, where: string) => Promise<KnownPerson | null>
  lookup: string
  failed: (who: string, why: string) => void
  keepMs?: number
  missKeepMs?: number
}) {
  const keyOf = (userId: string) => `${key}:${userId}`
  const problems = lookupProblems()
  /** The platform's answer about `userId`, or why it could not be had (told to `failed`). */
  const asked = async (where: string, userId: string, name: string | undefined): Promise<Kept> => {
    try {
      return { member: await lookUp(userId, where) }
    } catch (error) {
      const notFound = error instanceof PlatformError && error.status === 404 && !error.credentials
      if (notFound) return { member: null }
      failed(`${name ?? userId} (${userId})`, errorText(error))
      return { member: null, problem: problemOf(lookup, error) }
    }
  }
  const people = async (where: string, { userId, name, email }: PersonSeen): Promise<Participant> => {
    const cached = email ? undefined : await state.get<Kept>(keyOf(userId))
    const given: Kept | undefined = email ? { member: { ...(name ? { name } : {}), email } } : undefined
    const entry = given ?? cached ?? (await asked(where, userId, name))
    problems.keep(userId, entry.problem)
    if (!cached) await state.set(keyOf(userId), entry, entry.member ? keepMs : missKeepMs)
    // The platform's name where it gave one, else the name the event carried.
    const known = entry.member?.name ?? name
    const found = entry.member?.email
    return { userId, ...(known ? { name: known } : {}), ...(found ? { email: found } : {}) }
  }
  /** Why the latest lookup of `userId` failed, or `null` when it did not. */
  return Object.assign(people, { lookupProblem: problems.of })
}

/** See {@link keptPeople}. */
export type KeptPeople = ReturnType<typeof keptPeople>
