import type { Participant } from './participant.ts'

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
 * The door a caller came through (every door settles through the one settle door, docs/chat/turns.md):
 * - `http`: the HTTP API, the chat UI and `useChat`;
 * - `cli`: `frogbot answer` in a terminal;
 * - `local`: code of the app (`frogbot.agents[slug].generate()`, `frogbot.sendMessage()`, …);
 * - `channel`: a channel piece (Slack, …) on behalf of a participant;
 * - `system`: FrogBot itself (expiry);
 * - `link`: an answer link of a notice (docs/chat/reach-people.md "Answer links"), for its own call only.
 */
export type EntryPoint = 'http' | 'cli' | 'local' | 'channel' | 'system' | 'link'

/**
 * The caller of an agent, a tool or an access check: `req` in `access({ req })`,
 * `client.access({ req, call })` and a tool's `execute(input, { req })`.
 *
 * - `user`: the signed-in user (for a channel participant, the FrogBot user matched to them), or
 *   `null` for an anonymous caller.
 * - `credential`: how `user` was established.
 * - `entryPoint`: the door (see {@link EntryPoint}). Client tools are offered only where someone
 *   can answer them (seed: "Where questions are offered").
 * - `channel`: the participant, with the piece (`slack`) and the instance name of the channel piece that received them,
 *   when the caller came through a channel piece. Platforms without FrogBot users (Discord,
 *   Telegram, GitHub) are told apart by `channel.userId` in `access`.
 * - `headers`: the HTTP request headers (empty for other doors).
 * - `request`: the web-standard `Request`, when there is one.
 * - `link`: the recipient of the answer link the caller used (`entryPoint: 'link'`); `user` is
 *   then the FrogBot user with that email, if any.
 */
export type Caller = {
  user: User | null
  credential: Credential
  entryPoint: EntryPoint
  headers: Headers
  request?: Request
  channel?: Participant & { piece: string; instance: string }
  link?: { recipient: string }
}
