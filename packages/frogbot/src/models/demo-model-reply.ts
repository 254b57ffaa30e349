import type {
  JSONValue,
  LanguageModelV4CallOptions,
  LanguageModelV4Message,
  LanguageModelV4Prompt,
  LanguageModelV4ToolResultOutput,
  LanguageModelV4ToolResultPart
} from '@ai-sdk/provider'
import { asksForMarkdown, MARKDOWN_SAMPLE } from './demo-model-markdown.ts'
import { type DemoAnswer, planReply } from './demo-model-plan.ts'
import { describeTopic } from './demo-model-question.ts'
import { demoAsk } from './demo-model-questions.ts'
import { hashText, truncate } from './demo-model-text.ts'
import { demoTitle } from './demo-model-title.ts'
import { TITLE_INSTRUCTIONS } from './chat-title-instructions.ts'
import { namedTool, offeredValues, sampleInput } from './demo-model-tool-call.ts'
import { cutIndex } from '../text/clip-text.ts'
import { DENIED_TEXT } from '@frogbotai/protocol'

/** The name of the tool the demo model asks with (seed: "Ask the user questions"). */
export const QUESTION_TOOL_NAME = 'question'

/** A tool call the demo model makes; `input` is JSON text, as providers send it. */
export type DemoToolCall = { toolCallId: string; toolName: string; input: string }

/** Everything one demo model call produces, before it is streamed or returned whole. */
export type DemoReply = {
  text: string
  toolCalls: DemoToolCall[]
  finishReason: 'stop' | 'tool-calls'
  /** Stable for the same prompt; used for the response id and tool call ids. */
  fingerprint: string
}

/** How much of the latest user message the demo model reads, in characters. */
const READ_CHARACTERS = 4_000

function messageText(message: LanguageModelV4Message): string {
  if (message.role === 'system') return message.content
  return message.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .filter(Boolean)
    .join('\n')
}

function fingerprintOf(prompt: LanguageModelV4Prompt): string {
  const digest = prompt
    .map((message) => {
      if (message.role === 'system') return `system:${message.content}`
      const parts = message.content.map((part) => {
        if (part.type === 'text') return part.text
        if (part.type === 'tool-call') return `call:${part.toolCallId}:${part.toolName}`
        if (part.type === 'tool-result') return `result:${part.toolCallId}:${JSON.stringify(part.output)}`
        return part.type
      })
      return `${message.role}:${parts.join('|')}`
    })
    .join('\n')
  return `${prompt.length}_${hashText(digest)}`
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

// The answer shape of the seed's QuestionOutput; anything else is reported as a plain result.
function readAnswers(value: JSONValue): DemoAnswer[] | undefined {
  if (!isRecord(value) || !Array.isArray(value.answers)) return undefined
  const read: DemoAnswer[] = []
  for (const answer of value.answers as unknown[]) {
    if (!isRecord(answer)) return undefined
    const selected = Array.isArray(answer.selected)
      ? (answer.selected as unknown[]).filter((item): item is string => typeof item === 'string')
      : []
    read.push({
      header: typeof answer.header === 'string' ? answer.header : 'the question',
      selected,
      custom: typeof answer.custom === 'string' && answer.custom.trim() ? answer.custom.trim() : undefined
    })
  }
  return read.length > 0 ? read : undefined
}

function describeOutput(output: LanguageModelV4ToolResultOutput): { failed: boolean; text: string } {
  switch (output.type) {
    case 'error-text':
      return { failed: true, text: output.value }
    case 'error-json':
      return { failed: true, text: JSON.stringify(output.value) }
    case 'execution-denied':
      return { failed: true, text: output.reason ?? 'The call was denied.' }
    case 'text':
      return { failed: false, text: output.value }
    case 'json':
      return { failed: false, text: JSON.stringify(output.value) ?? 'null' }
    case 'content':
      return { failed: false, text: output.value.map((item) => (item.type === 'text' ? item.text : `[${item.type}]`)).join(' ') }
  }
}

function answersIn(output: LanguageModelV4ToolResultOutput): DemoAnswer[] | undefined {
  if (output.type === 'json') return readAnswers(output.value)
  if (output.type === 'text' && output.value.trim()) return [{ header: 'the question', selected: [], custom: output.value.trim() }]
  return undefined
}

function replyToQuestionResult(result: LanguageModelV4ToolResultPart, topic: string): string {
  const answers = answersIn(result.output)
  if (answers) return planReply({ answers, topic })
  const { failed, text } = describeOutput(result.output)
  return planReply({ topic, reason: failed ? text : undefined })
}

function replyToOtherResults(results: LanguageModelV4ToolResultPart[]): string {
  const sentences = results.slice(0, 3).map((result) => {
    const { failed, text } = describeOutput(result.output)
    // A person's no (docs/agents/approvals.md) is not a failure of the tool.
    if (failed && text.startsWith(DENIED_TEXT)) return `You denied ${result.toolName}, so I did not run it (${truncate(text, 160)}).`
    return failed
      ? `The ${result.toolName} tool failed: ${truncate(text, 160)}.`
      : `The ${result.toolName} tool returned ${truncate(text, 160)}.`
  })
  return `${sentences.join(' ')} This is the offline demo model, so it reports results as they are instead of interpreting them.`
}

function echo(userText: string): string {
  const said = userText.trim()
    ? `You said: "${truncate(userText, 200)}".`
    : 'There is no user message to reply to.'
  return `(demo model) ${said} This offline demo model only echoes messages and asks a sample question when the question tool is offered; configure a model provider (for example OPENAI_API_KEY) for real replies.`
}

/**
 * Decides what the demo model says for one call, from `prompt`, `tools` and `toolChoice` alone:
 * answers a tool result in the last message (a plan in Markdown after a `question`); calls another
 * offered tool once per user message when that message names it (input sampled from the tool's
 * schema, see `demo-model-tool-call.ts`); shows its Markdown sample when asked for "Markdown";
 * asks `question` once per user message when it is offered (see `demoAsk` for the shapes);
 * otherwise echoes the latest user message. FrogBot's request for a chat's title (its
 * `TITLE_INSTRUCTIONS`) is answered with a title of the message (see `demoTitle`).
 */
export function planDemoReply(options: Pick<LanguageModelV4CallOptions, 'prompt' | 'tools' | 'toolChoice'>): DemoReply {
  const { prompt, tools = [], toolChoice } = options
  const fingerprint = fingerprintOf(prompt)
  const userIndex = prompt.findLastIndex((message) => message.role === 'user')
  // The script reads the start of the message only, so a huge prompt costs no more than a long one.
  const fullText = userIndex >= 0 ? messageText(prompt[userIndex]) : ''
  const userText = fullText.slice(0, cutIndex(fullText, READ_CHARACTERS))
  const last = prompt[prompt.length - 1]
  if (prompt[0]?.role === 'system' && prompt[0].content === TITLE_INSTRUCTIONS) return { text: demoTitle(userText), toolCalls: [], finishReason: 'stop', fingerprint }

  const results = last?.role === 'tool'
    ? last.content.filter((part): part is LanguageModelV4ToolResultPart => part.type === 'tool-result')
    : []
  if (results.length > 0) {
    const questionResult = results.findLast((part) => part.toolName === QUESTION_TOOL_NAME)
    const text = questionResult ? replyToQuestionResult(questionResult, describeTopic(userText)) : replyToOtherResults(results)
    return { text, toolCalls: [], finishReason: 'stop', fingerprint }
  }

  const functionTools = tools.filter((tool) => tool.type === 'function')
  const allows = (name: string) => toolChoice === undefined || toolChoice.type === 'auto' || toolChoice.type === 'required' ||
    (toolChoice.type === 'tool' && toolChoice.toolName === name)
  const calledSinceUser = (name: string) => prompt.slice(userIndex + 1).some((message) =>
    message.role === 'assistant' && message.content.some((part) => part.type === 'tool-call' && part.toolName === name)
  )

  const named = namedTool(functionTools, userText, QUESTION_TOOL_NAME)
  if (named && allows(named.name) && !calledSinceUser(named.name)) {
    const input = JSON.stringify(sampleInput(named.inputSchema, offeredValues(userText)))
    return {
      text: `Let me use ${named.name} for this.`,
      toolCalls: [{ toolCallId: `call_demo_${fingerprint}`, toolName: named.name, input }],
      finishReason: 'tool-calls',
      fingerprint
    }
  }

  if (asksForMarkdown(userText)) return { text: MARKDOWN_SAMPLE, toolCalls: [], finishReason: 'stop', fingerprint }

  const offered = functionTools.some((tool) => tool.name === QUESTION_TOOL_NAME)
  if (offered && allows(QUESTION_TOOL_NAME) && !calledSinceUser(QUESTION_TOOL_NAME) && userText.trim()) {
    const ask = demoAsk(userText)
    const input = JSON.stringify({ questions: ask.questions })
    return {
      text: ask.lead,
      toolCalls: [{ toolCallId: `call_demo_${fingerprint}`, toolName: QUESTION_TOOL_NAME, input }],
      finishReason: 'tool-calls',
      fingerprint
    }
  }

  return { text: echo(userText), toolCalls: [], finishReason: 'stop', fingerprint }
}
