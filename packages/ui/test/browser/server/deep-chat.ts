import type { Frogbot } from '../../../../frogbot/src/index.ts'
import { storeOf } from '../../../../frogbot/src/frogbot-internals.ts'
import { nestedJson } from './scenario-model.ts'

/**
 * Stores a chat of `ownerId` as one was stored before tool inputs were bounded: a tool input and a
 * result nested 1,500 levels deep, and a question whose input is as deep. Resolves its id.
 */
export async function storeDeepChat(frogbot: Frogbot, ownerId: string): Promise<string> {
  const deep = JSON.parse(nestedJson(1500))
  const chatId = `chat_deep_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`
  await storeOf(frogbot).createChatWithMessages({
    chat: { id: chatId, agentSlug: 'planner', ownerId, title: 'A deep tool input' },
    messages: [
      { id: `${chatId}_u`, role: 'user', parts: [{ type: 'text', text: 'Inspect the deep tree' }], settlements: [] },
      {
        id: `${chatId}_a`,
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          { type: 'tool-inspect_tree', toolCallId: 'call_tree', state: 'output-available', input: { tree: deep }, output: { tree: deep } },
          { type: 'tool-question', toolCallId: 'call_deep', state: 'output-error', input: { questions: [deep] }, errorText: 'Invalid input for tool question.' },
          { type: 'text', text: 'The tree is very deep.', state: 'done' }
        ],
        settlements: []
      }
    ] as never,
    now: new Date().toISOString()
  })
  return chatId
}
