import { APP_ID } from './bot-framework-keys.ts'
import type { StandInUser, TeamsStandIn } from './teams-stand-in.ts'

/** The bot as Teams names it in activities. */
export const BOT = { id: `28:${APP_ID}`, name: 'FrogBot' }

/** The team channel of the tests, and a thread of it (a channel post and its replies). */
export const CHANNEL = '19:general0123456789@thread.tacv2'
export const threadOf = (root: string) => `${CHANNEL};messageid=${root}`

/** A personal chat between a user and the bot. */
export const personalChat = (user: StandInUser) => `a:1personal-${user.id.replace(/\W/g, '')}`

let activities = 0
/** A fresh activity id, as Teams writes them (milliseconds since the epoch). */
export const nextId = () => String(1_750_000_000_000 + ++activities)

type Where = { conversationId: string; conversationType: 'channel' | 'personal' | 'groupChat' }

/** Where an activity happened: a channel thread by its root, or a personal chat. */
export const inThread = (root: string): Where => ({ conversationId: threadOf(root), conversationType: 'channel' })
export const inPersonalChat = (user: StandInUser): Where => ({ conversationId: personalChat(user), conversationType: 'personal' })

/** The envelope every activity of the tests has: who, where, and the stand-in's URL as its `serviceUrl`. */
function envelope(standIn: TeamsStandIn, from: StandInUser, where: Where, id: string) {
  return {
    id,
    timestamp: new Date().toISOString(),
    channelId: 'msteams',
    serviceUrl: `${standIn.url}/`,
    from: { id: from.id, name: from.name, ...(from.aadObjectId ? { aadObjectId: from.aadObjectId } : {}) },
    recipient: BOT,
    conversation: { id: where.conversationId, conversationType: where.conversationType, tenantId: 'tenant-1', ...(where.conversationType === 'channel' ? { isGroup: true } : {}) },
    channelData: { tenant: { id: 'tenant-1' }, ...(where.conversationType === 'channel' ? { team: { id: '19:team@thread.tacv2' }, channel: { id: CHANNEL } } : {}) }
  }
}

/** A `message` activity: `from` writes `text` (`mention`: with the bot's `<at>` mention first, as Teams sends one). */
export function messageActivity(standIn: TeamsStandIn, { from, text, where, mention = where.conversationType !== 'personal', id = nextId() }: { from: StandInUser; text: string; where: Where; mention?: boolean; id?: string }) {
  const at = `<at>${BOT.name}</at>`
  return {
    ...envelope(standIn, from, where, id),
    type: 'message',
    text: mention ? `${at} ${text}` : text,
    textFormat: 'plain',
    ...(mention ? { entities: [{ type: 'mention', text: at, mentioned: BOT }] } : {})
  }
}

/** The `message` activity of an `Action.Submit` on card `card` (its activity id), with `value`: the button's data merged with the inputs. */
export function submitActivity(standIn: TeamsStandIn, { from, card, where, value, id = nextId() }: { from: StandInUser; card: string; where: Where; value: Record<string, unknown>; id?: string }) {
  return { ...envelope(standIn, from, where, id), type: 'message', replyToId: card, value }
}

/** An `adaptiveCard/action` invoke on card `card`, with `data` (the action's data and the inputs), as Teams sends `Action.Execute`. */
export function invokeActivity(standIn: TeamsStandIn, { from, card, where, data, id = nextId() }: { from: StandInUser; card: string; where: Where; data: Record<string, unknown>; id?: string }) {
  return { ...envelope(standIn, from, where, id), type: 'invoke', name: 'adaptiveCard/action', replyToId: card, value: { action: { type: 'Action.Execute', verb: 'submit', data }, trigger: 'manual' } }
}

/** `activity` as the Bot Connector service delivers it: JSON, with a Bot Framework token signed at `now` (see `botFrameworkKeys().activityToken`). */
export function delivery(standIn: TeamsStandIn, activity: { serviceUrl: string }, token: Omit<Parameters<TeamsStandIn['keys']['activityToken']>[0], 'serviceUrl'> = {}) {
  const jwt = standIn.keys.activityToken({ serviceUrl: activity.serviceUrl, ...token })
  return { body: JSON.stringify(activity), headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` } }
}
