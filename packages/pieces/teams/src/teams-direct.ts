import { encodeThreadId } from '@chat-adapter/teams'
import { type ChannelState, type DirectPerson, directAddresses, type Participant } from 'frogbot/channels'
import { type Activity, type BotConnector, tenantOf } from './bot-connector.ts'

/** Where the piece met a person, kept by their email: their Teams id, tenant and (verified) serviceUrl. */
type Met = { teamsUserId: string; tenantId: string; serviceUrl: string }

/**
 * Direct messages for `notify.pieces` (docs/pieces/teams.md "Direct messages"). A bot can open a
 * 1:1 conversation only with a user it knows, in their tenant, at their Bot Connector's
 * `serviceUrl`; so `remember` keeps, in the piece's state (lasting, shared by every server), for
 * each participant of a verified activity whom the piece matched to an email, their Teams id,
 * tenant and the activity's `serviceUrl` (checked against the activity's token, never taken from
 * config), keyed by the lower-cased email. `open(person)` finds that record by `person.email`
 * and opens the conversation (Bot Connector "Create conversation"), kept with it for the next
 * time, and resolves its thread id; `undefined` for a person the bot has not met in Teams (the kit's
 * `directAddresses`).
 */
export function teamsDirect({ connector, state }: { connector: BotConnector; state: ChannelState }) {
  const addresses = directAddresses<Met>({ state, key: 'frogbot:teams:direct' })
  return {
    /** Keeps where `participant` (matched to an email) can be reached, from the verified `activity` they sent. */
    remember: async (participant: Participant, activity: Activity): Promise<void> => {
      const tenantId = tenantOf(activity)
      if (!participant.email || !tenantId || !activity.serviceUrl) return
      const met = { teamsUserId: participant.userId, tenantId, serviceUrl: activity.serviceUrl }
      await addresses.remember(participant.email, met)
    },
    /** The thread of the bot's 1:1 conversation with `person` (opened if need be), or `undefined` when the bot never met them in Teams. */
    open: async (person: DirectPerson): Promise<string | undefined> => {
      const opener = (met: Met) => connector.openPersonal({ ...met, userId: met.teamsUserId })
      const found = person.email ? await addresses.open(person.email, opener) : undefined
      if (!found) return undefined
      const { conversationId, met } = found
      return encodeThreadId({ conversationId, conversationType: 'personal', serviceUrl: met.serviceUrl })
    }
  }
}

/** See {@link teamsDirect}. */
export type TeamsDirect = ReturnType<typeof teamsDirect>
