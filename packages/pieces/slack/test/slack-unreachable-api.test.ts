import { afterEach, describe, expect, it } from 'vitest'
import { colorQuestion, scriptedModel, textStep, toolStep } from 'frogbot/testing'
import { ADA, BOB, type SlackKit, slackKit, standIn } from './slack-kit.ts'
import { messageEvent, signed, viewSubmission } from './slack-requests.ts'
import { BOT_USER_ID } from './slack-stand-in.ts'

// Slack gives up on a request after 3 s: every signed request, the setup challenge first, is
// answered whatever Slack's Web API does; the bot's identity (auth.test) is asked after the ack,
// bounded, and again once Slack answers.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

const ROOT = '1800000000.000100'
const CHALLENGE = JSON.stringify({ token: 'unused', challenge: 'abc123', type: 'url_verification' })

/** Posts a signed request straight to the webhook (not waiting for the piece); fails after 3 s, as Slack does. */
async function post(kit: SlackKit, request: { body: string; headers: Record<string, string> }) {
  const started = Date.now()
  const response = await fetch(kit.webhook, { method: 'POST', ...request, signal: AbortSignal.timeout(3000) })
  return { status: response.status, text: await response.text(), ms: Date.now() - started }
}

describe("Slack's Web API out of reach", () => {
  it('the setup challenge and an event are answered at once while every Web API request hangs', async () => {
    const slack = await standIn()
    slack.unreachable('hang')
    const kit = await slackKit({ model: scriptedModel([textStep('Hello.')]), slack })
    open.push(slack)
    let logs: string[] = []
    try {
      const challenge = await post(kit, signed(CHALLENGE, { contentType: 'application/json' }))
      expect(challenge).toMatchObject({ status: 200, text: '{"challenge":"abc123"}' })
      expect(challenge.ms).toBeLessThan(1000)
      const mention = await post(kit, signed(messageEvent({ user: ADA.id, text: `<@${BOT_USER_ID}> hello`, ts: ROOT }), { contentType: 'application/json' }))
      expect(mention.status).toBe(200)
      expect(mention.ms).toBeLessThan(2900)
    } finally {
      // Slack gone for good: what waited on it fails, and is logged.
      await slack.close()
      await kit.piece.idle()
      logs = kit.logs.splice(0)
      await kit.close()
    }
    expect(logs.join('\n')).toContain("could not reach Slack's Web API to learn the bot's identity")
  }, 60_000)

  it("the bot's identity is asked again once Slack answers: a failure is logged, kept a minute, and a later mention is read without the bot's name", async () => {
    const slack = await standIn()
    slack.unreachable('refuse')
    let offset = 0
    const kit = await slackKit({ model: scriptedModel([textStep('Hello, Ada.')]), slack, options: { now: () => Date.now() + offset } })
    open.push(slack, kit)
    await kit.piece.idle()
    expect(kit.logs.splice(0)).toEqual([expect.stringMatching(/^frogbot: slack slack: could not reach Slack's Web API to learn the bot's identity \(auth\.test: .+\); asked again after 60 s, on the next request or rescan$/)])

    // Still answered, from the body alone.
    expect(await post(kit, signed(CHALLENGE, { contentType: 'application/json' }))).toMatchObject({ status: 200, text: '{"challenge":"abc123"}' })

    slack.reachable()
    offset = 61_000
    expect((await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> hello there`, ts: ROOT })).status).toBe(200)
    expect(slack.callsTo('auth.test')).toHaveLength(1)
    expect(slack.replies()).toEqual([expect.objectContaining({ threadTs: ROOT, text: 'Hello, Ada.' })])
    const { messages } = await kit.adasChat()
    expect(JSON.stringify(messages[0].parts)).toContain('"text":"hello there"')
  }, 30_000)

  it("a modal's answer is acknowledged in time while Slack hangs, and settles once Slack answers again", async () => {
    const slack = await standIn()
    const model = scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }]), textStep('Teal it is.')])
    const kit = await slackKit({ model, slack })
    open.push(slack, kit)
    await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })
    const [card] = slack.cards()

    // Bob was never looked up: his answer needs Slack (users.info) before it can settle.
    slack.unreachable('hang')
    const submitted = viewSubmission({ user: BOB, callbackId: 'frogbot_answer', privateMetadata: JSON.stringify({ m: `CGENERAL:${card.ts}` }), values: { frogbot_t0: { text: { type: 'plain_text_input', value: 'Teal' } } } })
    const answer = await post(kit, signed(submitted, { contentType: 'application/x-www-form-urlencoded' }))
    expect(answer).toMatchObject({ status: 200, text: '' })
    expect(answer.ms).toBeLessThan(2900)

    slack.reachable()
    await kit.piece.idle()
    const read = await kit.adasChat()
    expect(JSON.stringify(read.messages.at(-1)?.parts)).toContain('"custom":"Teal"')
    expect(slack.replies().at(-1)?.text).toBe('Teal it is.')
  }, 60_000)
})
