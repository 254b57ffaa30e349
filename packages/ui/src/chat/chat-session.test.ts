import type { FrogbotUIMessage } from '@frogbotai/protocol'
import type { ChatTransport } from 'ai'
import { describe, expect, it, vi } from 'vitest'
import type { ChatAdapter } from './chat-adapter.ts'
import { ChatSession } from './chat-session.ts'

/** A session on a new chat whose transport and adapter only record what they are asked to send. */
function recordingSession() {
  const sent: string[] = []
  const transport: ChatTransport<FrogbotUIMessage> = {
    async sendMessages({ messages }) {
      const part = messages.at(-1)?.parts.find((p) => p.type === 'text')
      sent.push(part?.type === 'text' ? part.text : '')
      return new ReadableStream({ start: (controller) => controller.close() })
    },
    reconnectToStream: async () => null
  }
  const adapter = {
    transport: () => transport,
    readChat: async () => null,
    send: vi.fn(async () => {
      throw new Error('not expected')
    })
  } as unknown as ChatAdapter
  const session = new ChatSession({ adapter, agent: 'planner', chatId: 'chat_1', isNew: true })
  return { session, sent, adapter }
}

describe('ChatSession blank text', () => {
  it('sends nothing for text of only invisible characters (the server refuses it as blank)', async () => {
    const { session, sent, adapter } = recordingSession()
    for (const text of ['\u200b\u200b', ' \u2060\ufeff\n', '\u200e\u034f', '\u3164\ufe0f', '']) await session.send(text)
    expect(sent).toEqual([])
    expect(adapter.send).not.toHaveBeenCalled()
    expect(session.chat.messages).toEqual([])

    await session.edit('msg_1', '\u200d\u00ad ')
    expect(sent).toEqual([])

    await session.send('  \u200bhi ')
    expect(sent).toEqual(['\u200bhi'])
  })

  it('sends nothing for text of only control characters (an escape, DEL, C1): the server rule', async () => {
    const { session, sent, adapter } = recordingSession()
    for (const text of ['\u0001', '\u001b\u007f', ' \u0085\u200b\n']) await session.send(text)
    await session.edit('msg_1', '\u001b ')
    expect(sent).toEqual([])
    expect(adapter.send).not.toHaveBeenCalled()
    expect(session.chat.messages).toEqual([])
  })
})
