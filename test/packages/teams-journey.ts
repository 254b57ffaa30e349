import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, vi } from 'vitest'
import { APP_ID, APP_PASSWORD, signingKey } from '../../packages/pieces/teams/test/bot-framework-keys.ts'
import { delivery, inThread, messageActivity, nextId, submitActivity, threadOf } from '../../packages/pieces/teams/test/teams-activities.ts'
import { teamsStandIn } from '../../packages/pieces/teams/test/teams-stand-in.ts'
import { run, startUntil, type Started } from './outside-repo.ts'

const ADA = { id: '29:1ada', name: 'Ada Lovelace', email: 'ada@example.com' }
const EVE = { id: '29:1eve', name: 'Eve', email: 'eve@elsewhere.example' }
const PROMPT = 'Ask me a few questions about a team offsite'
const WAIT = { timeout: 15_000, interval: 50 }

/**
 * A Teams conversation end to end against the installed packages (README "Microsoft Teams"): `npx
 * frogbot serve` of a config with `createMicrosoftTeams()`, in `app` on a database of its own,
 * against a stand-in of Microsoft's endpoints (the OpenID metadata and its keys, the token
 * endpoint, the Bot Connector), the offline demo model asking three questions: unsigned, forged
 * and expired activities are refused with 401; a mention is answered in the post's thread with
 * one card for the three questions; a participant the agent refuses is told privately and the
 * question stays open; a submit with a typed answer, a pick and two picks of the multi-select
 * updates the card to "Answered by", and the reply continues.
 */
export async function teamsJourney({ app, env, running }: { app: string; env: NodeJS.ProcessEnv; running: Started[] }) {
  const teams = await teamsStandIn({ users: [ADA, EVE] })
  try {
    writeFileSync(
      join(app, 'teams.config.ts'),
      [
        "import { createMicrosoftTeams } from '@frogbotai/piece-microsoft-teams'",
        "import { buildConfig, sqliteAdapter } from 'frogbot'",
        "import { question } from 'frogbot/tools'",
        '',
        "export default buildConfig({ db: sqliteAdapter({ filename: './teams.db' }), agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [createMicrosoftTeams()] }] })",
        ''
      ].join('\n')
    )
    const teamsEnv = { ...env, TEAMS_APP_ID: APP_ID, TEAMS_APP_PASSWORD: APP_PASSWORD, TEAMS_API_URL: teams.url, TEAMS_OPENID_METADATA_URL: teams.openIdMetadataUrl, TEAMS_TOKEN_URL: teams.tokenUrl, FROGBOT_PASSWORD: 'packed-password-1' }
    await run('npx', ['frogbot', 'users', 'create', '--email', ADA.email, '--config', 'teams.config.ts'], { cwd: app, env: teamsEnv, timeoutMs: 60_000 })
    const started = await startUntil('npx', ['frogbot', 'serve', '--port', '0', '--host', '127.0.0.1', '--config', 'teams.config.ts'], { cwd: app, env: teamsEnv, ready: /listening on http:\/\/localhost:(\d+)/, timeoutMs: 60_000 })
    running.push(started)
    expect(started.output()).toContain("frogbot: channel teams: Microsoft Teams for agent planner, webhook /api/webhooks/teams (the Azure Bot's messaging endpoint)")
    const post = async (request: { body: string; headers: Record<string, string> }) => (await fetch(`http://127.0.0.1:${started.match[1]}/api/webhooks/teams`, { method: 'POST', ...request })).status

    const root = nextId()
    const mention = messageActivity(teams, { from: ADA, text: PROMPT, where: inThread(root), id: root })
    expect(await post({ body: JSON.stringify(mention), headers: { 'content-type': 'application/json' } })).toBe(401)
    expect(await post(delivery(teams, mention, { key: signingKey() }))).toBe(401)
    expect(await post(delivery(teams, mention, { now: Date.now() - 2 * 3600_000 }))).toBe(401)
    expect(teams.calls).toEqual([])

    expect(await post(delivery(teams, mention))).toBe(200)
    const card = await vi.waitFor(() => {
      const [drawn] = teams.cards()
      expect(drawn?.conversationId).toBe(threadOf(root))
      return drawn
    }, WAIT)
    const inputs = card.card.body.filter((element: any) => element.type.startsWith('Input.')).map((element: any) => element.id)
    expect(inputs).toEqual(['q0', 'q0_text', 'q1', 'q2', 'q2_text'])
    const submit = (from: typeof ADA, value: Record<string, unknown>) => post(delivery(teams, submitActivity(teams, { from, card: card.id, where: inThread(root), value: { actionId: 'frogbot_submit', ...value } })))

    expect(await submit(EVE, { q0: '0', q1: '0', q2: '1' })).toBe(200)
    await vi.waitFor(() => expect(teams.targeted()).toContainEqual(expect.objectContaining({ to: EVE.id, text: expect.stringContaining('You may not answer this question') })), WAIT)
    expect(teams.updatesOf(card.id)).toEqual([])

    expect(await submit(ADA, { q0: '', q0_text: 'By the sea', q1: '1', q2: '0,2', q2_text: '' })).toBe(200)
    await vi.waitFor(() => expect(teams.updatesOf(card.id)).toEqual([expect.objectContaining({ text: expect.stringContaining(`Answered by ${ADA.name}`) })]), WAIT)
    const answered = teams.updatesOf(card.id)[0].text
    expect(answered).toContain('✅ “By the sea”')
    const include = card.card.body.find((element: any) => element.id === 'q2').choices
    expect(answered).toContain(`✅ ${include[0].title}, ${include[2].title}`)
    await vi.waitFor(() => expect(teams.messages().filter((message) => message.conversationId === threadOf(root)).at(-1)?.text).toContain('By the sea'), WAIT)
    await started.stop()
  } finally {
    await teams.close()
  }
}
