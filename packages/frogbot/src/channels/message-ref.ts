/**
 * A platform message's id in FrogBot's card records: `<place>:<id>`, the place (a channel, a
 * chat) first, since many platforms number messages only within it (Slack's `ts` in its channel,
 * Telegram's `message_id` in its chat, Discord's message in its channel).
 */
export const messageRef = (place: string, id: string): string => `${place}:${id}`

/**
 * The place and id of a {@link messageRef}, split at its first `:` (an id may hold more of them);
 * a text without one is an id with an empty place.
 */
export function messageRefParts(ref: string): { place: string; id: string } {
  const at = ref.indexOf(':')
  return { place: ref.slice(0, Math.max(at, 0)), id: ref.slice(at + 1) }
}
