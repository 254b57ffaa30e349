/**
 * What FrogBot asks an agent's model for a new chat's title (docs/chat/admin.md: titles),
 * the instructions of that one call; the first message follows as the prompt. The offline demo
 * model knows the call by them and answers a title of its own.
 */
export const TITLE_INSTRUCTIONS =
  'Write a title of at most six words for a chat that starts with the message below. Answer with the title alone: no quotes, no period at the end, no Markdown.'
