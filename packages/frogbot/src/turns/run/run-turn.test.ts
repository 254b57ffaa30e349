import type { UIMessage } from 'ai'
import { describe, expect, it } from 'vitest'
import type { ClientTool } from '../../tools/tool.ts'
import { question } from '../../tools/index.ts'
import type { StoredMessage } from '../../store/chat-records.ts'
import { turnStart } from './run-turn.ts'
import { waitingCalls, waitingParts } from './waiting-calls.ts'

// The parts of a turn that decide from messages alone: where it starts, what its last step waits for.

const agent = { slug: 'planner', clientTools: new Map<string, ClientTool>([['question', question as ClientTool]]), approvalTools: new Map() }
const offersAll = () => true
const part = (toolCallId: string, state: string, toolName = 'question') => ({ type: `tool-${toolName}`, toolCallId, state, input: { questions: [] }, ...(state === 'output-available' ? { output: {} } : {}) }) as unknown as UIMessage['parts'][number]
const assistant = (parts: UIMessage['parts']): UIMessage => ({ id: 'msg_a', role: 'assistant', parts })

describe('waitingParts', () => {
  it('takes the well-formed calls of offered client tools in the last step only', () => {
    const message = assistant([{ type: 'step-start' }, part('old', 'input-available'), { type: 'step-start' }, part('q1', 'input-available'), part('done', 'output-available'), part('s1', 'input-available', 'search')])
    expect(waitingParts(message, agent, offersAll).map((entry) => (entry as { toolCallId: string }).toolCallId)).toEqual(['q1'])
    expect(waitingParts(message, agent, () => false)).toEqual([])
  })
})

describe('waitingCalls', () => {
  it('makes a pending call of each waiting part and closes every other open call', () => {
    const message = assistant([{ type: 'step-start' }, part('q1', 'input-available'), part('s1', 'input-available', 'search')])
    const { sealed, calls } = waitingCalls({ message, agent, offers: offersAll, chatId: 'chat_1', createdAt: '2026-12-01T10:00:00.000Z', expiresAt: () => 'never' })
    expect(calls).toMatchObject([{ toolCallId: 'q1', toolName: 'question', messageId: 'msg_a', chatId: 'chat_1', agentSlug: 'planner', expiresAt: null }])
    expect(sealed.parts.filter((entry) => entry.type.startsWith('tool-')).map((entry) => (entry as { state: string }).state)).toEqual(['input-available', 'output-error'])
  })
})

describe('turnStart', () => {
  it('continues an assistant message with its settlements, or starts a new one', () => {
    const user: StoredMessage = { id: 'msg_u', role: 'user', parts: [{ type: 'text', text: 'hi' }], settlements: [] }
    const settlement = { toolCallId: 'q1', outcome: 'answered' as const, by: { system: true as const }, at: '2026-12-01T10:00:00.000Z' }
    const waiting: StoredMessage = { ...assistant([{ type: 'step-start' }, part('q1', 'output-available')]), settlements: [settlement] }
    expect(turnStart([user])).toMatchObject({ continued: null, partsBefore: 0, settlements: [] })
    const continued = turnStart([user, waiting])
    expect(continued).toMatchObject({ continued: { id: 'msg_a' }, partsBefore: 2, settlements: [settlement] })
    expect(continued.uiMessages).toHaveLength(2)
  })

  it('closes a call a dead turn left open, so the model never sees a call without a result', () => {
    const open: StoredMessage = { ...assistant([{ type: 'step-start' }, part('s1', 'input-available', 'search')]), settlements: [] }
    expect(turnStart([open]).uiMessages[0].parts[1]).toMatchObject({ state: 'output-error' })
  })
})
