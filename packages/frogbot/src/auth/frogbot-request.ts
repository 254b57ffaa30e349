/** A signed-in person as FrogBot knows them. */
export type User = {
  id: string
  email: string
  name: string | null
}

/** How the caller proved who they are. `token` names the API token by its name and visible prefix. */
export type Credential =
  | { type: 'token'; tokenId: string; name: string; prefix: string }
  | { type: 'session'; sessionId: string }
  | { type: 'custom' }
  | { type: 'anonymous' }
  | { type: 'system' }

/**
 * The door a caller came through (SPEC §4 "One settle door"):
 * - `http`: the HTTP API, the chat UI and `useChat`;
 * - `cli`: `frogbot answer` in a terminal;
 * - `local`: code of the app (`frogbot.agents[slug].generate()`, `frogbot.sendMessage()`, …);
 * - `channel`: a channel piece (Slack, …) on behalf of a participant;
 * - `system`: FrogBot itself (expiry).
 */
export type EntryPoint = 'http' | 'cli' | 'local' | 'channel' | 'system'

/**
 * A participant of a channel conversation as its piece knows them: the piece (`slack`), the piece
 * instance that received the event, the platform user id and name, and the email where the
 * platform gives one (Slack, Teams and Linear match it to a FrogBot user).
 */
export type ChannelParticipant = { piece: string; instance: string; userId: string; name?: string; email?: string }

/**
 * The caller of an agent, a tool or an access check: `req` in `access({ req })`,
 * `client.access({ req, call })` and a tool's `execute(input, { req })`.
 *
 * - `user`: the signed-in user (for a channel participant, the FrogBot user the piece matched),
 *   or `null` for an anonymous caller.
 * - `credential`: how `user` was established.
 * - `entryPoint`: the door (see {@link EntryPoint}). Client tools are offered only where someone
 *   can answer them (seed: "Where questions are offered").
 * - `channel`: the participant, when the caller came through a channel piece. Platforms without
 *   FrogBot users (Discord, Telegram, GitHub) are told apart by `channel.userId` in `access`.
 * - `headers`: the HTTP request headers (empty for other doors).
 * - `request`: the web-standard `Request`, when there is one.
 */
export type FrogbotRequest = {
  user: User | null
  credential: Credential
  entryPoint: EntryPoint
  headers: Headers
  request?: Request
  channel?: ChannelParticipant
}

/** A caller of the app's own code (`local` door): `user` when it acts for someone, else nobody. */
export function localRequest(user: User | null = null): FrogbotRequest {
  return { user, credential: user ? { type: 'custom' } : { type: 'system' }, entryPoint: 'local', headers: new Headers() }
}

/** FrogBot itself, for what it settles on its own (expiry, SPEC §11). */
export function systemRequest(): FrogbotRequest {
  return { user: null, credential: { type: 'system' }, entryPoint: 'system', headers: new Headers() }
}
