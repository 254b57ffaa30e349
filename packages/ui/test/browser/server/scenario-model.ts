import { simulateReadableStream } from 'ai'
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test'
import { textStep, toolStep } from '../../../../frogbot/src/testing/scripted-model.ts'

type PromptMessage = { role: string; content: string | { type: string; text?: string; output?: { type: string; value?: unknown } }[] }

/** One single-choice question (the seed's example, with descriptions). */
export const colorQuestion = {
  questions: [
    {
      header: 'Color',
      question: 'Which color should the invitations be?',
      options: [
        { label: 'Red', description: 'Warm and loud' },
        { label: 'Blue', description: 'Calm and classic' }
      ]
    }
  ]
}

/** Three questions: single choice with a custom answer, single choice without one, multi-select. */
export const tripQuestions = {
  questions: [
    {
      header: 'Place',
      question: 'Where should the team offsite be?',
      options: [
        { label: 'City', description: 'Museums, restaurants, easy travel' },
        { label: 'Mountains', description: 'Hiking and fresh air' },
        { label: 'Coast', description: 'Beaches and boats' }
      ]
    },
    {
      header: 'Length',
      question: 'How long should it last?',
      options: [{ label: 'Weekend' }, { label: 'A week' }],
      custom: false
    },
    {
      header: 'Extras',
      question: 'Which extras should we book?',
      options: [{ label: 'Spa' }, { label: 'Guided tour' }, { label: 'Cooking class' }],
      multiple: true
    }
  ]
}

/** One multi-select question. */
export const toppingsQuestion = {
  questions: [
    {
      header: 'Toppings',
      question: 'Which toppings go on the pizza?',
      options: [{ label: 'Cheese' }, { label: 'Mushrooms' }, { label: 'Olives' }, { label: 'Peppers' }],
      multiple: true
    }
  ]
}

const SLOW_TEXT = 'Thinking it over carefully. '.repeat(3) + 'Here is a long plan that takes a while to write out, step by step, so there is time to send another message. Done.'

/**
 * The fixture's model: the newest user message picks a scripted step, and a tool result gets a
 * reply that repeats the answer. Prompts containing:
 * - "color": one single-choice question; "trip": three questions; "toppings": one multi-select;
 * - "file": the seed's `pick_file`; "budget": `confirm_budget` (no renderer of its own);
 * - "slow": text streamed over about three seconds; anything else: a short greeting.
 */
export function scenarioModel() {
  let calls = 0
  const call = () => `call_${++calls}`
  return new MockLanguageModelV4({
    doStream: async ({ prompt }) => {
      const messages = prompt as unknown as PromptMessage[]
      const last = messages.at(-1)
      if (last?.role === 'tool' && Array.isArray(last.content)) {
        const results = last.content.map((part) => describeOutput(part.output?.value)).join('; ')
        return { stream: convertArrayToReadableStream(textStep(`Got it: ${results}. Planning with that.`) as never[]) }
      }
      const text = lastUserText(messages)
      if (/slow/i.test(text)) {
        const parts = textStep(SLOW_TEXT)
        return { stream: simulateReadableStream({ chunks: parts as never[], chunkDelayInMs: 90, initialDelayInMs: 50 }) }
      }
      const step = /trip/i.test(text)
        ? toolStep([{ toolCallId: call(), toolName: 'question', input: tripQuestions }], 'A few questions first.')
        : /topping/i.test(text)
          ? toolStep([{ toolCallId: call(), toolName: 'question', input: toppingsQuestion }])
          : /colou?r/i.test(text)
            ? toolStep([{ toolCallId: call(), toolName: 'question', input: colorQuestion }], 'Let me ask first.')
            : /file/i.test(text)
              ? toolStep([{ toolCallId: call(), toolName: 'pick_file', input: { files: ['notes.md', 'budget.xlsx', 'photo.png'] } }], 'Which file should I use?')
              : /budget/i.test(text)
                ? toolStep([{ toolCallId: call(), toolName: 'confirm_budget', input: { item: 'Team offsite', amount: 4200, currency: 'EUR' } }])
                : textStep(`Hello! You said: ${text}`)
      return { stream: convertArrayToReadableStream(step as never[]) }
    }
  })
}

function lastUserText(messages: PromptMessage[]): string {
  const user = messages.findLast((message) => message.role === 'user')
  if (!user) return ''
  if (typeof user.content === 'string') return user.content
  return user.content.map((part) => part.text ?? '').join(' ')
}

/** An answer in words: `Color → Blue`, `file → notes.md`. */
function describeOutput(value: unknown): string {
  const answers = (value as { answers?: { header: string; selected: string[]; custom?: string }[] } | null)?.answers
  if (Array.isArray(answers)) return answers.map((a) => `${a.header} → ${[...a.selected, ...(a.custom ? [a.custom] : [])].join(', ')}`).join('; ')
  if (value && typeof value === 'object') return Object.entries(value).map(([key, item]) => `${key} → ${String(item)}`).join('; ')
  return String(value)
}
