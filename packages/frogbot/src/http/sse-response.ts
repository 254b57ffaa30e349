import { UI_MESSAGE_STREAM_HEADERS, type UIMessageChunk } from 'ai'

const encoder = new TextEncoder()
const DONE = encoder.encode('data: [DONE]\n\n')

/**
 * A UI message stream as an HTTP response, the bytes the AI SDK's `createUIMessageStreamResponse`
 * sends (each chunk `data: <JSON>\n\n`, then `data: [DONE]\n\n`; its headers, `content-type:
 * text/event-stream` and `x-vercel-ai-ui-message-stream: v1` among them, under `headers`), encoded
 * in one stage that reads `stream` as the client reads the body instead of through two transform
 * streams. A client that goes away cancels `stream`; an error of `stream` errors the body.
 */
export function uiMessageStreamResponse(stream: ReadableStream<UIMessageChunk>, { status = 200, headers = {} }: { status?: number; headers?: Record<string, string> } = {}): Response {
  const reader = stream.getReader()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read()
      if (!done) return controller.enqueue(encoder.encode(`data: ${JSON.stringify(value)}\n\n`))
      controller.enqueue(DONE)
      controller.close()
    },
    cancel: (reason) => reader.cancel(reason)
  })
  return new Response(body, { status, headers: { ...UI_MESSAGE_STREAM_HEADERS, ...headers } })
}
