import { type ChannelState, keptPeople } from 'frogbot/channels'
import type { BotConnector } from './bot-connector.ts'

/**
 * Who a Teams participant is, for the agent's `access` (docs/pieces/teams.md, who can
 * answer): their Teams user id (`29:…`), their name, and their email (the UPN where Teams gives no
 * other), which matches them to a FrogBot user. Clicks carry no email, so it comes from the
 * roster of the conversation the participant wrote or clicked in (Bot Connector "Get
 * conversation member"), kept in the piece's state for an hour (as Chat SDK keeps its own) so that
 * every server shares it, a miss or a failure for a minute (the kit's `keptPeople`); an email a
 * message already carried (Chat SDK looks messages' authors up itself) is kept the same way. A
 * lookup that failed is logged and leaves the participant without an email: they are refused, and
 * the question stays open; `lookupProblem(userId)` says why the latest lookup of that participant
 * failed (the app's credentials refused, or Teams out of reach; kept in the state with the miss, so
 * every server tells it alike), so that they are told FrogBot could not check who they are right
 * now, not that their email is not shared.
 */
export function teamsPeople({ connector, state, log }: { connector: BotConnector; state: ChannelState; log: (line: string) => void }) {
  return keptPeople({
    state,
    key: 'frogbot:teams:member',
    lookUp: (userId, thread) => connector.member(thread, userId),
    lookup: 'the roster lookup',
    failed: (who, why) =>
      log(`could not look ${who} up in the conversation's roster: ${why}; tried again within a minute`)
  })
}

/** See {@link teamsPeople}. */
export type TeamsPeople = ReturnType<typeof teamsPeople>
