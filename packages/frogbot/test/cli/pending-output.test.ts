import { describe, expect, it } from 'vitest'
import { describePendingCall, terminalSafe } from '../../src/cli/pending-command.ts'

describe('frogbot pending output', () => {
  it('never prints control characters from a prompt to the terminal, and cuts long text', () => {
    expect(terminalSafe('esc \u001b[2J\u001b]0;pwned\u0007 nul\u0000 end')).toBe('esc ?[2J?]0;pwned? nul? end')
    expect(terminalSafe('x'.repeat(900_000))).toHaveLength(200)
    const lines = describePendingCall({
      toolCallId: 'call_1',
      toolName: 'question',
      input: { questions: [{ header: 'H\u001b[2J', question: 'Q\u0007?', options: [{ label: 'A\u001b]0;t\u0007' }] }] },
      messageId: 'm',
      chatId: 'c',
      agentSlug: 'planner',
      createdAt: new Date().toISOString()
    })
    expect(lines.join('\n')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/)
  })
})
