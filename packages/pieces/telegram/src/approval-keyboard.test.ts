import { describe, expect, it } from 'vitest'
import { approvalMessage } from './approval-keyboard.ts'
import { CALLBACK_DATA_MAX_BYTES } from './question-keyboard.ts'

describe('the Telegram approval message', () => {
  it('shows the input, how to decide by typing, and Approve, Deny, Edit within callback_data’s 64 bytes', () => {
    const message = approvalMessage({ toolCallId: 'call_'.padEnd(60, 'x'), toolName: 'send_invoice', input: { customer: 'ACME', amount: 1200 } }, 'chat_'.padEnd(40, 'y'))
    expect(message.text).toContain('Approve send_invoice? Needs your approval.')
    expect(message.text).toContain('customer: ACME')
    expect(message.text).toContain('/approve')
    const buttons = message.reply_markup.inline_keyboard.flat()
    expect(buttons.map((button) => button.text)).toEqual(['✅ Approve', '✖️ Deny', '✏️ Edit'])
    for (const button of buttons) expect(Buffer.byteLength(button.callback_data)).toBeLessThanOrEqual(CALLBACK_DATA_MAX_BYTES)
  })

  it('offers no Edit on a call that needs several approvals (every vote approves the model’s input)', () => {
    const message = approvalMessage({ toolCallId: 'call_1', toolName: 'send_invoice', input: { amount: 1200 }, quorum: { count: 2, votes: [] } }, 'chat_1')
    expect(message.reply_markup.inline_keyboard.flat().map((button) => button.text)).toEqual(['✅ Approve', '✖️ Deny'])
    expect(message.text).toContain('Reply /approve, or /deny with an optional reason.')
    expect(message.text).not.toContain('edited input')
  })
})
