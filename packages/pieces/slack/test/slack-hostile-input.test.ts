import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { colorQuestion, scriptedModel, textStep, toolStep } from 'frogbot/testing'
import { ADA, BOB, slackKit, type SlackKit, standIn } from './slack-kit.ts'
import { blockActions, messageEvent, signed, viewSubmission } from './slack-requests.ts'
import { BOT_USER_ID, type SlackStandIn } from './slack-stand-in.ts'

// Correctly signed requests that carry nonsense (as a buggy client, a changed Slack payload or a
// leaked secret could send): never a 5xx, never an error in the log, nothing stored, the question
// still waiting for a real answer.

const FORM = 'application/x-www-form-urlencoded'
const ROOT = '1800000000.000100'
let slack: SlackStandIn
let kit: SlackKit
let card: { ts: string }

beforeAll(async () => {
  slack = await standIn()
  const model = scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }]), textStep('Blue it is.')])
  kit = await slackKit({ model, slack })
  await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })
  card = slack.cards()[0]
})
afterAll(async () => {
  await kit?.close()
  await slack?.close()
})

const click = (action: Record<string, unknown> & { action_id: string }, values: Record<string, Record<string, unknown>> = {}) =>
  kit.deliver(signed(blockActions({ user: ADA, action, messageTs: card.ts, threadTs: ROOT, values }), { contentType: FORM }))

describe('signed nonsense to the Slack webhook', () => {
  it('bodies that are not Slack payloads are 400 and change nothing', async () => {
    expect((await kit.deliver(signed('{"not json', { contentType: 'application/json' }))).status).toBe(400)
    expect((await kit.deliver(signed('payload=%7Bnot-json', { contentType: FORM }))).status).toBe(400)
    expect((await kit.deliver(signed('nothing=here', { contentType: FORM }))).status).toBe(400)
    expect((await kit.deliver(signed(JSON.stringify({ type: 'event_callback', event: { type: 'message' } }), { contentType: 'application/json' }))).status).toBe(200)
  })

  it('clicks with controls that were never drawn, options never offered, or state of the wrong shape answer nothing', async () => {
    for (const action of [
      { action_id: 'frogbot_option_7', value: '7' },
      { action_id: 'frogbot_option_0', value: '-1' },
      { action_id: 'frogbot_option_0', value: '1e3' },
      { action_id: 'frogbot_pick', selected_option: 'Blue' },
      { action_id: 'frogbot_pick', selected_option: { value: 12 } },
      { action_id: 'frogbot_field' },
      { action_id: 'frogbot_unknown', value: '1' },
      { action_id: 'someone_elses_button', value: '1' }
    ]) {
      expect((await click(action)).status).toBe(200)
    }
    expect((await click({ action_id: 'frogbot_submit' }, { frogbot_q0: { frogbot_field: { selected_options: 'all of them' } } })).status).toBe(200)
    expect((await kit.deliver(signed(blockActions({ user: ADA, action: { action_id: 'frogbot_option_1', value: '1' }, channel: 'COTHER', messageTs: card.ts }), { contentType: FORM }))).status).toBe(200)
    expect((await kit.adasChat()).chat.state).toBe('awaiting')
    expect(slack.updatesOf(card.ts)).toEqual([])
    expect(slack.ephemerals().map((notice) => notice.text)).toEqual(['This question is no longer open.'])
    // Chat SDK itself trips over a number where Slack sends a string, before FrogBot sees the click, and logs it.
    expect(kit.logs.splice(0)).toEqual([expect.stringContaining('Action processing error')])
  })

  it('modal submissions that name no card, or a card with values of the wrong shape, answer nothing', async () => {
    const submit = (privateMetadata: string, values: Record<string, Record<string, unknown>>) =>
      kit.deliver(signed(viewSubmission({ user: BOB, callbackId: 'frogbot_answer', privateMetadata, values }), { contentType: FORM }))
    expect((await submit('not json', {})).status).toBe(200)
    expect((await submit(JSON.stringify({ m: 'CGENERAL:1.0' }), {})).status).toBe(200)
    const wrong = await submit(JSON.stringify({ m: `CGENERAL:${card.ts}` }), { frogbot_t0: { text: { value: 42 } } })
    expect(JSON.parse(wrong.text)).toMatchObject({ response_action: 'errors' })
    expect((await kit.adasChat()).chat.state).toBe('awaiting')
  })

  it('messages from the bot itself are not messages to the agent', async () => {
    await kit.say({ user: BOT_USER_ID, text: 'Which color?', ts: '1800000000.000500', threadTs: ROOT })
    const read = await kit.adasChat()
    expect(read.queued).toEqual([])
    expect(read.messages.filter((message) => message.role === 'user')).toHaveLength(1)
  })
})
