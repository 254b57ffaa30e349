import type { ChannelState, Participant } from 'frogbot/channels'
import type { FrogbotTeamsAdapter, RosterMember } from './teams-adapter.ts'

/** How long a participant's roster entry is kept before Teams is asked again (ms): an hour, as Chat SDK keeps its own. */
export const MEMBER_KEEP_MS = 60 * 60_000

/** How long a roster lookup that found nobody, or failed, stands before it is tried again (ms). */
export const MEMBER_MISS_KEEP_MS = 60_000

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Who a Teams participant is, for the agent's `access` (README "Microsoft Teams", who can
 * answer): their Teams user id (`29:…`), their name, and their email (the UPN where Teams gives no
 * other), which matches them to a FrogBot user. Clicks carry no email, so it comes from the
 * roster of the conversation the participant wrote or clicked in (Bot Connector "Get
 * conversation member"), kept in the piece's state for {@link MEMBER_KEEP_MS} so that every server
 * shares it; an email a message already carried (Chat SDK looks messages' authors up itself) is
 * kept the same way. A lookup that failed is logged and leaves the participant without an email:
 * they are refused and told why, and the question stays open.
 */
export function teamsPeople({ adapter, state, log }: { adapter: FrogbotTeamsAdapter; state: ChannelState; log: (line: string) => void }) {
  const keyOf = (userId: string) => `frogbot:teams:member:${userId}`
  const participant = (userId: string, fallbackName: string | undefined, member: RosterMember | null): Participant => {
    const name = member?.name ?? fallbackName
    return { userId, ...(name ? { name } : {}), ...(member?.email ? { email: member.email } : {}) }
  }

  return async (thread: string, { userId, name, email }: { userId: string; name?: string; email?: string }): Promise<Participant> => {
    if (email) {
      const known = { ...(name ? { name } : {}), email }
      await state.set(keyOf(userId), { member: known }, MEMBER_KEEP_MS)
      return participant(userId, name, known)
    }
    const cached = await state.get<{ member: RosterMember | null }>(keyOf(userId))
    if (cached) return participant(userId, name, cached.member)
    let member: RosterMember | null = null
    try {
      member = await adapter.member(thread, userId)
    } catch (error) {
      log(`could not look ${name ?? userId} (${userId}) up in the conversation's roster: ${describe(error)}; tried again within a minute`)
      await state.set(keyOf(userId), { member: null }, MEMBER_MISS_KEEP_MS)
      return participant(userId, name, null)
    }
    await state.set(keyOf(userId), { member }, member ? MEMBER_KEEP_MS : MEMBER_MISS_KEEP_MS)
    return participant(userId, name, member)
  }
}

/** See {@link teamsPeople}. */
export type TeamsPeople = ReturnType<typeof teamsPeople>
