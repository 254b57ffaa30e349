/** Whether a message asks the demo model to show what a reply can hold ("Show me some Markdown"). */
export function asksForMarkdown(userText: string): boolean {
  return /\bmarkdown\b/i.test(userText)
}

/**
 * The demo model's sample of Markdown: a heading, emphasis, inline code, a link, a task list, a
 * table, a fenced code block and a quote, so the chat's rendering can be seen without a key.
 */
export const MARKDOWN_SAMPLE = [
  'Here is what a reply can hold, written by the offline demo model:',
  '## A heading',
  'Text in **bold**, *italic*, ~~struck through~~ and `inline code`, with a [link to the AI SDK](https://ai-sdk.dev).',
  '- [x] A task that is done\n- [ ] A task still open',
  '| Option | Cost | Note |\n| --- | ---: | --- |\n| City | 1,200 € | Museums and restaurants |\n| Mountains | 950 € | Hiking and fresh air |',
  "```ts\nimport { question } from 'frogbot/tools'\n\nexport const tools = [question]\n```",
  '> A quote, for good measure.'
].join('\n\n')
