import { getToolName, isToolUIPart, type UIMessage } from 'ai'
import type { StoredMessage } from '../store/chat-records.ts'
import { CLOSED_TEXT } from './settlement.ts'

/** The `UIMessage` a model and a client see: a stored message without its `settlements`. */
export function toUIMessage({ settlements: _settlements, ...message }: StoredMessage): UIMessage {
  return message
}

/** The text of `parts`: text parts of one step joined as they are, steps separated by a blank line. */
export function textOf(parts: UIMessage['parts']): string {
  const steps: string[] = ['']
  for (const part of parts) {
    if (part.type === 'step-start') steps.push('')
    else if (part.type === 'text') steps[steps.length - 1] += part.text
  }
  return steps.filter((text) => text.trim() !== '').join('\n\n')
}

/** Tool parts that still wait for a result (`input-streaming` or `input-available`). */
export function openToolParts(message: UIMessage) {
  return message.parts.filter(isToolUIPart).filter((part) => part.state === 'input-streaming' || part.state === 'input-available')
}

/**
 * Gives every open tool part except those in `keepOpen` a tool error `Closed without an answer.`,
 * so the stored transcript stays valid for the model: no tool call without a result.
 */
export function closeOpenToolParts(message: UIMessage, keepOpen: Set<string> = new Set()): UIMessage {
  const parts = message.parts.map((part) => {
    if (!isToolUIPart(part) || keepOpen.has(part.toolCallId)) return part
    if (part.state !== 'input-streaming' && part.state !== 'input-available') return part
    const { output: _output, ...rest } = part as typeof part & { output?: unknown }
    return { ...rest, input: part.input ?? {}, state: 'output-error', errorText: CLOSED_TEXT } as unknown as typeof part
  })
  return { ...message, parts }
}

/** Name of a tool part's tool (`tool-question` → `question`, or a dynamic tool's `toolName`). */
export const toolNameOf = getToolName
