import type { PendingCall, SettlementWithPart } from '@frogbotai/protocol'
import { describe, expect, it } from 'vitest'
import type { QuestionCard } from './question-cards.ts'
import { questionDrawing } from './question-drawing.ts'

const input = { questions: [{ header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] }] }
const card = (cardInput: unknown): QuestionCard => ({ chatId: 'c', toolCallId: 't', toolName: 'question', thread: 'th', messageIds: ['m1'], input: cardInput })
const chat = {} as never
const settlement = (fields: Partial<SettlementWithPart>) => ({ outcome: 'answered', by: { channel: { piece: 'slack', userId: 'U1', name: 'ada' } }, ...fields }) as SettlementWithPart

function recorded() {
  const drawn: unknown[] = []
  const drawing = questionDrawing({
    nameOf: (by) => ('channel' in by ? `<@${by.channel.userId}>` : '?'),
    draw: async (options) => (drawn.push(options), ['m1']),
    drawSettled: async (options) => void drawn.push(options)
  })
  return { drawn, drawing }
}

describe('questionDrawing', () => {
  it("draws a call's questions with its facts, and throws for a call that is not a question", async () => {
    const { drawn, drawing } = recorded()
    const call = { toolCallId: 'call_1', toolName: 'question', input } as PendingCall
    expect(await drawing.drawCall({ chat, thread: 'th', call, facts: ['Waiting for Dana'] })).toEqual(['m1'])
    expect(drawn).toEqual([{ thread: 'th', questions: [expect.objectContaining({ header: 'Color', multiple: false, custom: true })], facts: ['Waiting for Dana'], call }])
    await expect(drawing.drawCall({ chat, thread: 'th', call: { ...call, toolName: 'send', input: { to: 'x' } }, facts: [] })).rejects.toThrow('the input of call call_1 (send) is not a question')
  })

  it('replaces a settled card with the answer and who settled it (null for FrogBot), and leaves a card that is not a question', async () => {
    const { drawn, drawing } = recorded()
    const output = { answers: [{ header: 'Color', selected: ['Blue'] }] }
    await drawing.drawSettled({ chat, card: card(input), settlement: settlement({ part: { output } } as never) })
    await drawing.drawSettled({ chat, card: card(input), settlement: settlement({ outcome: 'cancelled', by: { system: true } as never, part: { errorText: 'Stopped.' } } as never) })
    await drawing.drawSettled({ chat, card: card({ to: 'x' }), settlement: settlement({}) })
    expect(drawn).toEqual([
      expect.objectContaining({ output, actor: { outcome: 'answered', who: '<@U1>', reason: undefined, errorText: undefined } }),
      expect.objectContaining({ output: null, actor: { outcome: 'cancelled', who: null, reason: undefined, errorText: 'Stopped.' } })
    ])
  })

  it('names who settled by the NameOf nameFor looked up for them, and hands on the settlement and that NameOf', async () => {
    const drawn: { actor: { who: string | null }; settlement: unknown; nameOf: (by: never) => string }[] = []
    const asked: unknown[] = []
    const drawing = questionDrawing({
      nameFor: async (by) => (asked.push(by), (named) => ('channel' in named ? `${named.channel.name} (@ada)` : 'FrogBot')),
      draw: async () => ['m1'],
      drawSettled: async (options) => void drawn.push(options)
    })
    const answered = settlement({ part: { output: { answers: [] } } } as never)
    await drawing.drawSettled({ chat, card: card(input), settlement: answered })
    expect(asked).toEqual([answered.by])
    expect(drawn[0]).toMatchObject({ actor: { outcome: 'answered', who: 'ada (@ada)' }, settlement: answered })
    expect(drawn[0].nameOf({ system: true } as never)).toBe('FrogBot')
  })

  it('names who settled plainly where no nameOf is given', async () => {
    const drawn: { actor: { who: string | null } }[] = []
    const drawing = questionDrawing({ draw: async () => ['m1'], drawSettled: async (options) => void drawn.push(options) })
    await drawing.drawSettled({ chat, card: card(input), settlement: settlement({}) })
    expect(drawn[0].actor.who).toBe('ada')
  })
})
