import { getToolOrDynamicToolName, isToolUIPart, type DynamicToolUIPart, type ToolUIPart, type UIMessage } from 'ai'

/** Any tool part of an AI SDK UI message: a typed `tool-<name>` part or a `dynamic-tool` part. */
export type AnyToolPart = ToolUIPart | DynamicToolUIPart

/** True for a tool part (`tool-<name>` or `dynamic-tool`). */
export function isToolPart(part: { type: string }): part is AnyToolPart {
  return isToolUIPart(part as UIMessage['parts'][number])
}

/** The tool's name: `question` for a `tool-question` part. */
export function toolNameOf(part: AnyToolPart): string {
  return getToolOrDynamicToolName(part)
}

/**
 * True for the part of a server tool's call that needed a person's approval (`needsApproval`): it
 * carries the AI SDK's `approval` (`approval-requested` while it waits, then `approval-responded`,
 * `output-available`, `output-denied`, or `output-error` when it closed unanswered).
 */
export function isApprovalPart(part: AnyToolPart): boolean {
  return typeof (part as { approval?: unknown }).approval === 'object' && (part as { approval?: unknown }).approval !== null
}

/**
 * The calls that wait for a person, in the newest message when it is the assistant's (an older
 * message's calls were closed when the chat moved on): client tool calls (`input-available` parts
 * the server did not execute) and server tool calls waiting for approval (`approval-requested`).
 */
export function waitingToolParts(messages: readonly UIMessage[]): AnyToolPart[] {
  const last = messages.at(-1)
  if (!last || last.role !== 'assistant') return []
  return last.parts.filter((part): part is AnyToolPart => isToolPart(part) && ((part.state === 'input-available' && !part.providerExecuted) || part.state === 'approval-requested'))
}
