import type { LanguageModel } from 'ai'
import { type AgentConfig, buildConfig, type DatabaseAdapter, sqliteAdapter } from 'frogbot'
import { createTestToken, createTestUser, serveFrogbot, tempDir } from 'frogbot/testing'
import { question } from 'frogbot/tools'
import { join } from 'node:path'
import { createMicrosoftTeams, type MicrosoftTeamsOptions } from '../src/index.ts'
import { APP_ID, APP_PASSWORD } from './bot-framework-keys.ts'
import { delivery, invokeActivity, messageActivity, submitActivity } from './teams-activities.ts'
import { ADA, BOB, EVE } from './teams-people.ts'
import { type TeamsStandIn, teamsStandIn } from './teams-stand-in.ts'

/** A stand-in whose rosters know {@link ADA}, {@link BOB} and {@link EVE}. */
export const standIn = () => teamsStandIn({ users: [ADA, BOB, EVE] })

/** The options of a piece on `teams` (the stand-in): its app, its Bot Connector, metadata and token endpoint. */
export const standInOptions = (teams: TeamsStandIn): MicrosoftTeamsOptions => ({ appId: APP_ID, appPassword: APP_PASSWORD, apiUrl: teams.url, openIdMetadataUrl: teams.openIdMetadataUrl, tokenUrl: teams.tokenUrl, env: {} })

type Token = Parameters<typeof delivery>[2]

/**
 * A FrogBot served on 127.0.0.1 (`serveFrogbot`) with the `planner` agent (`question`) on a Teams
 * piece whose Microsoft endpoints are `teams` (a recording stand-in), on `db` (default: a SQLite
 * file in a temporary folder). Ada and Bob are FrogBot users; Ada has an API token. Activities are
 * delivered with a token the stand-in's key signs; each helper waits until the piece has no work
 * in flight. `logs` holds what FrogBot logged: `close()` fails on any line left in it.
 */
export async function teamsKit({ model, teams, db, agent = {}, options = {} }: { model: Exclude<LanguageModel, string>; teams: TeamsStandIn; db?: DatabaseAdapter; agent?: Partial<AgentConfig>; options?: MicrosoftTeamsOptions }) {
  const temp = db ? null : tempDir()
  const piece = createMicrosoftTeams({ ...standInOptions(teams), ...options })
  const config = buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [piece], ...agent }], db: db ?? sqliteAdapter({ filename: join(temp!.dir, 'frogbot.db') }) })
  const served = await serveFrogbot({ config, model })
  const { frogbot, logs } = served
  const ada = await createTestUser(frogbot, { email: ADA.email! })
  const bob = await createTestUser(frogbot, { email: BOB.email! })
  const token = await createTestToken(frogbot, { user: ada })
  const path = `/api/webhooks/${piece.instance}`

  /** Posts a request to the webhook as it is given (signed or not), then waits for the piece to settle down. */
  const deliver = async (request: { body: string; headers: Record<string, string> }) => {
    const answer = await served.post(path, request)
    await piece.idle()
    return answer
  }
  return {
    frogbot,
    piece,
    teams,
    ada,
    bob,
    token,
    served,
    logs,
    deliver,
    /** Every chat, as FrogBot reads it, oldest first. */
    chats: () => served.chats(),
    /** `from` writes in a conversation (see `messageActivity`). */
    say: (activity: Omit<Parameters<typeof messageActivity>[1], never>, token?: Token) => deliver(delivery(teams, messageActivity(teams, activity), token)),
    /** `from` submits a card (see `submitActivity`). */
    submit: (activity: Parameters<typeof submitActivity>[1], token?: Token) => deliver(delivery(teams, submitActivity(teams, activity), token)),
    /** `from` clicks an `Action.Execute` on a card: the invoke, and what the webhook answered. */
    invoke: (activity: Parameters<typeof invokeActivity>[1], token?: Token) => deliver(delivery(teams, invokeActivity(teams, activity), token)),
    close: async () => {
      await served.close()
      temp?.remove()
      if (logs.length > 0) throw new Error(`unexpected log lines:\n${logs.join('\n')}`)
    }
  }
}

/** See {@link teamsKit}. */
export type TeamsKit = Awaited<ReturnType<typeof teamsKit>>

export { ADA, BOB, EVE }
