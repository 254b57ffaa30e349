import { getToolName, isToolUIPart, type UIMessage, type UIMessageChunk } from 'ai'

/**
 * The UI message stream chunks that rebuild `message` from nothing: a `start` with its id, then
 * each part as the AI SDK streams it (steps, each closed by its `finish-step`, text, reasoning,
 * tool calls with their results or errors, files, sources, data). A client that joins a
 * continuation (`useChat({ resume: true })` treats a joined stream as a replay of the whole
 * message) gets these before the continuation, so its copy keeps the text before the question and
 * the answered question. The continuation's own `start` is not recorded after them (see
 * `runTurn`), so the joined stream is one valid UI message stream: one `start`, and every step
 * started and finished as the AI SDK's own streams are.
 */
export function replayChunks(message: UIMessage): UIMessageChunk[] {
  const chunks: UIMessageChunk[] = [{ type: 'start', messageId: message.id }]
  let inStep = false
  message.parts.forEach((part, index) => {
    const id = `replay_${index}`
    if (part.type === 'step-start') {
      if (inStep) chunks.push({ type: 'finish-step' })
      chunks.push({ type: 'start-step' })
      inStep = true
    }
    else if (part.type === 'text') chunks.push({ type: 'text-start', id }, { type: 'text-delta', id, delta: part.text }, { type: 'text-end', id })
    else if (part.type === 'reasoning') chunks.push({ type: 'reasoning-start', id }, { type: 'reasoning-delta', id, delta: part.text }, { type: 'reasoning-end', id })
    else if (part.type === 'file') chunks.push({ type: 'file', url: part.url, mediaType: part.mediaType })
    else if (part.type === 'source-url') chunks.push({ type: 'source-url', sourceId: part.sourceId, url: part.url, ...(part.title ? { title: part.title } : {}) })
    else if (part.type === 'source-document') chunks.push({ type: 'source-document', sourceId: part.sourceId, mediaType: part.mediaType, title: part.title, ...(part.filename ? { filename: part.filename } : {}) })
    else if (part.type.startsWith('data-')) chunks.push({ type: part.type, ...('id' in part && part.id ? { id: part.id } : {}), data: (part as { data: unknown }).data } as UIMessageChunk)
    else if (isToolUIPart(part)) {
      const call = { toolCallId: part.toolCallId, toolName: getToolName(part), ...(part.type === 'dynamic-tool' ? { dynamic: true } : {}), ...(part.providerExecuted ? { providerExecuted: true } : {}) }
      if (part.state === 'input-streaming') chunks.push({ type: 'tool-input-start', ...call })
      else chunks.push({ type: 'tool-input-available', ...call, input: part.input })
      if (part.state === 'output-available') chunks.push({ type: 'tool-output-available', toolCallId: part.toolCallId, output: part.output })
      if (part.state === 'output-error') chunks.push({ type: 'tool-output-error', toolCallId: part.toolCallId, errorText: part.errorText })
      if (part.state === 'output-denied') chunks.push({ type: 'tool-output-denied', toolCallId: part.toolCallId })
    }
  })
  if (inStep) chunks.push({ type: 'finish-step' })
  return chunks
}
