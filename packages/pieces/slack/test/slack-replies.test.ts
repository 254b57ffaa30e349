import { afterEach, describe, expect, it, vi } from 'vitest'
import { colorQuestion, heldStep, mockModel, scripted, scriptedModel, streamingModel, textStep, toolStep } from 'frogbot/testing'
import { ADA, BOB, slackKit, standIn } from './slack-kit.ts'
import { messageEvent, signed } from './slack-requests.ts'
import { BOT_USER_ID } from './slack-stand-in.ts'

// How replies and cards reach Slack when things go their own way: a reply that streams, a model
// that fails, a card Slack refused to post, a click on a message that is no card, a direct message.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

const ROOT = '1800000000.000100'
const askColor = () => toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }])

async function start(model: Parameters<typeof slackKit>[0]['model'], options: Parameters<typeof slackKit>[0]['options'] = {}) {
  const slack = await standIn()
  const kit = await slackKit({ model, slack, options })
  open.push(slack, kit)
  return { slack, kit }
}

describe('Slack replies and cards', () => {
  it('a reply is posted on its first words and edited while the model still writes; a thread message meanwhile waits for it', async () => {
    const held = heldStep('Thinking it over, then painting the shed blue.')
    const { slack, kit } = await start(streamingModel([held.stream, scripted(textStep('And the fence.'))]), { updateIntervalMs: 20 })
    const send = (options: Parameters<typeof messageEvent>[0]) => {
      const request = signed(messageEvent(options), { contentType: 'application/json' })
      return fetch(kit.webhook, { method: 'POST', headers: request.headers, body: request.body })
    }
    expect((await send({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })).status).toBe(200)
    await held.started
    await vi.waitFor(() => expect(slack.replies()).toEqual([expect.objectContaining({ text: 'Thinking it over, then painting the shed blue.', edits: 1 })]))
    const [{ ts }] = slack.replies()
    expect(slack.callsTo('chat.postMessage')[0].args.markdown_text).not.toBe('Thinking it over, then painting the shed blue.')
    expect((await kit.adasChat()).chat.state).toBe('running')
    expect((await send({ user: BOB.id, text: 'and the fence', ts: '1800000000.000200', threadTs: ROOT })).status).toBe(200)
    await vi.waitFor(() => expect(slack.ephemerals()).toEqual([expect.objectContaining({ user: BOB.id, text: 'Your message waits until the current reply is done; then it is read.' })]))
    expect((await kit.adasChat()).queued).toMatchObject([{ text: 'and the fence' }])

    held.release()
    await vi.waitFor(() => expect(slack.replies().map((reply) => reply.text)).toEqual(['Thinking it over, then painting the shed blue.', 'And the fence.']))
    expect(slack.replies()[0]).toMatchObject({ ts, threadTs: ROOT })
    await kit.piece.idle()
    expect((await kit.adasChat()).chat.state).toBe('idle')
  })

  it('a reply that fails is said in the thread, and the next message is answered again', async () => {
    let calls = 0
    const model = mockModel({
      doStream: async () => {
        if (calls++ === 0) throw new Error('the provider is overloaded')
        return { stream: scripted(textStep('Back again.'))() as never }
      }
    })
    const { slack, kit } = await start(model)
    await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })
    expect(slack.replies().map((reply) => reply.text)).toEqual([expect.stringMatching(/^Sorry, this reply failed\. The model failed: the provider is overloaded\./)])
    expect(kit.logs.splice(0)).toEqual([expect.stringMatching(/^frogbot: the model of agent "planner" failed in chat \S+: The model failed: the provider is overloaded\./)])
    await kit.say({ user: ADA.id, text: 'try again', ts: '1800000000.000200', threadTs: ROOT })
    expect(slack.replies().at(-1)?.text).toBe('Back again.')
  })

  it('a card Slack refused to post is drawn again when someone writes in the thread, and can then be answered', async () => {
    const { slack, kit } = await start(scriptedModel([askColor(), textStep('Blue it is.'), textStep('It was above.')]))
    slack.failNext('chat.postMessage', 'internal_error')
    await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })
    expect(slack.cards()).toEqual([])
    expect(kit.logs.splice(0)).toEqual([expect.stringContaining('could not draw call call_q')])
    expect(slack.replies().map((reply) => reply.text)).toEqual(['I could not show my question here (An API error occurred: internal_error). I will try again within a few minutes; writing in this thread tries again now.'])

    await kit.say({ user: BOB.id, text: 'where is the question?', ts: '1800000000.000200', threadTs: ROOT })
    const [card] = slack.cards()
    expect(card.text).toBe('Color: Which color?')
    await kit.click({ user: BOB, action: { action_id: 'frogbot_option_1', value: '1' }, messageTs: card.ts, threadTs: ROOT })
    await vi.waitFor(() => expect(slack.replies().map((reply) => reply.text).slice(1)).toEqual(['Blue it is.', 'It was above.']))
    expect(slack.cards()).toHaveLength(1)
  })

  it('a click on a message that carries no card is told the question is no longer open', async () => {
    const { slack, kit } = await start(scriptedModel([askColor()]))
    await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })
    await kit.click({ user: ADA, action: { action_id: 'frogbot_option_1', value: '1' }, messageTs: '1800000000.999999', threadTs: ROOT })
    expect(slack.ephemerals()).toEqual([expect.objectContaining({ user: ADA.id, text: 'This question is no longer open.' })])
    expect((await kit.adasChat()).chat.state).toBe('awaiting')
  })

  it('a question in a direct message is asked and answered there', async () => {
    const { slack, kit } = await start(scriptedModel([askColor(), textStep('Blue it is.')]))
    await kit.say({ user: ADA.id, text: 'paint the shed', channel: 'DADA', ts: '1800000001.000100' })
    const [card] = slack.cards()
    expect(card.channel).toBe('DADA')
    expect(slack.callsTo('chat.postMessage')[0].args.thread_ts).toBeUndefined()
    await kit.click({ user: ADA, action: { action_id: 'frogbot_option_1', value: '1' }, channel: 'DADA', messageTs: card.ts })
    expect(slack.ephemerals()).toEqual([])
    expect(slack.updatesOf(card.ts)).toHaveLength(1)
    expect(slack.replies().map((reply) => reply.text)).toEqual(['Blue it is.'])
  })
})
