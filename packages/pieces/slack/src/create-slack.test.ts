import { buildConfig, ConfigError } from 'frogbot'
import { configProblems } from 'frogbot/testing'
import { describe, expect, it } from 'vitest'
import { createSlack } from './create-slack.ts'

describe('createSlack', () => {
  it('reads its credentials from the environment and names the piece for people', () => {
    const slack = createSlack({ env: { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 'secret' } })
    expect(slack).toMatchObject({ piece: 'slack', instance: 'slack', label: 'Slack' })
    expect(slack.supportsKind('question')).toBe(true)
    expect(slack.supportsKind('pick-file')).toBe(false)
    expect(createSlack({ instance: 'slack-support', botToken: 'xoxb-1', signingSecret: 's', label: 'Support Slack', env: {} })).toMatchObject({ instance: 'slack-support', label: 'Support Slack' })
  })

  it('refuses to start without a token or a signing secret, or with an instance name that is not URL-safe, naming each problem', () => {
    let error: unknown
    try {
      createSlack({ instance: 'Slack/Ops', env: {} })
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).problems).toEqual([
      'createSlack.instance: "Slack/Ops" must be 1–64 lowercase letters, digits, "-" or "_" (the last segment of /api/webhooks/<instance>)',
      "createSlack.botToken: set SLACK_BOT_TOKEN to the app's Bot User OAuth Token (xoxb-…), or pass { botToken }",
      "createSlack.signingSecret: set SLACK_SIGNING_SECRET to the app's Signing Secret, or pass { signingSecret }"
    ])
  })

  it('is served by one agent per instance name: buildConfig refuses a name listed twice, whether the same instance or another one, naming both places and the rule', () => {
    const slack = (instance?: string) => createSlack({ ...(instance ? { instance } : {}), botToken: 'xoxb-1', signingSecret: 's', env: {} })
    const problemsOf = (run: () => unknown) => {
      try {
        run()
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError)
        return (error as ConfigError).problems
      }
      throw new Error('expected a ConfigError')
    }
    const shared = slack()
    const rule = 'an instance serves one webhook, /api/webhooks/slack, for one agent: list it on one agent only, and give every other instance its own name, e.g. createSlack({ instance: \'slack-2\' })'
    expect(problemsOf(() => buildConfig({ agents: [{ slug: 'planner', model: 'fast', channels: [shared] }, { slug: 'writer', model: 'fast', channels: [shared] }] }))).toEqual([
      `agents[1].channels[0].instance: "slack" is used twice (the same piece is listed at agents[0].channels[0]); ${rule}`
    ])
    expect(problemsOf(() => buildConfig({ agents: [{ slug: 'planner', model: 'fast', channels: [slack(), slack('support'), slack()] }] }))).toEqual([
      `agents[0].channels[2].instance: "slack" is used twice (another piece with that name is listed at agents[0].channels[0]); ${rule}`
    ])
    expect(problemsOf(() => buildConfig({ agents: [{ slug: 'planner', model: 'fast', channels: [{} as never] }] }))).toEqual([
      'agents[0].channels[0]: must be a channel piece (such as createSlack()) with an instance name'
    ])
    // Two instances with their own names, on one agent or two, are fine.
    const config = buildConfig({ agents: [{ slug: 'planner', model: 'fast', channels: [slack(), slack('support')] }, { slug: 'writer', model: 'fast', channels: [slack('writers')] }] })
    expect(config.agents.flatMap((agent) => (agent.channels ?? []).map((piece) => `${agent.slug}:${piece.instance}`))).toEqual(['planner:slack', 'planner:support', 'writer:writers'])
  })

  it('takes a token or signing secret of nothing but whitespace for a missing one, naming its variable', () => {
    expect(configProblems(() => createSlack({ env: { SLACK_BOT_TOKEN: ' \t ', SLACK_SIGNING_SECRET: '   ' } }))).toEqual(configProblems(() => createSlack({ env: {} })))
    expect(configProblems(() => createSlack({ botToken: ' ', env: { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' } }))).toEqual(["createSlack.botToken: set SLACK_BOT_TOKEN to the app's Bot User OAuth Token (xoxb-…), or pass { botToken }"])
  })
})
