import type { UIMessageChunk } from 'ai'

/**
 * The text of a turn's reply stream as it arrives, delta by delta: text parts after the first are
 * set apart by a blank line (a step's text after a tool call reads as a new paragraph); tool
 * calls, reasoning and data parts are left out. Ends when the stream ends; stopping early cancels it.
 */
export async function* replyText(stream: ReadableStream<UIMessageChunk>): AsyncGenerator<string> {
  const reader = stream.getReader()
  let wrote = false
  let separate = false
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      if (value.type === 'text-start') separate = wrote
      if (value.type !== 'text-delta' || value.delta === '') continue
      yield separate ? `\n\n${value.delta}` : value.delta
      wrote = true
      separate = false
    }
  } finally {
    await reader.cancel().catch(() => {})
  }
}
