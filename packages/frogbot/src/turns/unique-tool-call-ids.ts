import type { LanguageModelMiddleware } from 'ai'

type IdPart = { type: string; id?: string; toolCallId?: string }

/** Tool call ids in a model prompt: those of assistant `tool-call` parts. */
function promptIds(prompt: unknown): string[] {
  const ids: string[] = []
  for (const message of prompt as { role: string; content: unknown }[]) {
    if (message.role !== 'assistant' || !Array.isArray(message.content)) continue
    for (const part of message.content as IdPart[]) if (part.type === 'tool-call' && part.toolCallId) ids.push(part.toolCallId)
  }
  return ids
}

/**
 * A model middleware that keeps tool call ids unique within a chat (SPEC §4: a tool call id settles
 * exactly one part). Some providers reuse an id in a later step (`call_0` again); such a call, and
 * every chunk that names it, gets a fresh id (`call_0_2`) before the AI SDK sees it, so the stored
 * parts, the pending calls and the next prompts all agree. `used` starts with the ids of the
 * chat's stored tool parts and grows with every id this turn hands out.
 */
export function uniqueToolCallIds(used: Set<string>): LanguageModelMiddleware {
  const rename = (renamed: Map<string, string>, id: string) => {
    const known = renamed.get(id)
    if (known !== undefined) return known
    let fresh = id
    for (let n = 2; used.has(fresh); n++) fresh = `${id}_${n}`
    used.add(fresh)
    renamed.set(id, fresh)
    return fresh
  }
  const mapPart = <T extends IdPart>(renamed: Map<string, string>, part: T): T => {
    if (part.type.startsWith('tool-input-') && part.id !== undefined) return { ...part, id: rename(renamed, part.id) }
    if ((part.type === 'tool-call' || part.type === 'tool-result' || part.type === 'tool-approval-request') && part.toolCallId !== undefined) {
      return { ...part, toolCallId: rename(renamed, part.toolCallId) }
    }
    return part
  }
  return {
    wrapStream: async ({ doStream, params }) => {
      for (const id of promptIds(params.prompt)) used.add(id)
      const renamed = new Map<string, string>()
      const result = await doStream()
      return { ...result, stream: result.stream.pipeThrough(new TransformStream({ transform: (part, controller) => controller.enqueue(mapPart(renamed, part as IdPart) as typeof part) })) }
    },
    wrapGenerate: async ({ doGenerate, params }) => {
      for (const id of promptIds(params.prompt)) used.add(id)
      const renamed = new Map<string, string>()
      const result = await doGenerate()
      return { ...result, content: result.content.map((part) => mapPart(renamed, part as IdPart) as typeof part) }
    }
  }
}
