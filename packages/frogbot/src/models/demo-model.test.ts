import { readFileSync } from 'node:fs'
import type { LanguageModelV4CallOptions, LanguageModelV4Prompt, LanguageModelV4StreamPart } from '@ai-sdk/provider'
import { generateText, streamText, tool, type ModelMessage } from 'ai'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createDemoModel } from './demo-model.ts'
import { offeredValues } from './demo-model-tool-call.ts'
import { QuestionInput as QuestionInputSchema } from '@frogbotai/protocol'

// Mirrors the seed's QuestionInput / QuestionOutput ("Question and answer shape").
const QuestionInput = z.object({
  questions: z
    .array(
      z.object({
        header: z.string().min(1).max(30),
        question: z.string(),
        options: z.array(z.object({ label: z.string().min(1), description: z.string().optional() })).min(1),
        multiple: z.boolean().optional(),
        custom: z.boolean().optional()
      })
    )
    .min(1)
})
const QuestionOutput = z.object({
  answers: z.array(z.object({ header: z.string(), selected: z.array(z.string()), custom: z.string().optional() }))
})

const question = tool({
  description: 'Ask the user to choose between options.',
  inputSchema: QuestionInput,
  outputSchema: QuestionOutput
})
const getTime = tool({
  description: 'Current time.',
  inputSchema: z.object({}),
  execute: async () => ({ time: '12:00' })
})

const PROMPT = 'Plan a team offsite: should it be in the city or in the mountains?'

async function askFirst() {
  const result = streamText({ model: createDemoModel(), tools: { question }, prompt: PROMPT })
  await result.consumeStream()
  const toolCalls = await result.toolCalls
  const messages: ModelMessage[] = [{ role: 'user', content: PROMPT }, ...(await result.response).messages]
  return { result, toolCalls, messages, call: toolCalls[0] }
}

function withToolResult(messages: ModelMessage[], toolCallId: string, output: object): ModelMessage[] {
  return [
    ...messages,
    { role: 'tool', content: [{ type: 'tool-result', toolCallId, toolName: 'question', output } as never] }
  ]
}

async function readAll(stream: ReadableStream<LanguageModelV4StreamPart>): Promise<LanguageModelV4StreamPart[]> {
  const parts: LanguageModelV4StreamPart[] = []
  for await (const part of stream) parts.push(part)
  return parts
}

const userPrompt = (text: string): LanguageModelV4Prompt => [{ role: 'user', content: [{ type: 'text', text }] }]
const questionTool = { type: 'function' as const, name: 'question', inputSchema: { type: 'object' as const } }
const callOptions = (overrides: Partial<LanguageModelV4CallOptions> = {}): LanguageModelV4CallOptions => ({
  prompt: userPrompt(PROMPT),
  tools: [questionTool],
  ...overrides
})

describe('createDemoModel', () => {
  it('identifies itself as the frogbot demo model', () => {
    const model = createDemoModel()
    expect(model).toMatchObject({ specificationVersion: 'v4', provider: 'frogbot', modelId: 'demo', supportedUrls: {} })
  })

  it('asks a valid question drawn from the "X or Y" phrase and stops with tool-calls', async () => {
    const { result, toolCalls, call } = await askFirst()

    expect(await result.finishReason).toBe('tool-calls')
    expect(await result.text).toBe('Before I plan this, I need one decision from you.')
    expect(toolCalls).toHaveLength(1)
    expect(call.toolName).toBe('question')
    expect(call.invalid).toBeFalsy()
    const input = QuestionInput.parse(call.input)
    expect(input.questions).toHaveLength(1)
    const [asked] = input.questions
    expect(asked.options.map((option) => option.label)).toEqual(['City', 'Mountains'])
    expect(asked.options.every((option) => option.description)).toBe(true)
    expect(asked.multiple).toBe(false)
    expect(asked.header).toBe('Place')
    expect(asked.question).toBe('Should it be in the city or in the mountains?')
    expect(await result.toolResults).toEqual([])
    expect((await result.steps)).toHaveLength(1)
  })

  it('continues with the answer in Markdown: the choice in bold, a numbered plan and a table for the request, finishes with stop', async () => {
    const { messages, call } = await askFirst()
    const continued = streamText({
      model: createDemoModel(),
      tools: { question },
      messages: withToolResult(messages, call.toolCallId, {
        type: 'json',
        value: { answers: [{ header: 'Place', selected: ['Mountains'] }] }
      })
    })
    const text = await continued.text

    expect(await continued.finishReason).toBe('stop')
    expect(await continued.toolCalls).toEqual([])
    expect(text).toMatch(/^You chose \*\*Mountains\*\* for Place\. Here is a plan built around that:\n\n1\. \*\*Settle the basics\*\*: /)
    expect(text).toContain('a team offsite, with **Mountains** as the fixed point')
    // examples/nextjs/README.md showed "You chose Mountains …"; what is sent is in Markdown.
    const nextReadme = readFileSync(new URL('../../../../examples/nextjs/README.md', import.meta.url), 'utf8')
    const shown = /"text": "(You chose [^"…]*)…"/.exec(nextReadme)?.[1]
    expect(shown).toBe('You chose **Mountains** for Place. ')
    expect(text.startsWith(shown!)).toBe(true)
    expect(text).toMatch(/\n2\. .*\n3\. /)
    expect(text).toContain('| Step | Who | When |\n| --- | --- | --- |')
    expect(text).toMatch(/\*This reply comes from the offline demo model.*\*$/)
  })

  it('handles several selections and a custom answer', async () => {
    const { messages, call } = await askFirst()
    const several = await generateText({
      model: createDemoModel(),
      tools: { question },
      messages: withToolResult(messages, call.toolCallId, {
        type: 'json',
        value: { answers: [{ header: 'Place', selected: ['City', 'Mountains'] }] }
      })
    })
    expect(several.text).toMatch(/^You chose \*\*City\*\* and \*\*Mountains\*\* for Place\./)

    const custom = await generateText({
      model: createDemoModel(),
      tools: { question },
      messages: withToolResult(messages, call.toolCallId, {
        type: 'json',
        value: { answers: [{ header: 'Place', selected: [], custom: 'a lake house' }] }
      })
    })
    expect(custom.text).toMatch(/^For Place you wrote: "a lake house"\./)
    expect(custom.text).toContain('"a lake house" as the fixed point')
    expect(custom.finishReason).toBe('stop')
  })

  // A typed answer of 119 letters and frogs was cut in the middle of the frog at 120: a lone surrogate was stored.
  it('cuts a long typed answer between characters, never inside an emoji', async () => {
    const { messages, call } = await askFirst()
    const typed = `${'a'.repeat(118)}🐸🐸🐸 and more`
    const reply = await generateText({
      model: createDemoModel(),
      tools: { question },
      messages: withToolResult(messages, call.toolCallId, { type: 'json', value: { answers: [{ header: 'Place', selected: [], custom: typed }] } })
    })
    expect(reply.text).toContain(`you wrote: "${'a'.repeat(118)}…"`)
    expect(reply.text.isWellFormed()).toBe(true)
    expect(reply.text).not.toContain('\ufffd')
  })

  it('acknowledges a dismissed question and proceeds without an answer', async () => {
    const { messages, call } = await askFirst()
    const result = streamText({
      model: createDemoModel(),
      tools: { question },
      messages: withToolResult(messages, call.toolCallId, { type: 'error-text', value: 'Dismissed by the user.' })
    })
    const text = await result.text

    expect(await result.finishReason).toBe('stop')
    expect(await result.toolCalls).toEqual([])
    expect(text).toMatch(/^No answer was given to the question \(Dismissed by the user\.\), so I will proceed without it\./)
    expect(text).toContain('a team offsite')
    expect(text).not.toContain('Mountains')
  })

  it('summarises the result of any other tool', async () => {
    const model = createDemoModel()
    const result = await model.doGenerate({
      prompt: [
        ...userPrompt('What time is it?'),
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 't1', toolName: 'getTime', input: {} }] },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 't1', toolName: 'getTime', output: { type: 'json', value: { time: '12:00' } } }] }
      ],
      tools: [questionTool]
    })
    expect(result.finishReason).toEqual({ unified: 'stop', raw: 'stop' })
    expect(result.content).toEqual([{ type: 'text', text: expect.stringMatching(/^The getTime tool returned \{"time":"12:00"\}\./) }])
  })

  it('calls a client tool the message names, with input sampled from its schema and the file names offered', async () => {
    const pickFile = tool({
      description: 'Ask the user which of several files to use.',
      inputSchema: z.object({ files: z.array(z.string()).min(1) }),
      outputSchema: z.object({ file: z.string() })
    })
    const result = streamText({ model: createDemoModel(), tools: { question, pick_file: pickFile }, prompt: 'Pick a file: plan.md, budget.csv or notes.txt' })
    await result.consumeStream()
    expect(await result.finishReason).toBe('tool-calls')
    expect((await result.toolCalls).map(({ toolName, input }) => ({ toolName, input }))).toEqual([
      { toolName: 'pick_file', input: { files: ['plan.md', 'budget.csv', 'notes.txt'] } }
    ])
    expect(await result.text).toBe('Let me use pick_file for this.')
  })

  it('fills a named tool\'s input from its schema when the message offers no values, and calls it once per user message', async () => {
    const fileTool = { type: 'function' as const, name: 'pick_file', inputSchema: { type: 'object' as const, properties: { files: { type: 'array' as const, items: { type: 'string' as const }, minItems: 1 }, limit: { type: 'integer' as const, minimum: 2 }, mode: { enum: ['fast', 'slow'] } } } }
    const first = await createDemoModel().doGenerate(callOptions({ prompt: userPrompt('use pick_file please'), tools: [questionTool, fileTool] }))
    expect(first.content).toContainEqual({ type: 'tool-call', toolCallId: expect.any(String), toolName: 'pick_file', input: JSON.stringify({ files: ['plan.md', 'notes.txt'], limit: 2, mode: 'fast' }) })
    const after = await createDemoModel().doGenerate(callOptions({
      prompt: [
        ...userPrompt('use pick_file please'),
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'pick_file', input: {} }] },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'pick_file', output: { type: 'json', value: { file: 'plan.md' } } }] }
      ],
      tools: [questionTool, fileTool]
    }))
    expect(after.content).toEqual([{ type: 'text', text: expect.stringMatching(/^The pick_file tool returned \{"file":"plan.md"\}\./) }])
  })

  it('samples numbers its tool\'s schema accepts: a positive amount is not 0, bounds and steps are kept', async () => {
    // The docs' approvals sample: "Send the invoice to ACME" with amount: z.number().positive() got 0.
    const schema = z.object({
      amount: z.number().positive(),
      count: z.number().int().positive(),
      share: z.number().gt(0).lt(1),
      floor: z.number().min(0),
      big: z.number().int().min(10).multipleOf(5),
      negative: z.number().max(-3),
      small: z.number().gt(-1).lt(0)
    })
    const sendInvoice = { type: 'function' as const, name: 'send_invoice', inputSchema: z.toJSONSchema(schema) as never }
    const result = await createDemoModel().doGenerate(callOptions({ prompt: userPrompt('Send the invoice to ACME'), tools: [questionTool, sendInvoice] }))
    const call = result.content.find((part) => part.type === 'tool-call')
    const input = JSON.parse((call as { input: string }).input)
    expect(schema.safeParse(input).success).toBe(true)
    expect(input).toEqual({ amount: 1, count: 1, share: 0.5, floor: 1, big: 10, negative: -3, small: -0.5 })
  })

  it('does not call a named tool that toolChoice rules out, and asks its question instead', async () => {
    const fileTool = { type: 'function' as const, name: 'pick_file', inputSchema: { type: 'object' as const } }
    const result = await createDemoModel().doGenerate(callOptions({ prompt: userPrompt('pick file: a.md or b.md'), tools: [questionTool, fileTool], toolChoice: { type: 'tool', toolName: 'question' } }))
    expect(result.content).toContainEqual(expect.objectContaining({ type: 'tool-call', toolName: 'question' }))
  })

  it('reads only the start of a huge prompt: a megabyte of text that once made its file-name pattern backtrack for minutes is answered at once', async () => {
    const fileTool = { type: 'function' as const, name: 'pick_file', inputSchema: { type: 'object' as const, properties: { files: { type: 'array' as const, items: { type: 'string' as const } } } } }
    for (const text of ['a'.repeat(1_000_000), 'x.'.repeat(500_000), `Pick a file: ${'q'.repeat(1_000_000)}`, 'city or mountains '.repeat(60_000)]) {
      const result = await createDemoModel().doGenerate(callOptions({ prompt: userPrompt(text), tools: [questionTool, fileTool] }))
      expect(result.finishReason.unified).toBe('tool-calls')
    }
  })

  it('offers the file names of a message, not the rest of its sentence', () => {
    expect(offeredValues('Pick a file: plan.md or notes.txt, and should it be city or mountains?')).toEqual(['plan.md', 'notes.txt'])
    expect(offeredValues('Pick a file: the "draft plan" or the "final plan"')).toEqual(['draft plan', 'final plan'])
    expect(offeredValues('Pick one: red, green or blue. Then plan.')).toEqual(['red', 'green', 'blue'])
    expect(offeredValues('Nothing to offer here')).toEqual([])
    expect(offeredValues('Send the invoice to ACME')).toEqual(['ACME'])
    expect(offeredValues('Send the invoice to Blue Harbor Ltd.')).toEqual(['Blue Harbor Ltd'])
  })

  it('echoes the request as plain text when no question tool is offered', async () => {
    for (const tools of [undefined, { getTime }]) {
      const result = streamText({ model: createDemoModel(), tools, prompt: PROMPT })
      expect(await result.finishReason).toBe('stop')
      expect(await result.toolCalls).toEqual([])
      expect(await result.text).toMatch(new RegExp(`^\\(demo model\\) You said: "${PROMPT.replace(/[?()]/g, '\\$&')}"\\. `))
    }
  })

  it('falls back to generic options when the request names no alternatives', async () => {
    const result = await generateText({ model: createDemoModel(), tools: { question }, prompt: 'Plan my week' })
    expect(result.finishReason).toBe('tool-calls')
    const input = QuestionInput.parse(result.toolCalls[0].input)
    expect(input.questions[0].options.map((option) => option.label)).toEqual(['Keep it simple', 'Go all in'])
    expect(input.questions[0].question).toContain('my week')
  })

  it('reads lists of three options and "or not" questions', async () => {
    const labelsFor = async (prompt: string) => {
      const result = await generateText({ model: createDemoModel(), tools: { question }, prompt })
      const [asked] = QuestionInput.parse(result.toolCalls[0].input).questions
      return asked.options.map((option) => option.label)
    }
    expect(await labelsFor('Design a logo. Should it be red, green, or blue?')).toEqual(['Red', 'Green', 'Blue'])
    expect(await labelsFor('Plan a dinner, should we cook pasta, pizza or salad?')).toEqual(['Pasta', 'Pizza', 'Salad'])
    expect(await labelsFor('Should we go with React or Vue for the admin?')).toEqual(['React', 'Vue'])
    expect(await labelsFor('Should we hold a retro or not?')).toEqual(['Yes', 'No'])
  })

  it('asks only once per user message, and again after a new one', async () => {
    const model = createDemoModel()
    const asked: LanguageModelV4Prompt = [
      ...userPrompt(PROMPT),
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'q1', toolName: 'question', input: {} }] }
    ]
    const again = await model.doGenerate(callOptions({ prompt: asked }))
    expect(again.finishReason.unified).toBe('stop')
    expect(again.content.some((part) => part.type === 'tool-call')).toBe(false)

    const next = await model.doGenerate(callOptions({ prompt: [...asked, ...userPrompt('Now the dinner: pizza or sushi?')] }))
    expect(next.finishReason.unified).toBe('tool-calls')
  })

  it('asks three questions for "a few questions": a single choice, one without a typed answer, and a multi-select', async () => {
    const result = await generateText({ model: createDemoModel(), tools: { question }, prompt: 'Ask me a few questions about a team offsite' })
    expect(result.finishReason).toBe('tool-calls')
    expect(result.text).toBe('A few questions first, so the plan fits what you have in mind.')
    const input = QuestionInputSchema.parse(result.toolCalls[0].input)
    expect(input.questions.map(({ header, multiple, custom }) => ({ header, multiple, custom }))).toEqual([
      { header: 'Approach', multiple: false, custom: true },
      { header: 'When', multiple: false, custom: false },
      { header: 'Include', multiple: true, custom: true }
    ])
    expect(input.questions[0].question).toBe('How far should the plan for a team offsite go?')
    expect(input.questions[1].question).toBe('When should a team offsite happen?')

    const messages: ModelMessage[] = [{ role: 'user', content: 'Ask me a few questions about a team offsite' }, ...result.response.messages]
    const answers = [
      { header: 'Approach', selected: ['Keep it simple'] },
      { header: 'When', selected: ['This month'] },
      { header: 'Include', selected: ['A budget', 'A timeline'] }
    ]
    const continued = await generateText({ model: createDemoModel(), tools: { question }, messages: withToolResult(messages, result.toolCalls[0].toolCallId, { type: 'json', value: { answers } }) })
    expect(continued.text).toMatch(/^You chose \*\*Keep it simple\*\* for Approach, \*\*This month\*\* for When and \*\*A budget\*\* and \*\*A timeline\*\* for Include\. /)
  })

  it('asks one multi-select question for "pick any …", with the options the message lists', async () => {
    const labelsOf = async (prompt: string) => {
      const result = await generateText({ model: createDemoModel(), tools: { question }, prompt })
      const [asked] = QuestionInputSchema.parse(result.toolCalls[0].input).questions
      return { header: asked.header, question: asked.question, multiple: asked.multiple, labels: asked.options.map((option) => option.label) }
    }
    expect(await labelsOf('Pick any toppings: cheese, mushrooms, olives or peppers')).toEqual({
      header: 'Toppings',
      question: 'Which toppings should I include?',
      multiple: true,
      labels: ['Cheese', 'Mushrooms', 'Olives', 'Peppers']
    })
    expect((await labelsOf('Choose some for the trip')).labels).toEqual(['A budget', 'A timeline', 'A checklist', 'Who does what'])
  })

  it('asks a yes-or-no decision without a typed answer', async () => {
    const result = await generateText({ model: createDemoModel(), tools: { question }, prompt: 'Should we hold a retro or not?' })
    const [asked] = QuestionInputSchema.parse(result.toolCalls[0].input).questions
    expect([asked.header, asked.custom, asked.options.map((option) => option.label)]).toEqual(['Decision', false, ['Yes', 'No']])
  })

  it('shows its Markdown sample when asked, and escapes what a person wrote in its plan', async () => {
    const sample = await generateText({ model: createDemoModel(), tools: { question }, prompt: 'Show me some Markdown' })
    expect(sample.finishReason).toBe('stop')
    for (const piece of ['## A heading', '**bold**', '[link to the AI SDK](https://ai-sdk.dev)', '- [x] ', '| Option | Cost | Note |', '```ts\n', '> A quote']) expect(sample.text).toContain(piece)

    const { messages, call } = await askFirst()
    const continued = await generateText({
      model: createDemoModel(),
      tools: { question },
      messages: withToolResult(messages, call.toolCallId, { type: 'json', value: { answers: [{ header: 'Place', selected: [], custom: 'a *lake* | house <b>' }] } })
    })
    expect(continued.text).toMatch(/^For Place you wrote: "a \\\*lake\\\* \\\| house \\<b\\>"\./)
  })

  it('does not call the tool when toolChoice is none', async () => {
    const result = await createDemoModel().doGenerate(callOptions({ toolChoice: { type: 'none' } }))
    expect(result.finishReason.unified).toBe('stop')
    expect(result.content).toHaveLength(1)
  })

  it('works with generateText', async () => {
    const result = await generateText({ model: createDemoModel(), tools: { question }, prompt: PROMPT })
    expect(result.finishReason).toBe('tool-calls')
    expect(result.text).toBe('Before I plan this, I need one decision from you.')
    expect(result.toolCalls).toHaveLength(1)
    expect(QuestionInput.safeParse(result.toolCalls[0].input).success).toBe(true)
    expect(result.usage.outputTokens).toBeGreaterThan(0)
    expect(result.usage.inputTokens).toBe(14)
  })

  it('streams like a provider: text in word groups, tool input deltas, then the call and finish', async () => {
    const { stream } = await createDemoModel().doStream(callOptions())
    const parts = await readAll(stream)
    const types = parts.map((part) => part.type)
    const deltas = parts.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : []))
    const inputDeltas = parts.flatMap((part) => (part.type === 'tool-input-delta' ? [part.delta] : []))
    const call = parts.find((part) => part.type === 'tool-call')

    expect(types[0]).toBe('stream-start')
    expect(types[1]).toBe('response-metadata')
    expect(types.slice(2, 3)).toEqual(['text-start'])
    expect(deltas.length).toBeGreaterThan(2)
    expect(deltas.join('')).toBe('Before I plan this, I need one decision from you.')
    expect(types.slice(types.indexOf('text-end'))).toEqual([
      'text-end', 'tool-input-start', ...inputDeltas.map(() => 'tool-input-delta'), 'tool-input-end', 'tool-call', 'finish'
    ])
    expect(inputDeltas.length).toBeGreaterThan(1)
    expect(call?.type === 'tool-call' && inputDeltas.join('') === call.input).toBe(true)
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: { unified: 'tool-calls', raw: 'tool-calls' },
      usage: {
        inputTokens: { total: 14, noCache: 14, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: expect.any(Number), text: expect.any(Number), reasoning: 0 }
      }
    })
  })

  it('is deterministic: the same prompt gives the same output, a longer prompt a new call id', async () => {
    const first = await readAll((await createDemoModel().doStream(callOptions())).stream)
    const second = await readAll((await createDemoModel().doStream(callOptions())).stream)
    expect(second).toEqual(first)

    const generated = await createDemoModel().doGenerate(callOptions())
    const streamedCall = first.find((part) => part.type === 'tool-call')
    expect(generated.content).toEqual([
      { type: 'text', text: 'Before I plan this, I need one decision from you.' },
      streamedCall
    ])

    const [a, b] = await Promise.all([askFirst(), askFirst()])
    expect(b.call.toolCallId).toBe(a.call.toolCallId)
    expect(b.call.input).toEqual(a.call.input)

    const longer = await createDemoModel().doGenerate(callOptions({
      prompt: [...userPrompt('Hello'), { role: 'assistant', content: [{ type: 'text', text: 'Hi' }] }, ...userPrompt(PROMPT)]
    }))
    const longerCall = longer.content.find((part) => part.type === 'tool-call')
    expect(longerCall?.type === 'tool-call' && longerCall.toolCallId).not.toBe(streamedCall?.type === 'tool-call' && streamedCall.toolCallId)
  })

  it('waits chunkDelayMs between chunks', async () => {
    const started = performance.now()
    const parts = await readAll((await createDemoModel({ chunkDelayMs: 5 }).doStream(callOptions())).stream)
    const chunks = parts.filter((part) => part.type === 'text-delta' || part.type === 'tool-input-delta').length
    expect(performance.now() - started).toBeGreaterThanOrEqual(chunks * 4)
  })

  it('respects the abort signal', async () => {
    const aborted = AbortSignal.abort()
    await expect(createDemoModel().doGenerate(callOptions({ abortSignal: aborted }))).rejects.toThrow()
    await expect(createDemoModel().doStream(callOptions({ abortSignal: aborted }))).rejects.toThrow()

    const controller = new AbortController()
    const { stream } = await createDemoModel({ chunkDelayMs: 20 }).doStream(callOptions({ abortSignal: controller.signal }))
    const reader = stream.getReader()
    const received: LanguageModelV4StreamPart[] = []
    const reading = (async () => {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        received.push(value)
        if (value.type === 'text-delta') controller.abort()
      }
    })()
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' })
    expect(received.filter((part) => part.type === 'text-delta')).toHaveLength(1)
    expect(received.some((part) => part.type === 'finish')).toBe(false)

    const aborts: unknown[] = []
    const viaSdk = streamText({
      model: createDemoModel({ chunkDelayMs: 20 }),
      tools: { question },
      prompt: PROMPT,
      abortSignal: AbortSignal.timeout(30),
      onAbort: (event) => { aborts.push(event) }
    })
    await viaSdk.consumeStream({ onError: () => {} })
    expect(aborts).toHaveLength(1)
  })
})
