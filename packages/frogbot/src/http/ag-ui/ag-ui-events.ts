import { EventType, type BaseEvent } from '@ag-ui/core'
import type { UIMessageChunk } from 'ai'

/**
 * Turns a FrogBot turn's UI message stream chunks into AG-UI events, one chunk at a time
 * (docs/protocols/ag-ui.md): text parts become `TEXT_MESSAGE_START`/`_CONTENT`/`_END` (message id
 * `<assistant message id>:<part id>`), tool calls `TOOL_CALL_START`/`_ARGS`/`_END` (the FrogBot tool
 * call id), tool results `TOOL_CALL_RESULT`, an error chunk `RUN_ERROR`. Other chunks (reasoning,
 * sources, data parts) are left out. `newId` names the tool result messages.
 */
export function agUiEvents(newId: (prefix: string) => string) {
  let messageId = ''
  const openCalls = new Set<string>()
  const startedCalls = new Set<string>()
  return (chunk: UIMessageChunk): BaseEvent[] => {
    switch (chunk.type) {
      case 'start':
        if (chunk.messageId) messageId = chunk.messageId
        return []
      case 'text-start':
        return [{ type: EventType.TEXT_MESSAGE_START, messageId: `${messageId}:${chunk.id}`, role: 'assistant' } as BaseEvent]
      case 'text-delta':
        return chunk.delta ? [{ type: EventType.TEXT_MESSAGE_CONTENT, messageId: `${messageId}:${chunk.id}`, delta: chunk.delta } as BaseEvent] : []
      case 'text-end':
        return [{ type: EventType.TEXT_MESSAGE_END, messageId: `${messageId}:${chunk.id}` } as BaseEvent]
      case 'tool-input-start':
        startedCalls.add(chunk.toolCallId)
        openCalls.add(chunk.toolCallId)
        return [{ type: EventType.TOOL_CALL_START, toolCallId: chunk.toolCallId, toolCallName: chunk.toolName, parentMessageId: messageId } as BaseEvent]
      case 'tool-input-delta':
        return chunk.inputTextDelta ? [{ type: EventType.TOOL_CALL_ARGS, toolCallId: chunk.toolCallId, delta: chunk.inputTextDelta } as BaseEvent] : []
      case 'tool-input-available': {
        const events: BaseEvent[] = []
        if (!startedCalls.has(chunk.toolCallId)) {
          startedCalls.add(chunk.toolCallId)
          events.push({ type: EventType.TOOL_CALL_START, toolCallId: chunk.toolCallId, toolCallName: chunk.toolName, parentMessageId: messageId } as BaseEvent)
          events.push({ type: EventType.TOOL_CALL_ARGS, toolCallId: chunk.toolCallId, delta: JSON.stringify(chunk.input ?? {}) } as BaseEvent)
        }
        openCalls.delete(chunk.toolCallId)
        events.push({ type: EventType.TOOL_CALL_END, toolCallId: chunk.toolCallId } as BaseEvent)
        return events
      }
      case 'tool-output-available':
        return [{ type: EventType.TOOL_CALL_RESULT, messageId: newId('msg'), toolCallId: chunk.toolCallId, content: JSON.stringify(chunk.output ?? null), role: 'tool' } as BaseEvent]
      case 'tool-output-error':
        return [{ type: EventType.TOOL_CALL_RESULT, messageId: newId('msg'), toolCallId: chunk.toolCallId, content: chunk.errorText, role: 'tool' } as BaseEvent]
      case 'error':
        return [{ type: EventType.RUN_ERROR, message: chunk.errorText } as BaseEvent]
      default:
        return []
    }
  }
}
