import type { ModelPart, PartRule } from '../../models/part-middleware.ts'

/** Tool call ids in a model prompt: those of assistant `tool-call` parts. */
function promptIds(prompt: unknown): string[] {
  const ids: string[] = []
  for (const message of prompt as { role: string; content: unknown }[]) {
    if (message.role !== 'assistant' || !Array.isArray(message.content)) continue
    for (const part of message.content as ModelPart[]) if (part.type === 'tool-call' && part.toolCallId) ids.push(part.toolCallId)
  }
  return ids
}

/** The ids of one model response: what each original id is renamed to, and which calls are complete or still streaming their input. */
type ResponseIds = { renamed: Map<string, string>; called: Set<string>; streaming: Set<string> }

const responseIds = (): ResponseIds => ({ renamed: new Map(), called: new Set(), streaming: new Set() })

/**
 * A rule over model responses (see `partMiddleware`) that keeps tool call ids unique within a chat (docs/chat/turns.md: a tool call id settles
 * exactly one part). Some providers reuse an id in a later step (`call_0` again), or for a second
 * call in the same response; such a call, and every chunk that names it, gets a fresh id
 * (`call_0_2`) before the AI SDK sees it, so the stored parts, the pending calls and the next
 * prompts all agree. An empty id, which no settle could name, becomes `call` (or `call_2`, ...);
 * lone surrogates and NUL in an id become U+FFFD, as a database's text column would keep them.
 * `used` starts with the ids of the chat's stored tool parts and grows with every id this turn
 * hands out.
 */
export function uniqueToolCallIds(used: Set<string>): PartRule {
  const rename = ({ renamed }: ResponseIds, id: string) => {
    const known = renamed.get(id)
    if (known !== undefined) return known
    // An empty id could never be named in a settle; lone surrogates and NUL would not survive a
    // database's text column unchanged (the pending call would no longer match its part).
    const base = id === '' ? 'call' : id.toWellFormed().replaceAll('\0', '\uFFFD')
    let fresh = base
    for (let n = 2; used.has(fresh); n++) fresh = `${base}_${n}`
    used.add(fresh)
    renamed.set(id, fresh)
    return fresh
  }
  const mapPart = <T extends ModelPart>(ids: ResponseIds, part: T): T => {
    if (part.type.startsWith('tool-input-') && part.id !== undefined) {
      // A call whose id already completed in this response starts a new call: it gets a fresh id.
      if (part.type === 'tool-input-start' && ids.called.delete(part.id)) ids.renamed.delete(part.id)
      if (part.type === 'tool-input-start') ids.streaming.add(part.id)
      return { ...part, id: rename(ids, part.id) }
    }
    if (part.type === 'tool-call' && part.toolCallId !== undefined) {
      if (ids.called.has(part.toolCallId) && !ids.streaming.has(part.toolCallId)) ids.renamed.delete(part.toolCallId)
      ids.streaming.delete(part.toolCallId)
      ids.called.add(part.toolCallId)
    }
    if ((part.type === 'tool-call' || part.type === 'tool-result' || part.type === 'tool-approval-request') && part.toolCallId !== undefined) {
      return { ...part, toolCallId: rename(ids, part.toolCallId) }
    }
    return part
  }
  return ({ prompt }) => {
    for (const id of promptIds(prompt)) used.add(id)
    const ids = responseIds()
    return (part) => mapPart(ids, part)
  }
}
