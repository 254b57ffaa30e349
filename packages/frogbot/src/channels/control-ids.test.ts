import { describe, expect, it } from 'vitest'
import { controlIds, pressOnCard } from './control-ids.ts'
import type { QuestionCard } from './question-cards.ts'

const ids = controlIds({ cards: 'frogbot:', approvals: 'fbap:' }, 25)

describe('controlIds', () => {
  it('names each control by revision, step and what it does, and reads it back', () => {
    const option = { kind: 'option', index: 4 }
    expect(ids.card(3, 1, 'o', 4)).toBe('frogbot:3:1:o:4')
    expect(ids.card(0, 0, 'm', 25)).toBe('frogbot:0:0:m:25')
    expect(ids.card(0, 2, 'p', 1)).toBe('frogbot:0:2:p:1')
    expect(ids.card(7, 0, 's')).toBe('frogbot:7:0:s')
    expect(ids.card(7, 0, 'x')).toBe('frogbot:7:0:x')
    expect(ids.card(7, 0, 'd')).toBe('frogbot:7:0:d')
    expect(ids.read('frogbot:3:1:o:4')).toEqual({ revision: 3, step: 1, control: option })
    expect(ids.read('frogbot:0:2:p:1')).toEqual({ revision: 0, step: 2, control: { kind: 'page', page: 1 } })
    expect(ids.read('frogbot:0:0:s')).toEqual({ revision: 0, step: 0, control: { kind: 'submit' } })
    expect(ids.read('frogbot:0:0:x')).toEqual({ revision: 0, step: 0, control: { kind: 'other' } })
    expect(ids.read('frogbot:0:0:d')).toEqual({ revision: 0, step: 0, control: { kind: 'dismiss' } })
  })

  it("reads a select's values as option indices, anything else as an option never offered", () => {
    const read = ids.read('frogbot:0:0:m:25', ['26', '30', 'Blue', '1e3'])
    const picks = { kind: 'picks', first: 25, count: 25, indices: [26, 30, -1, -1] }
    expect(read).toEqual({ revision: 0, step: 0, control: picks })
    expect(ids.read('frogbot:0:0:m:0')).toMatchObject({ control: { indices: [] } })
  })

  it("reads an approval's buttons, and nothing that is not one of its ids", () => {
    expect(ids.approvalIds).toEqual({ approve: 'fbap:a', deny: 'fbap:d', edit: 'fbap:e' })
    expect(ids.read('fbap:a')).toEqual({ approval: 'approve' })
    expect(ids.read('fbap:e')).toEqual({ approval: 'edit' })
    const wrong = ['frogbot:0:0', 'frogbot:01:0:s', 'frogbot:0:0:o', 'frogbot:0:0:o:x', 'frogbot:0:0:s:1']
    wrong.push('frogbot:0:0:o:1:2', 'other:0:0:s', 'frogbot:-1:0:d', 'frogbot:0:0:q', 'frogbot:1234567:0:d')
    wrong.push('fbap:x', 'fbap:a:1', 'fbap:')
    for (const id of wrong) expect(ids.read(id), id).toBeNull()
  })

  it('takes a prefix as it is, not as a pattern', () => {
    const dotted = controlIds({ cards: 'a.b:', approvals: 'ap.' }, 10)
    expect(dotted.read('a.b:0:0:d')).toEqual({ revision: 0, step: 0, control: { kind: 'dismiss' } })
    expect(dotted.read('axb:0:0:d')).toBeNull()
  })
})

describe('pressOnCard', () => {
  const call = { chatId: 'c1', toolCallId: 't1', toolName: 'ask' }
  const card: QuestionCard = { ...call, thread: 'th', messageIds: ['m1'], input: {} }
  const ada = { userId: 'U1', name: 'Ada' }
  const runtime = (asked: unknown[]) => ({
    answer: async (click: { action: unknown }) => (asked.push(click.action), null),
    mayAnswer: async () => null,
    press: async (press: unknown) => (asked.push(press), null)
  })
  const hooks = { look: async () => null, editHint: async () => undefined }

  it('tells a press on no card that it is closed, and asks nothing', async () => {
    const asked: unknown[] = []
    const press = { approval: 'approve' as const }
    const click = { card: null, messageId: 'm9', participant: ada, press }
    expect(await pressOnCard(runtime(asked) as never, click, hooks)).toEqual({ kind: 'closed' })
    expect(asked).toEqual([])
  })

  it("settles an approval's button, hands a question's control to runtime.press", async () => {
    const asked: unknown[] = []
    const approvalCard = { ...card, kind: 'approval' as const }
    const click = { messageId: 'm1', participant: ada }
    const approve = { approval: 'approve' as const }
    await pressOnCard(runtime(asked) as never, { ...click, card: approvalCard, press: approve }, hooks)
    const press = { revision: 2, step: 1, control: { kind: 'submit' as const } }
    await pressOnCard(runtime(asked) as never, { ...click, card, press }, hooks)
    expect(asked).toEqual([{ approved: true }, { ...click, card, ...press }])
  })
})
