/**
 * A reply's streamed `text` once whole, for a platform that shows no message before it is complete
 * (GitHub's comments, Linear's activities): every delta joined; `''` for a reply of nothing but
 * white space, which a piece does not post.
 */
export async function wholeText(text: AsyncIterable<string>): Promise<string> {
  let whole = ''
  for await (const delta of text) whole += delta
  return whole.trim() ? whole : ''
}
