import { getToolName, isToolUIPart, type UIMessage } from 'ai'
import { CLOSED_TEXT } from '@frogbotai/protocol'
import type { StoredMessage } from '../store/chat-records.ts'
import { clipText } from '../text/clip-text.ts'

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

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A tool input as providers accept it in a transcript: an object. A model that sent arguments that
 * are not JSON (`""`, cut-off JSON) or not an object gets the parsed object when the text is one,
 * else `{}` (README: "How a turn runs": every later turn sends providers a valid transcript).
 */
export function objectInput(input: unknown): Record<string, unknown> {
  if (isPlainObject(input)) return input
  if (typeof input === 'string') {
    try {
      const parsed: unknown = JSON.parse(input)
      if (isPlainObject(parsed)) return parsed
    } catch {
      // not JSON: fall through
    }
  }
  return {}
}

/** Ids of the tool parts of a message that still wait for a result. */
export function openToolCallIds(message: UIMessage): Set<string> {
  return new Set(message.parts.filter(isToolUIPart).filter((part) => part.state === 'input-streaming' || part.state === 'input-available').map((part) => part.toolCallId))
}

/**
 * Makes a message safe to keep and to send to a model again:
 * - every tool part's `input` is an object ({@link objectInput}); a call whose input had to be
 *   replaced while it still waited gets a tool error instead;
 * - every open tool part except those in `keepOpen` gets the tool error `Closed without an
 *   answer.`, so no tool call is left without a result (a turn whose process died, a branch).
 */
export function sealToolParts(message: UIMessage, keepOpen: ReadonlySet<string> = new Set()): UIMessage {
  let changed = false
  const parts = message.parts.map((part) => {
    if (!isToolUIPart(part)) return part
    const open = part.state === 'input-streaming' || part.state === 'input-available'
    const input = objectInput(part.input)
    const inputReplaced = input !== part.input
    if (!inputReplaced && (!open || keepOpen.has(part.toolCallId))) return part
    changed = true
    if (!open || (keepOpen.has(part.toolCallId) && !inputReplaced)) return { ...part, input } as typeof part
    const { output: _output, ...rest } = part as typeof part & { output?: unknown }
    const errorText = inputReplaced ? `The tool input was not a JSON object (${clipText(JSON.stringify(part.input ?? null), 120, '')}).` : CLOSED_TEXT
    return { ...rest, input, state: 'output-error', errorText } as unknown as typeof part
  })
  return changed ? { ...message, parts } : message
}

/**
 * A message whose text and reasoning parts are all ended (`state: 'done'`), as the AI SDK ends
 * them when their stream finishes: a turn that was stopped or failed mid-part never got the
 * part's end chunk, and must not be stored as streaming forever.
 */
export function endStreamingParts(message: UIMessage): UIMessage {
  if (!message.parts.some((part) => (part.type === 'text' || part.type === 'reasoning') && part.state === 'streaming')) return message
  return {
    ...message,
    parts: message.parts.map((part) => ((part.type === 'text' || part.type === 'reasoning') && part.state === 'streaming' ? { ...part, state: 'done' as const } : part))
  }
}

/**
 * `message` marked as the reply a Stop (or the server shutting down) ended, when `stopped`:
 * `metadata.stopped` (`FrogbotMessageMetadata`), kept with the message so every client shows it.
 */
export function markStopped(message: UIMessage, stopped: boolean): UIMessage {
  if (!stopped) return message
  const metadata = typeof message.metadata === 'object' && message.metadata !== null ? message.metadata : {}
  return { ...message, metadata: { ...metadata, stopped: true } }
}

/** Name of a tool part's tool (`tool-question` → `question`, or a dynamic tool's `toolName`). */
export const toolNameOf = getToolName
