import type { FrogbotUIMessage } from '@frogbotai/protocol'
import type { ChatRead } from '../chat-adapter.ts'
import { type AnyToolPart, isToolPart } from '../tool-parts.ts'

type Part = FrogbotUIMessage['parts'][number]

const callIdOf = (part: Part) => ('toolCallId' in part ? part.toolCallId : undefined)

/** `messages` with `change` applied to every tool part whose call is in `toolCallIds`. */
function mapCalls(messages: FrogbotUIMessage[], toolCallIds: ReadonlySet<string>, change: (part: Part) => Part): FrogbotUIMessage[] {
  return messages.map((message) =>
    message.parts.some((part) => toolCallIds.has(callIdOf(part) ?? '')) ? { ...message, parts: message.parts.map((part) => (toolCallIds.has(callIdOf(part) ?? '') ? change(part) : part)) } : message
  )
}

/** `messages` with the waiting parts of the calls of `outputs` answered with them (`output-available`), as `addToolOutput` leaves them. */
export function answerCalls(messages: FrogbotUIMessage[], outputs: ReadonlyMap<string, unknown>): FrogbotUIMessage[] {
  return mapCalls(messages, new Set(outputs.keys()), (part) => {
    if ((part as AnyToolPart).state !== 'input-available') return part
    return { ...part, state: 'output-available', output: outputs.get((part as AnyToolPart).toolCallId) } as unknown as Part
  })
}

/** The outputs of the calls `toolCallIds` answered in `messages` (`output-available` parts), by call. */
export function outputsOf(messages: readonly FrogbotUIMessage[], toolCallIds: readonly string[]): Map<string, unknown> {
  const outputs = new Map<string, unknown>()
  for (const message of messages) {
    for (const part of message.parts as readonly { type: string }[]) {
      const tool = part as AnyToolPart
      if (isToolPart(part) && toolCallIds.includes(tool.toolCallId) && tool.state === 'output-available') outputs.set(tool.toolCallId, tool.output)
    }
  }
  return outputs
}

/** `messages` with the tool part of `patch`'s call replaced by `patch` (the server's copy of it). */
export function patchCall(messages: FrogbotUIMessage[], patch: AnyToolPart): FrogbotUIMessage[] {
  return mapCalls(messages, new Set([patch.toolCallId]), () => patch as Part)
}

/** The messages of a chat read as the AI SDK `Chat` holds them: without FrogBot's `settlements`. */
export function uiMessagesOf(read: ChatRead): FrogbotUIMessage[] {
  return read.messages.map(({ settlements: _settlements, ...message }) => message as FrogbotUIMessage)
}
