import { question } from 'frogbot/tools'
import { afterEach, describe, expect, it } from 'vitest'
import { colorQuestion, scriptedModel, textStep, toolStep } from 'frogbot/testing'
import type { ClientTool } from 'frogbot'
import { z } from 'zod'
import { ADA, BOB, slackKit, standIn } from './slack-kit.ts'
import { messageEvent, signed } from './slack-requests.ts'
import { BOT_USER_ID } from './slack-stand-in.ts'

// What the engine decides for a Slack conversation, seen from Slack: which client tools are
// offered there, a call that expires, and a delivery Slack repeats.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

const ROOT = '1800000000.000100'

/** A client tool of another kind than the question (the seed's `pick_file`). */
const pickFile: ClientTool = {
  slug: 'pick_file',
  description: 'Ask the user which of several files to use.',
  inputSchema: z.object({ files: z.array(z.string()).min(1) }),
  outputSchema: z.object({ file: z.string() }),
  client: { kind: 'pick-file' }
}

describe('the engine behind a Slack conversation', () => {
  it('offers the model only the question tool: another client tool kind is withheld, and a call to it anyway is a tool error, not a wait', async () => {
    const slack = await standIn()
    const model = scriptedModel([toolStep([{ toolCallId: 'call_f', toolName: 'pick_file', input: { files: ['a.txt', 'b.txt'] } }]), textStep('I will pick myself.')])
    const kit = await slackKit({ model, slack, agent: { tools: [question, pickFile] } })
    open.push(slack, kit)
    await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> which file?`, ts: ROOT })
    const offered = (model.doStreamCalls[0].tools ?? []).map((tool) => tool.name)
    expect(offered).toContain('question')
    expect(offered).not.toContain('pick_file')
    expect(slack.cards()).toEqual([])
    expect(slack.replies().map((reply) => reply.text)).toEqual(['I will pick myself.'])
    const read = await kit.adasChat()
    expect(read.chat.state).toBe('idle')
    expect(JSON.stringify(read.messages.at(-1)?.parts)).toContain('"toolCallId":"call_f","state":"output-error"')
  })

  it('a question that expires has its card replaced, and a late click is told it expired', async () => {
    const slack = await standIn()
    let clock = Date.parse('2026-12-01T12:00:00.000Z')
    const model = scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }])])
    const expiring = { ...question, client: { ...question.client, expiresIn: 60_000 } }
    const kit = await slackKit({ model, slack, agent: { tools: [expiring] }, now: () => new Date(clock) })
    open.push(slack, kit)
    await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })
    const [card] = slack.cards()

    clock += 61_000
    expect(await kit.frogbot.maintain()).toMatchObject({ expired: 1 })
    await kit.piece.idle()
    expect(slack.updatesOf(card.ts)).toEqual([expect.objectContaining({ text: 'Expired without an answer: Color' })])
    expect(JSON.stringify(slack.updatesOf(card.ts)[0].blocks)).toContain('⌛ Expired without an answer.')
    await kit.click({ user: BOB, action: { action_id: 'frogbot_option_0', value: '0' }, messageTs: card.ts, threadTs: ROOT })
    expect(slack.ephemerals()).toEqual([expect.objectContaining({ user: BOB.id, text: 'This question expired without an answer.' })])
  })

  it('a delivery Slack repeats (a retry, signed anew) is handled once', async () => {
    const slack = await standIn()
    const model = scriptedModel([textStep('Once.')])
    const kit = await slackKit({ model, slack })
    open.push(slack, kit)
    const event = messageEvent({ user: ADA.id, text: `<@${BOT_USER_ID}> hello`, ts: ROOT })
    await kit.deliver(signed(event, { contentType: 'application/json' }))
    const retry = signed(event, { contentType: 'application/json', timestamp: Math.floor(Date.now() / 1000) + 1 })
    expect((await kit.deliver({ ...retry, headers: { ...retry.headers, 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' } })).status).toBe(200)
    expect(model.doStreamCalls).toHaveLength(1)
    expect(slack.replies().map((reply) => reply.text)).toEqual(['Once.'])
  })
})
