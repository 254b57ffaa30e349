import { isToolUIPart, type UIMessage } from 'ai'
import type { Message } from '@ag-ui/core'
import { textOf, toolNameOf } from '../../turns/transcript.ts'

/**
 * A chat's messages as AG-UI messages (for `MESSAGES_SNAPSHOT`): a user message with its text; an
 * assistant message with its text and its tool calls (arguments as JSON); then one `tool` message
 * per call with a result (the output as JSON, or the error text). Pure.
 */
export function agUiMessages(messages: UIMessage[]): Message[] {
  const out: Message[] = []
  for (const message of messages) {
    if (message.role === 'user') {
      out.push({ id: message.id, role: 'user', content: textOf(message.parts) })
      continue
    }
    if (message.role !== 'assistant') continue
    const calls = message.parts.filter(isToolUIPart)
    out.push({
      id: message.id,
      role: 'assistant',
      content: textOf(message.parts),
      ...(calls.length > 0 ? { toolCalls: calls.map((part) => ({ id: part.toolCallId, type: 'function' as const, function: { name: toolNameOf(part), arguments: JSON.stringify(part.input ?? {}) } })) } : {})
    } as Message)
    for (const part of calls) {
      if (part.state === 'output-available') out.push({ id: `${message.id}:${part.toolCallId}`, role: 'tool', toolCallId: part.toolCallId, content: JSON.stringify(part.output ?? null) } as Message)
      if (part.state === 'output-error') out.push({ id: `${message.id}:${part.toolCallId}`, role: 'tool', toolCallId: part.toolCallId, content: part.errorText, error: part.errorText } as Message)
    }
  }
  return out
}
