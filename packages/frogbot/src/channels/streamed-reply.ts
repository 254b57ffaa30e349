/** How often a streamed reply's message is edited, at most (ms): Chat SDK's own pace. */
export const STREAM_EDIT_EVERY_MS = 500

/**
 * A reply's streamed `text` drawn through a piece's own client, as Chat SDK streams to a platform
 * without streaming of its own: one message posted on the first text that is not blank
 * (`post(content)`, resolving to its id), edited as the text grows (`edit(id, content)`, at most
 * every `everyMs`; a failed edit in between is left to the next), and once more, with all of it,
 * when it ends. `render` turns the text so far into what the platform shows (its Markdown); by
 * default it is shown as it is. A text that stays blank posts nothing.
 */
export async function streamedReply(
  text: AsyncIterable<string>,
  { post, edit, render = (whole) => whole, everyMs = STREAM_EDIT_EVERY_MS }: { post: (content: string) => Promise<string>; edit: (id: string, content: string) => Promise<void>; render?: (whole: string) => string; everyMs?: number }
): Promise<void> {
  let whole = ''
  let id: string | null = null
  let shown = ''
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending = Promise.resolve()
  const catchUp = async () => {
    const content = render(whole)
    if (id === null || !content.trim() || content === shown) return
    await edit(id, content)
    shown = content
  }
  for await (const chunk of text) {
    whole += chunk
    if (id !== null) {
      timer ??= setTimeout(() => {
        timer = undefined
        pending = pending.then(catchUp).catch(() => undefined)
      }, everyMs)
      continue
    }
    const content = render(whole)
    if (!content.trim()) continue
    id = await post(content)
    shown = content
  }
  clearTimeout(timer)
  await pending
  await catchUp()
}
