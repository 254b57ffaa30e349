import { parseJsonEventStream, readUIMessageStream, type UIMessage, type UIMessageChunk, uiMessageChunkSchema } from 'ai'

/** Every chunk of an AI SDK UI message stream response, decoded one by one. */
export async function decodeChunks(response: Response): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = []
  const parsed = parseJsonEventStream({ stream: response.body!, schema: uiMessageChunkSchema as never })
  const reader = parsed.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (!(value as { success: boolean }).success) throw (value as { error: Error }).error
    chunks.push((value as { value: UIMessageChunk }).value)
  }
  return chunks
}

/** The assistant message a chunk stream builds, as `useChat` would (continuing `message` if given). */
export async function assemble(chunks: UIMessageChunk[], message?: UIMessage): Promise<UIMessage> {
  let last: UIMessage | undefined
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    }
  })
  for await (const next of readUIMessageStream({ stream, message })) last = next
  return last!
}
