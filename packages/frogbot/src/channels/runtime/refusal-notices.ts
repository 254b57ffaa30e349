import type { Participant } from '../../contract/participant.ts'
import type { LookupProblem, ParticipantIdentity, PieceEngine } from '../../contract/piece.ts'
import type { PieceNotice } from '../piece-notices.ts'

/**
 * Explains refusals of a piece's participants by how its participants are identified (the
 * piece's `identity`): the participant is told why when no FrogBot user was matched to them
 * (`unmatched`: the platform gave no email, or no user has it, or the piece could not look them
 * up: the identity's `lookupProblem`), and the log says once per participant what lets them in on
 * this platform: `npx frogbot users create --email …` where participants are FrogBot users by
 * email (or the identity's `hint` when the platform shared no email); the identity's `hint`, or
 * how to write `access` on `req.channel.userId`, where they are platform ids only. A failed lookup
 * is logged once per participant and kind of failure (the platform refused the piece's
 * `credentials`, or could not be reached), apart from the rest. Other notices pass unchanged.
 */
export function refusalNotices({ engine, identity, platform, log }: { engine: PieceEngine; identity: ParticipantIdentity; platform: string; log: (line: string) => void }) {
  const explained = new Set<string>()
  const once = (participant: Participant, line: string, key = participant.userId) => {
    if (explained.has(key)) return
    explained.add(key)
    log(`refused ${participant.name ?? participant.userId} (${participant.userId}): ${line}`)
  }
  const lookupFailed = (problem: LookupProblem) =>
    problem.kind === 'refused'
      ? `${platform} refused the piece's credentials when FrogBot looked them up (${problem.reason}), so no FrogBot user could be matched${identity.credentials ? `; check ${identity.credentials}` : ''}`
      : `${platform} could not be reached to look them up (${problem.reason}), so no FrogBot user could be matched; they are told to try again shortly`

  return async (notice: PieceNotice, participant: Participant): Promise<PieceNotice> => {
    if (notice.kind !== 'denied') return notice
    if (identity.by === 'platform-id') {
      once(participant, `the agent's access does not accept them; ${identity.hint ?? `${platform} participants have no FrogBot user, so write the agent's access on req.channel.userId (their ${platform} user id) to let them in`}`)
      return notice
    }
    if (await engine.userOf(participant)) return notice
    if (participant.email) {
      once(participant, `no FrogBot user has the email ${participant.email}; \`npx frogbot users create --email ${participant.email}\` lets them in (with the default access)`)
      return { ...notice, unmatched: 'no-user' }
    }
    const problem = identity.lookupProblem?.(participant) ?? null
    if (problem) {
      once(participant, lookupFailed(problem), `${participant.userId} ${problem.kind}`)
      return { ...notice, unmatched: 'lookup-failed' }
    }
    once(participant, `the platform gave no email for them, so no FrogBot user could be matched${identity.hint ? `; ${identity.hint}` : ''}`)
    return { ...notice, unmatched: 'no-email' }
  }
}
