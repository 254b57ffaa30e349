import { ConfigError } from 'frogbot'
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
})
