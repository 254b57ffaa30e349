import type { Adapter, Chat } from 'chat'
import { describe, expect, it } from 'vitest'
import { chatSdkDrawing } from '../../src/channels/chat-sdk/chat-sdk-drawing.ts'

// The kit's notices through Chat SDK: privately where the platform can, else (or when it refuses)
// a reply in the thread that mentions the participant, so that a refusal is never lost.

/** A Chat SDK bot whose thread records what is posted, with an ephemeral post that does `ephemeral`. */
function recordingBot(ephemeral: 'posts' | 'none' | 'throws') {
  const posted: string[] = []
  const whispered: string[] = []
  const thread = {
    post: async (text: string) => void posted.push(text),
    postEphemeral: async (userId: string, text: string) => {
      if (ephemeral === 'throws') throw new Error('ephemeral messages are not supported in this conversation')
      if (ephemeral === 'none') return null
      whispered.push(`${userId}: ${text}`)
      return { id: 'e1' }
    }
  }
  return { bot: { thread: () => thread } as unknown as Chat, posted, whispered }
}

const adapter = { postEphemeral: async () => null } as unknown as Adapter
const mention = (participant: { userId: string }) => `<@${participant.userId}>`
const notice = { kind: 'denied' as const, to: 'answer' as const }

describe("the Chat SDK drawing's notify", () => {
  it.each([
    ['posts it privately where the platform has ephemeral messages', 'posts' as const, [], ['U9: You may not answer this question: this agent does not accept you.']],
    ['mentions the participant in the thread when no ephemeral message was posted', 'none' as const, ['<@U9> You may not answer this question: this agent does not accept you.'], []],
    ['mentions the participant in the thread when the platform refuses the ephemeral message', 'throws' as const, ['<@U9> You may not answer this question: this agent does not accept you.'], []]
  ])('%s', async (_, ephemeral, inThread, privately) => {
    const { bot, posted, whispered } = recordingBot(ephemeral)
    await chatSdkDrawing({ bot, adapter, mention }).notify({ thread: 'T1', participant: { userId: 'U9' }, notice } as never)
    expect(posted).toEqual(inThread)
    expect(whispered).toEqual(privately)
  })
})
