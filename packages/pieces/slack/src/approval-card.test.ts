import { describe, expect, it } from 'vitest'
import { approvalEditForm, type QuestionCard } from 'frogbot/channels'
import { APPROVAL_ACTIONS, approvalBlocks, editModal, fieldBlock } from './approval-card.ts'
import { formValue } from './slack-interactions.ts'

const call = { toolName: 'send_invoice', input: { customer: '<@U123> <https://evil.example|click>', amount: 1200 } }

describe('the Slack approval card', () => {
  it('draws the input escaped, so the model never mentions or links, with Approve, Deny and Edit', () => {
    const waiting = { ...call, quorum: { count: 2, votes: [] }, assignees: ['dana@example.com'], expiresAt: new Date(Date.now() + 2 * 3_600_000).toISOString() }
    const { text, blocks } = approvalBlocks(waiting)
    const drawn = JSON.stringify(blocks)
    expect(drawn).not.toContain('<@U123>')
    expect(drawn).toContain('&lt;@U123&gt;')
    expect(drawn).toContain('0 of 2 approvals · Waiting for Dana · Expires in 2 h (')
    // A quorum's votes all approve the model's input: no Edit (docs/agents/approvals.md).
    expect(blocks.at(-1)).toEqual(expect.objectContaining({ type: 'actions', elements: [expect.objectContaining({ action_id: APPROVAL_ACTIONS.approve }), expect.objectContaining({ action_id: APPROVAL_ACTIONS.deny })] }))
    expect(text).toContain('send_invoice')
    expect(approvalBlocks(call).blocks.at(-1)).toMatchObject({ type: 'actions', elements: [{ action_id: APPROVAL_ACTIONS.approve }, { action_id: APPROVAL_ACTIONS.deny }, { action_id: APPROVAL_ACTIONS.edit }] })
  })

  it('opens an Edit modal of the input fields and reads them back by field', () => {
    const card: QuestionCard = { chatId: 'c', toolCallId: 't', toolName: 'send_invoice', thread: 'slack:C:1', messageIds: ['C:1'], input: call.input, kind: 'approval' }
    const modal = editModal(card, 'C:1') as { blocks: { block_id?: string; element?: { initial_value?: string } }[]; private_metadata: string }
    expect(modal.blocks.find((block) => block.block_id === fieldBlock(1))?.element?.initial_value).toBe('1200')
    expect(JSON.parse(modal.private_metadata)).toEqual({ m: 'C:1' })
    const form = formValue({ [fieldBlock(1)]: { value: { value: '900' } } })
    const valueAt = (index: number) => form[fieldBlock(index)] as string | undefined
    expect([valueAt(0), valueAt(1)]).toEqual([undefined, '900'])
    expect(approvalEditForm(card.input).read(valueAt)).toEqual({ input: { ...call.input, amount: 900 } })
  })
})
