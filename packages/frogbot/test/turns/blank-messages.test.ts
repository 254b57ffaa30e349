import { afterEach, describe, expect, it } from 'vitest'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const refusal = (field: string) => ({ name: 'FrogbotError', code: 'bad-request', message: `${field}: must not be empty or blank` })

describe('a blank message is refused at every door, as over HTTP', () => {
  it('sendMessage, generate({ chatId }), editMessage and editQueued refuse blank text and store nothing; HTTP says the same', async () => {
    const model = scriptedModel([textStep('Red shed.'), toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }])])
    const app = await testFrogbot({ model })
    cleanups.push(app.close)
    const { frogbot, user, call } = app
    const caller = { user, door: 'local' as const }

    for (const text of ['', '   ', '\n\t', '\u200b\u2060', '\u3164\ufe0f', '\u0001', '\u001b\u007f \u0085']) {
      await expect(frogbot.sendMessage({ agent: 'planner', text, caller })).rejects.toMatchObject(refusal('text'))
      await expect(frogbot.sendMessage({ agent: 'planner', message: { id: 'msg_blank', role: 'user', parts: [{ type: 'text', text }] }, caller })).rejects.toMatchObject(refusal('message.parts'))
      await expect(frogbot.agents.planner!.generate({ prompt: text, chatId: 'blank-local-chat-000001', user })).rejects.toMatchObject(refusal('prompt'))
    }
    expect((await frogbot.listChats({ caller })).chats).toEqual([])
    expect((await call('POST', '/api/agents/planner', { prompt: '   ' })).json.error).toBe(refusal('prompt').message)

    const done = await frogbot.agents.planner!.generate({ prompt: 'Paint it red', chatId: 'blank-local-chat-000001', user })
    expect(done.text).toBe('Red shed.')
    const before = await frogbot.readChat({ chatId: 'blank-local-chat-000001', caller })
    await expect(frogbot.editMessage({ chatId: 'blank-local-chat-000001', messageId: before.messages[0]!.id, text: ' ', caller })).rejects.toMatchObject(refusal('text'))
    expect((await frogbot.readChat({ chatId: 'blank-local-chat-000001', caller })).messages).toEqual(before.messages)

    // A queued message (behind a waiting question, asked as a relay of a client) keeps its text when an edit is blank.
    const asking = await frogbot.sendMessage({ agent: 'planner', text: 'And the fence?', chatId: 'blank-local-chat-000001', caller: { user, door: 'http' } })
    if (asking.status === 'started') await asking.run.result
    const queued = await frogbot.sendMessage({ agent: 'planner', text: 'Also the gate', chatId: 'blank-local-chat-000001', caller })
    expect(queued.status).toBe('queued')
    await expect(frogbot.editQueued({ chatId: 'blank-local-chat-000001', messageId: queued.messageId, text: '  ', caller })).rejects.toMatchObject(refusal('text'))
    expect((await frogbot.readChat({ chatId: 'blank-local-chat-000001', caller })).queued.map((message) => message.text)).toEqual(['Also the gate'])
    expect(model.doStreamCalls).toHaveLength(2)
  })
})
