import { type DemoQuestion, describeTopic, draftQuestion, listedOptions } from './demo-model-question.ts'
import { capitalise, truncate } from './demo-model-text.ts'

/** What the demo model asks about a message: its lead-in sentence and the questions of one call. */
export type DemoAsk = { lead: string; questions: DemoQuestion[] }

// "Ask me a few questions", "some questions first", "three questions".
const SEVERAL = /\b(a few|several|some|three|multiple|more)\s+questions\b|\bask me questions\b/i
// "Pick any toppings", "choose some of", "select all that apply".
const ANY = /\b(pick|choose|select)\s+(any|some|several|all)\b|\bany of\b|\ball that apply\b/i
// The thing picked: "pick any | toppings".
const PICKED = /\b(?:pick|choose|select)\s+(?:any|some|several|all)\s+(?:of\s+)?(?:the\s+)?([\p{L}][\p{L}-]*)/iu

const EXTRAS = ['A budget', 'A timeline', 'A checklist', 'Who does what']

/**
 * The demo model's question call for `userText`, each of the `question` tool's shapes reachable
 * by the prompt's words (README's first screen):
 * - "a few questions" (several, some, three): three questions that step one at a time with a
 *   review: a single choice with a typed answer allowed, a single choice without one
 *   (`custom: false`), and a multi-select;
 * - "pick any …" (choose some, all that apply): one multi-select question, its options listed in
 *   the message ("cheese, mushrooms or olives"), else four parts of a plan;
 * - otherwise one single-choice question (see `draftQuestion`).
 */
export function demoAsk(userText: string): DemoAsk {
  if (SEVERAL.test(userText)) {
    return {
      lead: 'A few questions first, so the plan fits what you have in mind.',
      questions: [
        draftQuestion(userText),
        {
          header: 'When',
          question: `When should ${truncate(describeTopic(userText), 80)} happen?`,
          options: [
            { label: 'This month', description: 'Soon: book what is still free.' },
            { label: 'Next quarter', description: 'Time to compare offers.' },
            { label: 'Next year', description: 'Plan the big picture first.' }
          ],
          multiple: false,
          custom: false
        },
        { header: 'Include', question: 'What should the plan include?', options: EXTRAS.map((label) => ({ label })), multiple: true }
      ]
    }
  }
  if (ANY.test(userText)) {
    const listed = listedOptions(userText)
    const picked = PICKED.exec(userText)?.[1]
    const noun = picked && !/^(of|the|that|from)$/i.test(picked) ? picked.toLowerCase() : listed.length > 0 ? 'options' : 'parts of the plan'
    return {
      lead: 'Pick as many as you like; I will plan around them.',
      questions: [
        {
          header: truncate(capitalise(noun), 30),
          question: `Which ${noun} should I include?`,
          options: (listed.length > 0 ? listed : EXTRAS).map((label) => ({ label })),
          multiple: true
        }
      ]
    }
  }
  return { lead: 'Before I plan this, I need one decision from you.', questions: [draftQuestion(userText)] }
}
