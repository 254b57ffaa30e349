import type { UIMessageChunk } from 'ai'
import { drawnText } from '../text/drawn-text.ts'

/**
 * The text of a turn's reply stream as it arrives, delta by delta: text parts after the first are
 * set apart by a blank line (a step's text after a tool call reads as a new paragraph); tool
 * calls, reasoning and data parts are left out, and so are control and bidi-override characters (`drawnText`). Ends when the stream ends; stopping early cancels it.
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
      const delta = value.type === 'text-delta' ? drawnText(value.delta) : ''
      if (delta === '') continue
      yield separate ? `\n\n${delta}` : delta
      wrote = true
      separate = false
    }
  } finally {
    await reader.cancel().catch(() => {})
  }
}
