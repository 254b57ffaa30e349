import type { Caller } from 'frogbot'
import { afterEach, describe, expect, it } from 'vitest'
import { readAnswer, colorQuestion, scriptedModel, textStep, toolStep } from 'frogbot/testing'
import { ADA, BOB, EVE, slackKit, type SlackKit, standIn } from './slack-kit.ts'
import { BOT_USER_ID, slackStandIn } from './slack-stand-in.ts'

// Who may answer in Slack (the seed's "Who can answer"): the Slack user's email matched to a
// FrogBot user, then the agent's `access`; everyone else is told privately and the question stays
// open. And everywhere else the conversation is read-only: `409 channel-chat`.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

const ROOT = '1800000000.000100'
const NO_USER = 'No FrogBot user has the email of your account here; ask whoever runs this FrogBot to add you.'
const askColor = () => toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }], 'Which color?')

async function start(agent: Parameters<typeof slackKit>[0]['agent'] = {}) {
  const slack = await standIn()
  const model = scriptedModel([askColor(), textStep('Blue it is.')])
  const kit = await slackKit({ model, slack, agent })
  open.push(slack, kit)
  return { slack, model, kit }
}

const http = (kit: SlackKit, method: string, path: string, body?: unknown) =>
  fetch(`${kit.base}${path}`, { method, headers: { authorization: `Bearer ${kit.token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }).then(readAnswer)

describe('who answers a question in Slack', () => {
  it("a participant the agent's access refuses is told privately, the question stays open, and an allowed participant answers it", async () => {
    const asked: Caller['channel'][] = []
    const { slack, kit } = await start({
      access: ({ req }) => {
        asked.push(req.channel)
        return req.user !== null && req.user.email !== BOB.email
      }
    })
    await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })
    const [card] = slack.cards()

    await kit.click({ user: BOB, action: { action_id: 'frogbot_option_0', value: '0' }, messageTs: card.ts, threadTs: ROOT })
    await kit.click({ user: EVE, action: { action_id: 'frogbot_dismiss', value: 'dismiss' }, messageTs: card.ts, threadTs: ROOT })
    expect(slack.ephemerals()).toEqual([
      { user: BOB.id, channel: 'CGENERAL', threadTs: ROOT, text: 'You may not answer this question: this agent does not accept you.' },
      { user: EVE.id, channel: 'CGENERAL', threadTs: ROOT, text: `You may not answer this question: this agent does not accept you. ${NO_USER}` }
    ])
    expect(kit.logs.splice(0)).toEqual([`frogbot: slack slack: refused eve (${EVE.id}): no FrogBot user has the email ${EVE.email}; \`npx frogbot users create --email ${EVE.email}\` lets them in (with the default access)`])
    expect(asked).toContainEqual({ piece: 'slack', instance: 'slack', userId: BOB.id, name: BOB.name, email: BOB.email })
    expect(asked).toContainEqual({ piece: 'slack', instance: 'slack', userId: EVE.id, name: EVE.name, email: EVE.email })
    expect(slack.updatesOf(card.ts)).toEqual([])
    const waiting = await kit.adasChat()
    expect(waiting.chat.state).toBe('awaiting')
    expect(waiting.messages.at(-1)?.settlements).toEqual([])

    await kit.click({ user: ADA, action: { action_id: 'frogbot_option_1', value: '1' }, messageTs: card.ts, threadTs: ROOT })
    expect((await kit.adasChat()).chat.state).toBe('idle')
    expect(slack.updatesOf(card.ts)).toHaveLength(1)
  })

  it('someone the agent refuses cannot start a conversation: they are told privately and no chat or subscription is made', async () => {
    const { slack, model, kit } = await start()
    await kit.say({ user: EVE.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })
    expect(slack.ephemerals()).toEqual([{ user: EVE.id, channel: 'CGENERAL', threadTs: ROOT, text: `You may not talk to this agent here: it does not accept you. ${NO_USER}` }])
    // Whoever runs FrogBot is told what lets them in, once.
    await kit.say({ user: EVE.id, text: `<@${BOT_USER_ID}> again`, ts: '1800000000.000150' })
    expect(kit.logs.splice(0)).toEqual([expect.stringMatching(/^frogbot: slack slack: refused eve \(UEVE\): no FrogBot user has the email eve@elsewhere\.example; /)])
    expect(model.doStreamCalls).toHaveLength(0)
    // Not followed: a later thread message without a mention reaches nobody.
    await kit.say({ user: ADA.id, text: 'anyone?', ts: '1800000000.000200', threadTs: ROOT })
    expect(model.doStreamCalls).toHaveLength(0)
    expect((await kit.frogbot.listChats({ caller: { user: kit.ada, door: 'http' } })).chats).toEqual([])
  })

  it('a Slack user whose email Slack does not share (the app lacks users:read.email) is told why, and the log says which scope to add', async () => {
    const slack = await slackStandIn({ users: [{ id: 'UNOMAIL', name: 'nomail' }] })
    const model = scriptedModel([textStep('Hello.')])
    const kit = await slackKit({ model, slack })
    open.push(slack, kit)
    await kit.say({ user: 'UNOMAIL', text: `<@${BOT_USER_ID}> hello`, ts: ROOT })
    expect(slack.ephemerals()).toEqual([
      expect.objectContaining({ user: 'UNOMAIL', text: 'You may not talk to this agent here: it does not accept you. Your email is not shared with FrogBot, so it cannot tell who you are; ask whoever runs this FrogBot.' })
    ])
    expect(kit.logs.splice(0)).toEqual([
      'frogbot: slack slack: refused nomail (UNOMAIL): the platform gave no email for them, so no FrogBot user could be matched; the Slack app needs the users:read.email scope (OAuth & Permissions), then Reinstall to Workspace'
    ])
    expect(model.doStreamCalls).toHaveLength(0)
  })

  it("a bot token Slack refuses when it looks a participant up is logged as the token, naming SLACK_BOT_TOKEN, and they are told to try again, not that their email is not shared", async () => {
    const slack = await standIn()
    const model = scriptedModel([textStep('Hello.')])
    const kit = await slackKit({ model, slack })
    open.push(slack, kit)
    slack.failNext('users.info', 'invalid_auth', (args) => args.user === ADA.id)
    await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> hello`, ts: ROOT })
    expect(slack.ephemerals()).toEqual([{ user: ADA.id, channel: 'CGENERAL', threadTs: ROOT, text: 'FrogBot could not check who you are right now, so your message was not read; try again shortly.' }])
    // Chat SDK's own warning, then what it means and what to do.
    expect(kit.logs.splice(0)).toEqual([
      'frogbot: slack slack: warning: Could not fetch user info {"userId":"UADA","error":"An API error occurred: invalid_auth"}',
      "frogbot: slack slack: refused UADA (UADA): Slack refused the piece's credentials when FrogBot looked them up (users.info: invalid_auth), so no FrogBot user could be matched; check SLACK_BOT_TOKEN (or botToken): the app's Bot User OAuth Token, xoxb-…"
    ])
    expect(model.doStreamCalls).toHaveLength(0)

    // Once Slack answers again, the same participant is matched and answered.
    await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> hello again`, ts: '1800000000.000300' })
    expect(model.doStreamCalls).toHaveLength(1)
    expect(slack.ephemerals()).toHaveLength(1)
  })

  it('Slack out of reach when it looks a participant up is logged as such, and they are told to try again; a missing email scope later is still told as the scope', async () => {
    const slack = await slackStandIn({ users: [ADA, { id: 'UNOMAIL', name: 'nomail' }] })
    const model = scriptedModel([textStep('Hello.')])
    const kit = await slackKit({ model, slack })
    open.push(slack, kit)
    // Every try of the lookup fails (the client tries 3 times), the private notice gets through.
    slack.failNextHttp('users.info', 503, 3)
    await kit.say({ user: 'UNOMAIL', text: `<@${BOT_USER_ID}> hello`, ts: ROOT })
    expect(slack.ephemerals()).toEqual([expect.objectContaining({ user: 'UNOMAIL', text: 'FrogBot could not check who you are right now, so your message was not read; try again shortly.' })])
    expect(kit.logs.splice(0)).toEqual([
      expect.stringContaining('warning: Could not fetch user info {"userId":"UNOMAIL"'),
      expect.stringMatching(/^frogbot: slack slack: refused UNOMAIL \(UNOMAIL\): Slack could not be reached to look them up \(users\.info: .*503.*\), so no FrogBot user could be matched; they are told to try again shortly$/)
    ])

    // Slack answers again, without the email: that is the scope, as before.
    await kit.say({ user: 'UNOMAIL', text: `<@${BOT_USER_ID}> hello again`, ts: '1800000000.000300' })
    expect(slack.ephemerals().at(-1)?.text).toBe('You may not talk to this agent here: it does not accept you. Your email is not shared with FrogBot, so it cannot tell who you are; ask whoever runs this FrogBot.')
    expect(kit.logs.splice(0)).toEqual([expect.stringContaining('refused nomail (UNOMAIL): the platform gave no email for them, so no FrogBot user could be matched; the Slack app needs the users:read.email scope')])
    expect(model.doStreamCalls).toHaveLength(0)
  }, 15_000)

  it('over HTTP the Slack conversation is read-only: its owner reads it (channelLabel Slack), and writes answer 409 channel-chat with the notice', async () => {
    const { slack, kit } = await start()
    await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })
    const notice = 'This conversation happens in Slack. Continue it there, or branch it into a new chat.'

    const list = await http(kit, 'GET', '/api/agents/planner/chats')
    expect(list.json.chats).toMatchObject([{ channelLabel: 'Slack', state: 'awaiting', channel: { piece: 'slack', instance: 'slack', account: 'T0TEAM', thread: `slack:CGENERAL:${ROOT}` } }])
    const chatId = list.json.chats[0].id
    const read = await http(kit, 'GET', `/api/agents/planner/chats/${chatId}`)
    expect(read.status).toBe(200)
    expect(read.json).toMatchObject({ chat: { id: chatId, channelLabel: 'Slack' }, pending: [{ toolCallId: 'call_q' }] })
    expect(read.json.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant'])

    const settle = await http(kit, 'POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_q', output: { answers: [{ header: 'Color', selected: ['Red'] }] } })
    expect(settle).toMatchObject({ status: 409, json: { code: 'channel-chat', error: notice } })
    const dismiss = await http(kit, 'POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_q', dismissed: true })
    expect(dismiss).toMatchObject({ status: 409, json: { code: 'channel-chat', error: notice } })
    const send = await http(kit, 'POST', '/api/agents/planner', { prompt: 'from the web', chatId })
    expect(send).toMatchObject({ status: 409, json: { code: 'channel-chat', error: notice } })
    await expect(kit.frogbot.settle({ chatId, toolCallId: 'call_q', dismissed: true, caller: { user: kit.ada } })).rejects.toMatchObject({ code: 'channel-chat', message: notice })

    // Branch copies it into an ordinary web chat; nothing written there reaches Slack.
    const branch = await http(kit, 'POST', `/api/agents/planner/chats/${chatId}/branch`, {})
    expect(branch.status).toBe(201)
    expect(branch.json.chat).toMatchObject({ channel: null, channelLabel: null, state: 'idle' })
    const calls = slack.calls.length
    const web = await http(kit, 'POST', '/api/agents/planner', { prompt: 'carry on here', chatId: branch.json.chat.id })
    expect(web).toMatchObject({ status: 200, json: { status: 'complete', text: 'Blue it is.' } })
    await kit.piece.idle()
    expect(slack.calls.length).toBe(calls)
    expect((await http(kit, 'GET', `/api/agents/planner/chats/${chatId}/pending`)).json).toMatchObject({ state: 'awaiting', pending: [{ toolCallId: 'call_q' }] })
  })
})
