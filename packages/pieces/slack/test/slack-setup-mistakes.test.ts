import { afterEach, describe, expect, it } from 'vitest'
import { scriptedModel } from 'frogbot/testing'
import { slackKit, standIn } from './slack-kit.ts'

// Mistakes a new user makes while setting the Slack app up show in FrogBot's log with what to do.
// (A wrong signing secret: slack-webhook-security; a Slack user without an email: slack-who-answers.)

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

describe('setting the Slack app up', () => {
  it('a bot token Slack does not accept is logged at start-up, with where the right one is', async () => {
    const slack = await standIn()
    open.push(slack)
    slack.failNext('auth.test', 'invalid_auth')
    const kit = await slackKit({ model: scriptedModel([]), slack })
    open.push(kit)
    await kit.piece.idle()
    expect(kit.logs.splice(0)).toEqual([
      "frogbot: slack slack: Slack did not accept the bot token (auth.test failed): set SLACK_BOT_TOKEN (or botToken) to the app's Bot User OAuth Token, xoxb-…, under OAuth & Permissions once the app is installed to the workspace"
    ])
  })

  it('a token Slack accepts logs nothing', async () => {
    const slack = await standIn()
    const kit = await slackKit({ model: scriptedModel([]), slack })
    open.push(slack, kit)
    await kit.piece.idle()
    expect(slack.callsTo('auth.test')).toHaveLength(1)
    expect(kit.logs).toEqual([])
  })
})
