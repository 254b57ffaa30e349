import { promptedModel as sharedModel } from 'frogbot/testing'

/** The questions Telegram's tests ask, by the word a message asks for (`ask color`), over frogbot/testing's own. */
export const ASKED: Record<string, unknown> = {
  color: { questions: [{ header: 'Color', question: 'Which color should the shed be?', options: [{ label: 'Red', description: 'warm' }, { label: 'Blue' }, { label: 'Green' }] }] },
  extras: { questions: [{ header: 'Extras', question: 'What should the shed have?', options: [{ label: 'Window' }, { label: 'Shelves' }, { label: 'Lock' }], multiple: true, custom: false }] },
  plan: {
    questions: [
      { header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }], custom: false },
      { header: 'Extras', question: 'What should it have?', options: [{ label: 'Window' }, { label: 'Shelves' }, { label: 'Lock' }], multiple: true },
      { header: 'When', question: 'When should it be built?', options: [{ label: 'This month' }, { label: 'Next year' }] }
    ]
  },
  many: { questions: [{ header: 'Number', question: 'Pick a number.', options: Array.from({ length: 20 }, (_, index) => ({ label: `Option ${index + 1}` })), custom: false }] }
}

type Prompt = { role: string; content: unknown }[]

/**
 * frogbot/testing's `promptedModel` with {@link ASKED}: `ask <name>` asks `asked[name]` or
 * {@link ASKED}`[name]`, `long <n>` answers `n` lines, an answer is repeated back, anything else
 * is echoed.
 */
export const promptedModel = ({ asked = {} }: { asked?: Record<string, unknown> } = {}) =>
  // Read through, not copied: a test adds calls to `asked` after it made the model.
  sharedModel({ asked: new Proxy(asked, { get: (own, name: string) => own[name] ?? ASKED[name] }) })
