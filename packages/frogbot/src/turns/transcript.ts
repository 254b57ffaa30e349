import { getToolName, isToolUIPart, type UIMessage } from 'ai'
import { APPROVED_NOT_FINISHED_TEXT, CLOSED_TEXT, deniedText } from '@frogbotai/protocol'
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
 * else `{}` (docs/chat/turns.md: every later turn sends providers a valid transcript).
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

/** Tool part states without a result: a call still streaming or waiting, an approval asked, an approved call whose tool has not run. */
const OPEN_STATES = new Set(['input-streaming', 'input-available', 'approval-requested', 'approval-responded'])

/** Ids of the tool parts of a message that still wait for a result (an approved call whose tool is about to run aside). */
export function openToolCallIds(message: UIMessage): Set<string> {
  return new Set(
    message.parts
      .filter(isToolUIPart)
      .filter((part) => OPEN_STATES.has(part.state) && part.state !== 'approval-responded')
      .map((part) => part.toolCallId)
  )
}

/**
 * Makes a message safe to keep and to send to a model again:
 * - every tool part's `input` is an object ({@link objectInput}); a call whose input had to be
 *   replaced while it still waited gets a tool error instead;
 * - every open tool part except those in `keepOpen` gets a tool error, so no tool call is left
 *   without a result (a turn whose process died, a branch): `Closed without an answer.`, or for an
 *   approved call whose tool never finished `notFinished` (default: the server stopped while it
 *   ran; an approved tool is never run a second time, docs/agents/approvals.md).
 */
export function sealToolParts(message: UIMessage, keepOpen: ReadonlySet<string> = new Set(), notFinished: (toolCallId: string) => string = () => APPROVED_NOT_FINISHED_TEXT): UIMessage {
  let changed = false
  const parts = message.parts.map((part) => {
    if (!isToolUIPart(part)) return part
    const open = OPEN_STATES.has(part.state)
    const input = objectInput(part.input)
    const inputReplaced = input !== part.input
    if (!inputReplaced && (!open || keepOpen.has(part.toolCallId))) return part
    changed = true
    if (!open || (keepOpen.has(part.toolCallId) && !inputReplaced)) return { ...part, input } as typeof part
    const { output: _output, ...rest } = part as typeof part & { output?: unknown }
    const errorText = inputReplaced
      ? `The tool input was not a JSON object (${clipText(JSON.stringify(part.input ?? null), 120, '')}).`
      : part.state === 'approval-responded'
        ? notFinished(part.toolCallId)
        : CLOSED_TEXT
    return { ...rest, input, state: 'output-error', errorText } as unknown as typeof part
  })
  return changed ? { ...message, parts } : message
}

/**
 * The transcript as the model reads it (docs/agents/approvals.md), beside the one clients see: a
 * call a person denied has the tool error `Denied by the user.` (with ` Reason: …`), and a call
 * approved with an edited input shows the model the input its tool ran with (the stored part
 * keeps the model's own, the settlement the edit). `messages` are the stored messages of
 * `uiMessages`, in the same order, for their settlements. Pure.
 */
export function modelView(uiMessages: UIMessage[], messages: StoredMessage[]): UIMessage[] {
  return uiMessages.map((message, index) => {
    const edits = new Map(messages[index].settlements.filter((entry) => entry.input !== undefined).map((entry) => [entry.toolCallId, entry.input]))
    if (edits.size === 0 && !message.parts.some((part) => isToolUIPart(part) && part.state === 'output-denied')) return message
    const parts = message.parts.map((part) => {
      if (!isToolUIPart(part)) return part
      const edited = edits.has(part.toolCallId) ? { input: edits.get(part.toolCallId) } : {}
      // FrogBot's own denial (nobody could approve here) already says why, as the AI SDK wrote it.
      if (part.state === 'output-denied' && !part.approval.isAutomatic) return { ...part, ...edited, approval: { ...part.approval, reason: deniedText(part.approval.reason) } }
      return edits.has(part.toolCallId) ? ({ ...part, ...edited } as typeof part) : part
    })
    return { ...message, parts }
  })
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
