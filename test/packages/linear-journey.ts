import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, vi } from 'vitest'
import { prompted, resigned, sessionCreated, WEBHOOK_SECRET } from '../../packages/pieces/linear/test/linear-deliveries.ts'
import { linearStandIn, type StandInSession } from '../../packages/pieces/linear/test/linear-stand-in.ts'
import { run, startUntil, type Started } from './outside-repo.ts'

const APP = { id: 'app-user-frogbot', name: 'FrogBot', email: 'frogbot@apps.linear.example', username: 'frogbot' }
const ADA = { id: 'user-ada', name: 'Ada Lovelace', email: 'ada@example.com', username: 'ada' }
const EVE = { id: 'user-eve', name: 'Eve Mallory', email: 'eve@elsewhere.example', username: 'eve' }
const WAIT = { timeout: 15_000, interval: 50 }
const CHOICE = '@FrogBot Plan a team offsite: should it be in the city or in the mountains?'

/**
 * Agent sessions end to end against the installed packages (README "Linear"): `npx frogbot serve`
 * of a config with `createLinear()`, in `app` on a database of its own with Ada as a FrogBot user
 * (by email), against a stand-in of Linear's GraphQL API, the offline demo model asking: a forged
 * and a stale delivery are refused; a session is acknowledged, then asks with the select signal; a
 * repeated delivery is refused; a teammate without a FrogBot user is told and nothing changes;
 * Ada's pick is answered ("Answered by Ada Lovelace") and the reply continues; a session of three
 * questions is answered by one numbered prompt and continues; a stop signal dismisses a waiting
 * question and the session ends there.
 */
export async function linearJourney({ app, env, running }: { app: string; env: NodeJS.ProcessEnv; running: Started[] }) {
  const linear = await linearStandIn({ app: APP, credential: 'Bearer lin_oauth_packed' })
  try {
    writeFileSync(
      join(app, 'linear.config.ts'),
      [
        "import { createLinear } from '@frogbotai/piece-linear'",
        "import { buildConfig, sqliteAdapter } from 'frogbot'",
        "import { question } from 'frogbot/tools'",
        '',
        "export default buildConfig({ db: sqliteAdapter({ filename: './linear.db' }), agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [createLinear()] }] })",
        ''
      ].join('\n')
    )
    const linearEnv = { ...env, LINEAR_ACCESS_TOKEN: 'lin_oauth_packed', LINEAR_WEBHOOK_SECRET: WEBHOOK_SECRET, LINEAR_API_URL: linear.url, FROGBOT_PASSWORD: 'packed-password-1' }
    await run('npx', ['frogbot', 'users', 'create', '--email', ADA.email, '--config', 'linear.config.ts'], { cwd: app, env: linearEnv, timeoutMs: 60_000 })
    const serve = await startUntil('npx', ['frogbot', 'serve', '--port', '0', '--host', '127.0.0.1', '--config', 'linear.config.ts'], { cwd: app, env: linearEnv, ready: /listening on http:\/\/localhost:(\d+)/, timeoutMs: 60_000 })
    running.push(serve)
    expect(serve.output()).toContain('frogbot: channel linear: Linear agent sessions for agent planner, webhook /api/webhooks/linear')
    const post = async (request: { body: string; headers: Record<string, string> }) => (await fetch(`http://127.0.0.1:${serve.match[1]}/api/webhooks/linear`, { method: 'POST', ...request })).status
    const of = (session: StandInSession) => linear.activities.filter((activity) => activity.sessionId === session.id)
    const elicitations = (session: StandInSession) => of(session).filter((activity) => activity.type === 'elicitation')

    const stale = sessionCreated(linear, { issueId: 'issue-0', creator: ADA, body: CHOICE, now: Date.now() - 61_000 }).delivery
    expect(await post(stale)).toBe(401)
    const { session: choice, delivery: created } = sessionCreated(linear, { issueId: 'issue-1', creator: ADA, body: CHOICE })
    expect(await post(resigned(created, 'not-the-webhook-secret'))).toBe(401)
    expect(await post(created)).toBe(200)
    const [card] = await vi.waitFor(() => {
      expect(elicitations(choice)).toHaveLength(1)
      return elicitations(choice)
    }, WAIT)
    expect(of(choice)[0]).toMatchObject({ type: 'thought' })
    expect(card).toMatchObject({ signal: 'select', signalMetadata: { options: [{ label: 'City', value: 'City' }, { label: 'Mountains', value: 'Mountains' }] } })
    expect(linear.session(choice.id)?.state).toBe('awaitingInput')
    const calls = linear.calls.length
    expect(await post(created)).toBe(401)
    expect(await post({ ...created, headers: { ...created.headers, 'linear-delivery': randomUUID() } })).toBe(401)
    expect(linear.calls.length).toBe(calls)

    expect(await post(prompted(linear, { session: choice, by: EVE, body: 'City' }))).toBe(200)
    await vi.waitFor(() => expect(of(choice).at(-1)?.body).toMatch(/^Eve Mallory: You may not answer this question: this agent does not accept you\./), WAIT)
    expect(await post(prompted(linear, { session: choice, by: ADA, body: 'Mountains' }))).toBe(200)
    await vi.waitFor(() => expect(of(choice).at(-1)).toMatchObject({ type: 'response', body: expect.stringContaining('Mountains') }), WAIT)
    expect(of(choice).some((activity) => activity.body.endsWith('✅ Mountains\nAnswered by Ada Lovelace'))).toBe(true)
    expect(linear.session(choice.id)?.state).toBe('complete')

    const { session: plan, delivery: planned } = sessionCreated(linear, { issueId: 'issue-2', creator: ADA, body: '@FrogBot Ask me a few questions about a team offsite' })
    expect(await post(planned)).toBe(200)
    const [list] = await vi.waitFor(() => {
      expect(elicitations(plan)).toHaveLength(1)
      return elicitations(plan)
    }, WAIT)
    expect(list.signal).toBeUndefined()
    expect(list.body).toMatch(/^1\. Approach: /)
    expect(await post(prompted(linear, { session: plan, by: ADA, body: '1: “a weekend in the woods”\n2: next quarter\n3: 1, 2' }))).toBe(200)
    await vi.waitFor(() => expect(of(plan).at(-1)).toMatchObject({ type: 'response', body: expect.stringMatching(/a weekend in the woods[\s\S]*Next quarter[\s\S]*A budget/) }), WAIT)
    expect(of(plan).some((activity) => /✅ Next quarter\n[\s\S]*✅ A budget, A timeline\nAnswered by Ada Lovelace$/.test(activity.body))).toBe(true)

    const { session: stopped, delivery: asked } = sessionCreated(linear, { issueId: 'issue-3', creator: ADA, body: CHOICE })
    expect(await post(asked)).toBe(200)
    await vi.waitFor(() => expect(elicitations(stopped)).toHaveLength(1), WAIT)
    expect(await post(prompted(linear, { session: stopped, by: ADA, body: '', signal: 'stop' }))).toBe(200)
    await vi.waitFor(() => expect(of(stopped).at(-1)).toMatchObject({ type: 'response', body: expect.stringMatching(/✖️ Dismissed by Ada Lovelace: stopped in Linear$/) }), WAIT)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(of(stopped).at(-1)?.body).toMatch(/Dismissed by Ada Lovelace/)
    expect(linear.session(stopped.id)?.state).toBe('complete')
    await serve.stop()
  } finally {
    await linear.close()
  }
}
