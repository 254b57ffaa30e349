import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createLinear } from '../src/index.ts'
import { sessionCreated, WEBHOOK_SECRET } from './linear-deliveries.ts'
import { eventually, linearKit } from './linear-kit.ts'
import { configProblems, promptedModel } from 'frogbot/testing'
import { ADA, APP, replyActivities } from './linear-people.ts'
import { linearStandIn, type LinearStandIn } from './linear-stand-in.ts'

// Setting the piece up (docs/pieces/linear.md): what it reads, what it refuses to start without, an API
// key instead of an OAuth token, and what the log says when Linear does not accept it.

describe('createLinear', () => {
  it('reads LINEAR_ACCESS_TOKEN or LINEAR_API_KEY, LINEAR_WEBHOOK_SECRET and LINEAR_API_URL, and names the piece for people', () => {
    const linear = createLinear({ env: { LINEAR_ACCESS_TOKEN: 'lin_oauth_1', LINEAR_WEBHOOK_SECRET: 's', LINEAR_API_URL: 'http://127.0.0.1:9/graphql' } })
    expect(linear).toMatchObject({ piece: 'linear', instance: 'linear', label: 'Linear', identity: { by: 'email' } })
    expect(linear.supportsKind('question')).toBe(true)
    expect(linear.supportsKind('pick-file')).toBe(false)
    expect(linear.describe?.({ agentSlug: 'planner', webhookPath: '/api/webhooks/linear' })).toEqual(['channel linear: Linear agent sessions for agent planner, webhook /api/webhooks/linear'])
    expect(createLinear({ instance: 'linear-ops', label: 'Linear (Ops)', apiKey: 'lin_api_1', webhookSecret: 's', env: {} }).describe?.({ agentSlug: 'a', webhookPath: '/api/webhooks/linear-ops' })).toEqual([
      'channel linear-ops: Linear (Ops) agent sessions for agent a, webhook /api/webhooks/linear-ops'
    ])
    expect(configProblems(() => createLinear({ env: { LINEAR_API_KEY: 'lin_api_1', LINEAR_WEBHOOK_SECRET: 's' } }))).toEqual([])
  })

  it('refuses to start without its credentials or the webhook secret, naming each problem', () => {
    expect(configProblems(() => createLinear({ instance: 'Linear/Ops', env: {} }))).toEqual([
      'createLinear.instance: "Linear/Ops" must be 1–64 lowercase letters, digits, "-" or "_" (the last segment of /api/webhooks/<instance>)',
      "createLinear.webhookSecret: set LINEAR_WEBHOOK_SECRET to the webhook's signing secret (the OAuth app's page in Linear's settings, under Webhooks), or pass { webhookSecret }",
      'createLinear.accessToken: set LINEAR_ACCESS_TOKEN to the access token of your OAuth app installed with actor=app (or LINEAR_API_KEY to a personal API key), or pass { accessToken }'
    ])
    expect(configProblems(() => createLinear({ env: { LINEAR_API_KEY: 'k', LINEAR_ACCESS_TOKEN: 't', LINEAR_WEBHOOK_SECRET: 's', LINEAR_API_URL: 'ftp://linear.example' } }))).toEqual([
      'createLinear.apiUrl: "ftp://linear.example" is not an http(s) address (LINEAR_API_URL, such as https://api.linear.app/graphql)',
      'createLinear: give an API key (LINEAR_API_KEY) or an OAuth access token (LINEAR_ACCESS_TOKEN), not both'
    ])
    // Options replace the environment's credentials as a whole; empty variables are unset.
    expect(configProblems(() => createLinear({ accessToken: 't', env: { LINEAR_API_KEY: 'k', LINEAR_WEBHOOK_SECRET: 's' } }))).toEqual([])
    expect(configProblems(() => createLinear({ env: { LINEAR_API_KEY: '', LINEAR_ACCESS_TOKEN: '', LINEAR_WEBHOOK_SECRET: 's' } }))).toHaveLength(1)
  })

  it('takes a webhook secret, key or token of nothing but whitespace for a missing one, naming its variable', () => {
    expect(configProblems(() => createLinear({ env: { LINEAR_ACCESS_TOKEN: 'lin_oauth_1', LINEAR_WEBHOOK_SECRET: '   ' } }))).toEqual([
      "createLinear.webhookSecret: set LINEAR_WEBHOOK_SECRET to the webhook's signing secret (the OAuth app's page in Linear's settings, under Webhooks), or pass { webhookSecret }"
    ])
    expect(configProblems(() => createLinear({ env: { LINEAR_API_KEY: ' \t ', LINEAR_ACCESS_TOKEN: '  ', LINEAR_WEBHOOK_SECRET: ' ' } }))).toEqual(configProblems(() => createLinear({ env: {} })))
    // A blank key beside a token is no key: the token is used, not refused as "both".
    expect(configProblems(() => createLinear({ env: { LINEAR_API_KEY: '  ', LINEAR_ACCESS_TOKEN: 'lin_oauth_1', LINEAR_WEBHOOK_SECRET: 's' } }))).toEqual([])
    expect(configProblems(() => createLinear({ webhookSecret: ' ', env: { LINEAR_ACCESS_TOKEN: 'lin_oauth_1', LINEAR_WEBHOOK_SECRET: 's' } }))).toHaveLength(1)
  })
})

describe('the piece against Linear', () => {
  let linear: LinearStandIn
  beforeAll(async () => {
    linear = await linearStandIn({ app: APP, credential: 'lin_api_personal_key' })
  })
  afterAll(() => linear?.close())

  it('sends a personal API key as it is (an OAuth token goes after Bearer: the contract suite) to the API URL', async () => {
    const kit = await linearKit({ model: promptedModel(), linear, options: { accessToken: undefined, apiKey: 'lin_api_personal_key' } })
    try {
      await kit.deliver(sessionCreated(linear, { issueId: 'issue-k1', creator: ADA, body: '@FrogBot hello' }).delivery)
      await eventually(() => expect(replyActivities(linear).map((activity) => activity.body)).toContain('You said: hello'))
      expect(new Set(linear.calls.map((call) => call.auth))).toEqual(new Set(['lin_api_personal_key']))
      expect(linear.calls.map((call) => call.status).every((status) => status === 200)).toBe(true)
    } finally {
      await kit.close()
    }
  })

  it("hands the agent's access the teammate as req.channel: Linear user id, name, email and profile handle, with the FrogBot user of that email", async () => {
    const seen: unknown[] = []
    const kit = await linearKit({
      model: promptedModel(),
      linear,
      options: { accessToken: undefined, apiKey: 'lin_api_personal_key' },
      agent: { access: ({ req }) => (seen.push({ channel: req.channel, user: req.user?.email ?? null }), req.user !== null) }
    })
    try {
      await kit.deliver(sessionCreated(linear, { issueId: 'issue-k3', creator: ADA, body: '@FrogBot hello' }).delivery)
      await eventually(() => expect(seen.length).toBeGreaterThan(0))
      expect(seen[0]).toEqual({ channel: { piece: 'linear', instance: 'linear', userId: ADA.id, name: ADA.name, email: ADA.email, username: ADA.username }, user: ADA.email })
    } finally {
      await kit.close()
    }
  })

  it("with Linear's API out of reach, logs why at start-up and each session it could not answer; the webhook still answers at once", async () => {
    const kit = await linearKit({ model: promptedModel(), linear, options: { apiUrl: 'http://127.0.0.1:9/graphql' } })
    try {
      const created = sessionCreated(linear, { issueId: 'issue-k3', creator: ADA, body: '@FrogBot hello' })
      expect((await kit.deliver(created.delivery)).status).toBe(200)
      await vi.waitFor(() => expect(kit.takeLogs(/was not answered/)).toEqual([expect.stringMatching(/^frogbot: linear linear: agent session \S+ \(created\) was not answered: FrogBot could not learn from Linear's API who the app is/)]))
      expect(kit.takeLogs(/could not learn from Linear's API who the app is \(Linear's API at http:\/\/127\.0\.0\.1:9\/graphql could not be reached/)).toHaveLength(1)
      expect(await kit.chats()).toEqual([])
    } finally {
      await kit.close()
    }
  })

  it('logs once that Linear did not accept the credentials; sessions are not answered until it does, and the webhook still answers at once', async () => {
    const kit = await linearKit({ model: promptedModel(), linear, options: { accessToken: undefined, apiKey: 'lin_api_revoked', webhookSecret: WEBHOOK_SECRET } })
    try {
      expect(kit.takeLogs(/did not accept/)).toEqual([
        "frogbot: linear linear: Linear did not accept the API key (LINEAR_API_KEY) (Linear's API answered 400: Authentication required, not authenticated); agent sessions are not answered until it does"
      ])
      const answer = await kit.deliver(sessionCreated(linear, { issueId: 'issue-k2', creator: ADA, body: '@FrogBot hello' }).delivery)
      expect(answer.status).toBe(200)
      await vi.waitFor(() => expect(kit.takeLogs(/was not answered/)).toHaveLength(1))
      expect(await kit.chats()).toEqual([])
      expect(kit.takeLogs(/did not accept/)).toEqual([])
    } finally {
      await kit.close()
    }
  })
})
