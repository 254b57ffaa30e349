import type { DiscordPerson } from './discord-requests.ts'

/** The people of the tests: Ada and Bob, whom the test agents accept (Bob by his role), and Eve, whom they refuse. */
export const ADA: DiscordPerson = { id: '1500000000000000001', username: 'ada', globalName: 'Ada Lovelace', roles: [] }
export const BOB: DiscordPerson = { id: '1500000000000000002', username: 'bob', globalName: 'Bob', roles: ['1600000000000000001'] }
export const EVE: DiscordPerson = { id: '1500000000000000003', username: 'eve', globalName: 'Eve', roles: [] }

/** The role of the people the test agents accept besides Ada. */
export const PLANNERS_ROLE = '1600000000000000001'

/** The test agents' `access`: Ada by her Discord id, anyone with {@link PLANNERS_ROLE}. */
export const discordAccess = ({ req }: { req: { channel?: { userId: string; roles?: unknown } | null } }) =>
  req.channel?.userId === ADA.id || (Array.isArray(req.channel?.roles) && req.channel.roles.includes(PLANNERS_ROLE))
