import { afterEach, describe, expect, it, vi } from 'vitest'
import { colorQuestion, scriptedModel, textStep, toolStep } from 'frogbot/testing'
import { ADA, BOB, slackKit, standIn } from './slack-kit.ts'
import { BOT_USER_ID } from './slack-stand-in.ts'

// A conversation in Slack from the first mention to the continued reply, through the real server:
// signed Events and Interactivity requests in, a recording stand-in of Slack's Web API out.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

const ROOT = '1800000000.000100'
const askColor = (text?: string) => toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }], text)

async function start(steps: Parameters<typeof scriptedModel>[0]) {
  const slack = await standIn()
  const model = scriptedModel(steps)
  const kit = await slackKit({ model, slack })
  open.push(slack, kit)
  return { slack, model, kit }
}

const lastPrompt = (model: ReturnType<typeof scriptedModel>) => JSON.stringify(model.doStreamCalls.at(-1)?.prompt)

describe('a Slack conversation', () => {
  it('a mention starts a chat of its thread, the reply lands in the thread, a click answers the question, the card shows who answered, and the reply continues', async () => {
    const { slack, model, kit } = await start([askColor('Let me ask first.'), textStep('Blue it is.')])

    expect((await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })).status).toBe(200)
    expect(lastPrompt(model)).toContain('paint the shed')
    expect(lastPrompt(model)).not.toContain(BOT_USER_ID)
    expect(slack.replies()).toEqual([expect.objectContaining({ threadTs: ROOT, text: 'Let me ask first.' })])
    const [card] = slack.cards()
    expect(card).toMatchObject({ channel: 'CGENERAL', text: 'Color: Which color?' })

    const read = await kit.adasChat()
    expect(read.chat).toMatchObject({ state: 'awaiting', channelLabel: 'Slack', channel: { piece: 'slack', instance: 'slack', account: 'T0TEAM', thread: `slack:CGENERAL:${ROOT}` } })
    expect(read.pending).toMatchObject([{ toolCallId: 'call_q', toolName: 'question' }])

    await kit.click({ user: ADA, action: { action_id: 'frogbot_option_1', value: '1' }, messageTs: card.ts, threadTs: ROOT })
    const answered = await kit.adasChat()
    expect(answered.chat.state).toBe('idle')
    expect(answered.messages.at(-1)?.settlements).toEqual([
      { toolCallId: 'call_q', outcome: 'answered', by: { channel: { piece: 'slack', instance: 'slack', userId: ADA.id, name: ADA.name, email: 'ada@example.com' }, userId: kit.ada.id }, at: expect.any(String) }
    ])
    expect(JSON.stringify(answered.messages.at(-1)?.parts)).toContain('"selected":["Blue"]')
    const [replaced] = slack.updatesOf(card.ts)
    expect(replaced.text).toBe(`Answered by <@${ADA.id}>: Color: Blue`)
    expect(JSON.stringify(replaced.blocks)).toContain('✅ Blue')
    expect(JSON.stringify(replaced.blocks)).toContain(`Answered by <@${ADA.id}>`)
    expect(JSON.stringify(replaced.blocks)).not.toContain('frogbot_option')
    expect(slack.replies().map((reply) => reply.text)).toEqual(['Let me ask first.', 'Blue it is.'])
    expect(slack.replies().every((reply) => reply.threadTs === ROOT)).toBe(true)

    // A late click is told, privately, who answered; nothing changes.
    await kit.click({ user: BOB, action: { action_id: 'frogbot_option_0', value: '0' }, messageTs: card.ts, threadTs: ROOT })
    expect(slack.ephemerals()).toEqual([{ user: BOB.id, channel: 'CGENERAL', threadTs: ROOT, text: `This question was already answered by <@${ADA.id}>.` }])
    expect(slack.updatesOf(card.ts)).toHaveLength(1)
    expect(model.doStreamCalls).toHaveLength(2)
  })

  it('a thread message while the question waits is queued, the sender told so; it runs once the question is answered', async () => {
    const { slack, model, kit } = await start([askColor(), textStep('Blue it is.'), textStep('The fence too.')])
    await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })
    const [card] = slack.cards()
    expect(slack.replies()).toEqual([])

    await kit.say({ user: BOB.id, text: 'and the fence', ts: '1800000000.000200', threadTs: ROOT })
    expect(slack.ephemerals()).toEqual([expect.objectContaining({ user: BOB.id, threadTs: ROOT, text: 'Your message waits until the question above is answered or dismissed; then it is read.' })])
    const waiting = await kit.adasChat()
    expect(waiting.queued).toMatchObject([{ text: 'and the fence' }])
    expect(model.doStreamCalls).toHaveLength(1)
    expect(slack.cards()).toHaveLength(1)

    await kit.click({ user: ADA, action: { action_id: 'frogbot_option_1', value: '1' }, messageTs: card.ts, threadTs: ROOT })
    // The queued message starts once the continuation has ended.
    await vi.waitFor(() => expect(slack.replies().map((reply) => reply.text)).toEqual(['Blue it is.', 'The fence too.']))
    expect(lastPrompt(model)).toContain('and the fence')
    const done = await kit.adasChat()
    expect(done.queued).toEqual([])
    expect(done.messages.filter((message) => message.role === 'user')).toHaveLength(2)
  })

  it('Dismiss declines the question: the card says who dismissed it, the model is not called again, and the chat is ready', async () => {
    const { slack, model, kit } = await start([askColor('Which one?'), textStep('Next topic.')])
    await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })
    const [card] = slack.cards()
    await kit.click({ user: BOB, action: { action_id: 'frogbot_dismiss', value: 'dismiss' }, messageTs: card.ts, threadTs: ROOT })
    expect(slack.updatesOf(card.ts)).toEqual([expect.objectContaining({ text: `Dismissed by <@${BOB.id}>: Color` })])
    const read = await kit.adasChat()
    expect(read.chat.state).toBe('idle')
    expect(read.messages.at(-1)?.settlements).toMatchObject([{ outcome: 'dismissed', by: { channel: { piece: 'slack', userId: BOB.id, name: BOB.name } } }])
    expect(JSON.stringify(read.messages.at(-1)?.parts)).toContain('Dismissed by the user.')
    expect(model.doStreamCalls).toHaveLength(1)

    await kit.say({ user: ADA.id, text: 'something else', ts: '1800000000.000300', threadTs: ROOT })
    expect(slack.replies().map((reply) => reply.text)).toEqual(['Which one?', 'Next topic.'])
  })

  it('a direct message starts a chat of the conversation, answered in it', async () => {
    const { slack, kit } = await start([textStep('Hello Ada.'), textStep('Hello again.')])
    await kit.say({ user: ADA.id, text: 'hello', channel: 'DADA', ts: '1800000001.000100' })
    await kit.say({ user: ADA.id, text: 'again', channel: 'DADA', ts: '1800000002.000100' })
    expect(slack.replies()).toEqual([expect.objectContaining({ text: 'Hello Ada.', threadTs: undefined }), expect.objectContaining({ text: 'Hello again.', threadTs: undefined })])
    expect(slack.callsTo('chat.postMessage').every((call) => call.args.channel === 'DADA')).toBe(true)
    const read = await kit.adasChat()
    expect(read.chat.channel).toMatchObject({ thread: 'slack:DADA:' })
    expect(read.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
  })
})
