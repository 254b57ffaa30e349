import type { Participant } from '../../contract/participant.ts'
import type { ParticipantIdentity, PieceEngine } from '../../contract/piece.ts'
import type { PieceNotice } from '../piece-notices.ts'

/**
 * Explains refusals of a piece's participants by how its participants are identified (the
 * piece's `identity`): the participant is told why when no FrogBot user was matched to them
 * (`unmatched`: the platform gave no email, or no user has it), and the log says once per
 * participant what lets them in on this platform: `npx frogbot users create --email …` where
 * participants are FrogBot users by email (or the identity's `hint` when the platform shared no
 * email); the identity's `hint`, or how to write `access` on `req.channel.userId`, where they are
 * platform ids only. Other notices pass unchanged.
 */
export function refusalNotices({ engine, identity, platform, log }: { engine: PieceEngine; identity: ParticipantIdentity; platform: string; log: (line: string) => void }) {
  const explained = new Set<string>()
  const once = (participant: Participant, line: string) => {
    if (explained.has(participant.userId)) return
    explained.add(participant.userId)
    log(`refused ${participant.name ?? participant.userId} (${participant.userId}): ${line}`)
  }

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
    once(participant, `the platform gave no email for them, so no FrogBot user could be matched${identity.hint ? `; ${identity.hint}` : ''}`)
    return { ...notice, unmatched: 'no-email' }
  }
}
