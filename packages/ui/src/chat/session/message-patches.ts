import type { FrogbotUIMessage } from '@frogbotai/protocol'
import type { ChatRead } from '../chat-adapter.ts'
import type { AnyToolPart } from '../tool-parts.ts'

type Part = FrogbotUIMessage['parts'][number]

const callIdOf = (part: Part) => ('toolCallId' in part ? part.toolCallId : undefined)

/** `messages` with `change` applied to every tool part whose call is in `toolCallIds`. */
function mapCalls(messages: FrogbotUIMessage[], toolCallIds: ReadonlySet<string>, change: (part: Part) => Part): FrogbotUIMessage[] {
  return messages.map((message) =>
    message.parts.some((part) => toolCallIds.has(callIdOf(part) ?? '')) ? { ...message, parts: message.parts.map((part) => (toolCallIds.has(callIdOf(part) ?? '') ? change(part) : part)) } : message
  )
}

/** `messages` with the answered-here parts of `toolCallIds` waiting again (`input-available`, no output). */
export function reopenCalls(messages: FrogbotUIMessage[], toolCallIds: readonly string[]): FrogbotUIMessage[] {
  return mapCalls(messages, new Set(toolCallIds), (part) => {
    if ((part as AnyToolPart).state !== 'output-available') return part
    const { output: _output, ...waiting } = part as Part & { output?: unknown }
    return { ...waiting, state: 'input-available' } as unknown as Part
  })
}

/** `messages` with the tool part of `patch`'s call replaced by `patch` (the server's copy of it). */
export function patchCall(messages: FrogbotUIMessage[], patch: AnyToolPart): FrogbotUIMessage[] {
  return mapCalls(messages, new Set([patch.toolCallId]), () => patch as Part)
}

/** The messages of a chat read as the AI SDK `Chat` holds them: without FrogBot's `settlements`. */
export function uiMessagesOf(read: ChatRead): FrogbotUIMessage[] {
  return read.messages.map(({ settlements: _settlements, ...message }) => message as FrogbotUIMessage)
}
