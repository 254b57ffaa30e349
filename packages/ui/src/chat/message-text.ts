import type { UIMessage } from 'ai'

/** The text parts of a message joined with blank lines (what Copy copies and Edit starts from). */
export function messageText(message: Pick<UIMessage, 'parts'>): string {
  return message.parts
    .filter((part): part is { type: 'text'; text: string } => part.type === 'text')
    .map((part) => part.text)
    .join('\n\n')
}
