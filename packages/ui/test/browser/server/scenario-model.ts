import { APICallError, simulateReadableStream } from 'ai'
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test'
import { textStep, toolStep } from '../../../../frogbot/src/testing/scripted-model.ts'

type PromptMessage = { role: string; content: string | { type: string; text?: string; output?: { type: string; value?: unknown } }[] }

/** One single-choice question (the seed's example, with descriptions). */
/** A question whose text and option hold words too long for a phone's width (a URL, an id). */
export const unbrokenQuestion = {
  questions: [
    {
      header: 'Link',
      question: `Is ${'unbroken'.repeat(12)} the right page id?`,
      options: [{ label: `Yes, ${'x'.repeat(120)}` }, { label: 'No' }]
    }
  ]
}

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

/** The call of the planner example's `send_invoice` for "Send the invoice to ACME" (what its offline demo model sends too). */
export const invoiceInput = { customer: 'ACME', amount: 1200, memo: 'Team offsite planning' }

/** The call of `publish_notes` for "Publish the release notes": nested values and a text long enough to fold. */
export const notesInput = {
  title: 'Release 2.4',
  audience: { channel: '#announcements', notify: true },
  sections: [
    { heading: 'New', items: ['Approvals in the chat', 'Quorums of approvers'] },
    { heading: 'Fixed', items: ['Drafts after a reload'] }
  ],
  body: 'This release brings approvals to every door: a tool that needs a person waits for a yes, a no or an edited input before it runs. Quorums let two or more people decide together, and every decision is recorded with who made it and when.'
}

const SLOW_TEXT = 'Thinking it over carefully. '.repeat(3) + 'Here is a long plan that takes a while to write out, step by step, so there is time to send another message. Done.'

/** A reply with every kind of Markdown a model writes, and what must never run or load. */
export const MARKDOWN_REPLY = [
  'Here is the plan, **in bold** and *in italics*, with `inline code` and ~~a struck idea~~.',
  '## Steps',
  '1. Pick the city\n2. Book the venue\n   - with a terrace\n3. Send the invitations',
  '- [x] Budget approved\n- [ ] Menu chosen',
  '| Option | Cost | Note |\n| --- | ---: | --- |\n| City | 1,200 € | Museums |\n| Mountains | 950 € | Hiking |',
  "```ts\nimport { question } from 'frogbot/tools'\n\n// Offer the question tool to the planner.\nexport const tools = [question]\n```",
  'Read [the AI SDK docs](https://ai-sdk.dev/docs), not [this](javascript:window.__pwned=1) or [that](data:text/html,<b>hi</b>).',
  'Raw HTML stays text: <script>window.__pwned = 2</script> <img src=x onerror="window.__pwned = 3"> and ![a tracking pixel](https://tracker.example/pixel.png).',
  '> A quote to end with.'
].join('\n\n')

/** `{"a":{"a":…1…}}` nested `levels` deep, as JSON text. */
export const nestedJson = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)

/** `parts` streamed with a pause of `ms` after the model's first part, as a model that takes a while to start writing. */
function afterAPause(parts: Record<string, unknown>[], ms: number) {
  return new ReadableStream({
    async start(controller) {
      controller.enqueue(parts[0])
      await new Promise((resolve) => setTimeout(resolve, ms))
      for (const part of parts.slice(1)) controller.enqueue(part)
      controller.close()
    }
  }) as never
}

/** `text` streamed in pieces of `size` characters, as a provider streams tokens. */
function streamedText(text: string, size: number) {
  const parts = textStep('x')
  const deltas = Array.from({ length: Math.ceil(text.length / size) }, (_, index) => ({ type: 'text-delta', id: 't1', delta: text.slice(index * size, index * size + size) }))
  return [...parts.slice(0, 2), ...deltas, ...parts.slice(-2)]
}

/**
 * The fixture's model: the newest user message picks a scripted step, and a tool result gets a
 * reply that repeats the answer. Prompts containing:
 * - "color": one single-choice question; "trip": three questions; "toppings": one multi-select;
 * - "invoice": the planner example's `send_invoice` (needs approval; {@link invoiceInput});
 *   with "color", the color question too, in the same step;
 *   "archive": `archive_project` (Ada may not approve it); "release notes": `publish_notes` ({@link notesInput}); "supplier": `pay_supplier` (two
 *   approvals, expires in 2 h); a denial gets "Understood, I did not do it. (…)";
 * - "file": the seed's `pick_file`; "together": `pick_file` and the color question in one step; "budget": `confirm_budget` (no renderer of its own);
 * - "slow": text streamed over about three seconds; "markdown": {@link MARKDOWN_REPLY}, streamed in
 *   small pieces; "deep": a question nested 5,000 levels deep (which the server refuses);
 * - "patiently" with a question: its continuation starts after 2.5 s;
 * - "later" with a question (or "invoice"): the call comes after 1.5 s (time to type in the composer);
 * - "refused key": the first call for that message fails as a provider refusing its key (401),
 *   the next one (Retry) answers;
 * - anything else: a short greeting.
 */
export function scenarioModel() {
  const failedOnce = new Set<string>()
  let calls = 0
  const call = () => `call_${++calls}`
  return new MockLanguageModelV4({
    doStream: async ({ prompt }) => {
      const messages = prompt as unknown as PromptMessage[]
      const last = messages.at(-1)
      const text = lastUserText(messages)
      if (last?.role === 'tool' && Array.isArray(last.content)) {
        const denied = last.content.find((part) => typeof part.output?.value === 'string' && part.output.value.startsWith('Denied by the user.'))
        if (denied) return { stream: convertArrayToReadableStream(textStep(`Understood, I did not do it. (${denied.output!.value as string})`) as never[]) }
        if (last.content.some((part) => part.output?.type?.startsWith('error'))) return { stream: convertArrayToReadableStream(textStep('That did not go through; I will ask more simply.') as never[]) }
        const results = last.content.map((part) => describeOutput(part.output?.value)).join('; ')
        const reply = textStep(`Got it: ${results}. Planning with that.`)
        // "patiently": the continuation takes a while to start, as a real model's may.
        if (/patiently/i.test(text)) return { stream: afterAPause(reply, 2500) }
        return { stream: convertArrayToReadableStream(reply as never[]) }
      }
      if (/refused key/i.test(text) && !failedOnce.has(text)) {
        failedOnce.add(text)
        throw new APICallError({ message: 'Incorrect API key provided: sk-proj-***', url: 'https://api.openai.com/v1/responses', requestBodyValues: {}, statusCode: 401, isRetryable: false })
      }
      if (/later/i.test(text) && /invoice/i.test(text)) {
        return { stream: simulateReadableStream({ chunks: toolStep([{ toolCallId: call(), toolName: 'send_invoice', input: invoiceInput }], 'Let me prepare it.') as never[], initialDelayInMs: 1500, chunkDelayInMs: 0 }) }
      }
      if (/later/i.test(text) && /colou?r/i.test(text)) {
        return { stream: simulateReadableStream({ chunks: toolStep([{ toolCallId: call(), toolName: 'question', input: colorQuestion }], 'Let me think, then ask.') as never[], initialDelayInMs: 1500, chunkDelayInMs: 0 }) }
      }
      if (/markdown/i.test(text)) return { stream: simulateReadableStream({ chunks: streamedText(MARKDOWN_REPLY, 7) as never[], chunkDelayInMs: 12, initialDelayInMs: 50 }) }
      if (/slow/i.test(text)) {
        const parts = textStep(SLOW_TEXT)
        return { stream: simulateReadableStream({ chunks: parts as never[], chunkDelayInMs: 90, initialDelayInMs: 50 }) }
      }
      if (/deep/i.test(text)) {
        const deep = `{"questions":[${nestedJson(5000)}]}`
        return { stream: convertArrayToReadableStream([{ type: 'stream-start', warnings: [] }, { type: 'tool-call', toolCallId: call(), toolName: 'question', input: deep }, ...toolStep([]).slice(-1)] as never[]) }
      }
      // "together": the seed's pick_file and a question in one step, answered through two doors.
      if (/together/i.test(text)) {
        const calls = [
          { toolCallId: call(), toolName: 'pick_file', input: { files: ['notes.md', 'budget.xlsx', 'photo.png'] } },
          { toolCallId: call(), toolName: 'question', input: colorQuestion }
        ]
        return { stream: convertArrayToReadableStream(toolStep(calls, 'Two things first.') as never[]) }
      }
      const step = /invoice/i.test(text) && /colou?r/i.test(text)
        ? toolStep([{ toolCallId: call(), toolName: 'question', input: colorQuestion }, { toolCallId: call(), toolName: 'send_invoice', input: invoiceInput }], 'Two things first.')
        : /invoice/i.test(text)
        ? toolStep([{ toolCallId: call(), toolName: 'send_invoice', input: invoiceInput }], 'I will send it once you approve.')
        : /archive/i.test(text)
        ? toolStep([{ toolCallId: call(), toolName: 'archive_project', input: { project: 'Apollo' } }])
        : /release notes/i.test(text)
        ? toolStep([{ toolCallId: call(), toolName: 'publish_notes', input: notesInput }], 'Here is what I would publish.')
        : /supplier/i.test(text)
        ? toolStep([{ toolCallId: call(), toolName: 'pay_supplier', input: { supplier: 'Paper & Co', amount: 1200 } }], 'This payment needs two approvals.')
        : /unbroken/i.test(text)
        ? toolStep([{ toolCallId: call(), toolName: 'question', input: unbrokenQuestion }], 'One link to check.')
        : /trip/i.test(text)
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
