import { describe, expect, it } from 'vitest'
import { answerHint, describePendingCall, terminalSafe, terminalText } from '../../src/cli/pending-command.ts'

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
      createdAt: new Date().toISOString(),
      kind: 'question'
    })
    expect(lines.join('\n')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/)
  })

  it('shows bidi controls as ?, so an option "\\u202egnp.exe" does not read "exe.png"', () => {
    const label = '\u202egnp.exe'
    const lines = describePendingCall({
      toolCallId: 'call_1',
      toolName: 'question',
      input: {
        questions: [
          { header: 'File\u2066', question: 'Open\u200f it?', options: [{ label, description: '\u061cd' }] }
        ]
      },
      messageId: 'm',
      chatId: 'c',
      agentSlug: 'planner',
      createdAt: new Date().toISOString(),
      kind: 'question'
    })
    const shown = ['  File?: Open? it? (one choice; typed answer allowed)', '    1. ?gnp.exe — ?d']
    expect(lines.slice(1)).toEqual(shown)
    expect(terminalText('a\u200e\u202a\u2069\nb')).toBe('a???\nb')
  })

  it('suggests the flag each listed call takes, and leaves channel conversations to their channel', () => {
    const single = { toolName: 'question', kind: 'question', input: { questions: [{ header: 'Place', question: 'Where?', options: [{ label: 'City' }] }] } }
    const several = { toolName: 'question', kind: 'question', input: { questions: [{ header: 'A' }, { header: 'B' }] } }
    const pickFile = { toolName: 'pick_file', kind: 'pick-file', input: { files: ['plan.md'] } }
    const prefix = 'Answer one: npx frogbot answer <chatId> <callId> --email <email> with '
    expect(answerHint([{ call: single }])).toBe(`${prefix}--pick <number or label> for a question  (or --dismiss)`)
    expect(answerHint([{ call: pickFile }])).toBe(`${prefix}--json '<output JSON>' for pick_file  (or --dismiss)`)
    expect(answerHint([{ call: single }, { call: several }, { call: pickFile }, { call: pickFile, channelLabel: 'Slack' }])).toBe(
      `${prefix}--pick <number or label> for a question, --json '{ "answers": [...] }' for several questions, --json '<output JSON>' for pick_file  (or --dismiss)`
    )
    expect(answerHint([{ call: single, channelLabel: 'Slack' }])).toBe('Answer each in its channel: `frogbot answer` settles web chats only.')
    // npm start typed at the repository root runs the example in its folder: the hint goes there first.
    expect(answerHint([{ call: single }], { cwd: '/repo/examples/planner', initCwd: '/repo' })).toBe(
      'Answer one: (cd examples/planner && npx frogbot answer <chatId> <callId> --email <email>) with --pick <number or label> for a question  (or --dismiss)'
    )
    const call = { ...single, toolCallId: 'call_1', messageId: 'm', chatId: 'c', agentSlug: 'planner', createdAt: new Date().toISOString() }
    expect(describePendingCall(call, { owner: 'no owner', channelLabel: 'Slack' })[0]).toMatch(/^c {2}agent planner {2}tool question {2}call call_1 {2}waiting \d+s {2}no owner {2}answered in Slack only$/)
    expect(describePendingCall(call)[0]).not.toContain('answered in')
  })
})
