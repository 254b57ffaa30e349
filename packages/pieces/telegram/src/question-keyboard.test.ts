import { describe, expect, it } from 'vitest'
import { cardTag } from 'frogbot/channels'
import { CALLBACK_DATA_MAX_BYTES, pressData, questionMessage, readPressData } from './question-keyboard.ts'

const tag = cardTag({ chatId: 'chat_1', toolCallId: 'call_1' })

describe('callback_data', () => {
  it('round-trips every action in a few ASCII bytes, the card named by a short id', () => {
    expect(tag).toMatch(/^[A-Za-z0-9_-]{8}$/)
    const actions = [{ kind: 'option', index: 99 }, { kind: 'page', page: 12 }, { kind: 'done' }, { kind: 'type' }, { kind: 'back' }, { kind: 'dismiss' }] as const
    for (const action of actions) {
      const data = pressData({ card: tag, revision: 123456, action })
      expect(Buffer.byteLength(data)).toBeLessThan(CALLBACK_DATA_MAX_BYTES)
      expect(readPressData(data)).toEqual({ card: tag, revision: 123456, action })
    }
  })

  it('reads nothing else: Chat SDK’s own, a verb with a stray argument, a missing one, junk', () => {
    for (const data of ['chat:{"a":"x"}', `${tag}:0:d1`, `${tag}:0:o`, `${tag}:x:o1`, `${tag}:0:o1:more`, '', 'a'.repeat(64)]) expect(readPressData(data)).toBeNull()
  })
})

describe('the question message', () => {
  const questions = [
    { header: 'Extras', question: 'What should it have?', options: [{ label: 'Window' }, { label: 'Lock' }], multiple: true, custom: true },
    { header: 'When', question: 'When?', options: [{ label: 'Soon' }], multiple: false, custom: false }
  ]
  it('shows the step’s question with its toggles, Type your answer, Done and Dismiss; a typist’s view has ‹ Back', () => {
    const partial = { revision: 2, step: 0, selections: [{ selected: ['Lock'] }] }
    const shown = questionMessage({ questions, partial, view: { page: 0 }, tag })
    expect(shown.text.split('\n')).toEqual(['Question 1 of 2', 'Extras', 'What should it have?', '', '1. Window', '2. Lock', '', 'Chosen so far: 1. Tap Done when finished.'])
    expect(shown.reply_markup.inline_keyboard.map((row) => row.map((button) => button.text))).toEqual([['☐ 1. Window'], ['☑ 2. Lock'], ['Type your answer', 'Done'], ['Dismiss']])
    expect(readPressData(shown.reply_markup.inline_keyboard[1][0].callback_data)).toEqual({ card: tag, revision: 2, action: { kind: 'option', index: 1 } })
    const typing = questionMessage({ questions, partial, view: { page: 0, typing: { question: 0, userId: '1', name: 'Ada' } }, tag })
    expect(typing.reply_markup.inline_keyboard.map((row) => row.map((button) => button.text))).toEqual([['‹ Back'], ['Dismiss']])
    expect(typing.text.split('\n').at(-1)).toBe('✍️ Ada is typing an answer: reply to this message with it.')
  })
})
