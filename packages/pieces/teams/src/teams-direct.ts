import { encodeThreadId } from '@chat-adapter/teams'
import type { ChannelState, DirectPerson, Participant } from 'frogbot/channels'
import { type Activity, type BotConnector, tenantOf } from './bot-connector.ts'

/** What the piece keeps of a person it met, by their email: their Teams id, tenant and (verified) serviceUrl, and the 1:1 conversation once opened. */
type Met = { teamsUserId: string; tenantId: string; serviceUrl: string; conversationId?: string }

/**
 * Direct messages for `notify.pieces` (docs/pieces/teams.md "Direct messages"). A bot can open a
 * 1:1 conversation only with a user it knows, in their tenant, at their Bot Connector's
 * `serviceUrl`; so `remember` keeps, in the piece's state (lasting, shared by every server), for
 * each participant of a verified activity whom the piece matched to an email, their Teams id,
 * tenant and the activity's `serviceUrl` (checked against the activity's token, never taken from
 * config), keyed by the lower-cased email. `open(person)` finds that record by `person.email`
 * and opens the conversation (Bot Connector "Create conversation"), kept with it for the next
 * time, and resolves its thread id; `undefined` for a person the bot has not met in Teams.
 */
export function teamsDirect({ connector, state }: { connector: BotConnector; state: ChannelState }) {
  const keyOf = (email: string) => `frogbot:teams:direct:${email.toLowerCase()}`
  const threadOf = (met: Met, conversationId: string) => encodeThreadId({ conversationId, conversationType: 'personal', serviceUrl: met.serviceUrl })
  return {
    /** Keeps where `participant` (matched to an email) can be reached, from the verified `activity` they sent. */
    remember: async (participant: Participant, activity: Activity): Promise<void> => {
      const tenantId = tenantOf(activity)
      if (!participant.email || !tenantId || !activity.serviceUrl) return
      const met: Met = { teamsUserId: participant.userId, tenantId, serviceUrl: activity.serviceUrl }
      const known = await state.get<Met>(keyOf(participant.email))
      // Written again only when where they are reached changed.
      if (!known || (['teamsUserId', 'tenantId', 'serviceUrl'] as const).some((field) => known[field] !== met[field])) await state.set(keyOf(participant.email), met)
    },
    /** The thread of the bot's 1:1 conversation with `person` (opened if need be), or `undefined` when the bot never met them in Teams. */
    open: async (person: DirectPerson): Promise<string | undefined> => {
      if (!person.email) return undefined
      const met = await state.get<Met>(keyOf(person.email))
      if (!met) return undefined
      if (met.conversationId) return threadOf(met, met.conversationId)
      const conversationId = await connector.openPersonal({ serviceUrl: met.serviceUrl, userId: met.teamsUserId, tenantId: met.tenantId })
      await state.set(keyOf(person.email), { ...met, conversationId })
      return threadOf(met, conversationId)
    }
  }
}

/** See {@link teamsDirect}. */
export type TeamsDirect = ReturnType<typeof teamsDirect>
