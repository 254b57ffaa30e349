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
 * The caller of an agent, a tool or an access check: `req` in `access({ req })`,
 * `client.access({ req, call })` and a tool's `execute(input, { req })`.
 *
 * - `user`: the signed-in user, or `null` for an anonymous caller or a local call.
 * - `credential`: how `user` was established.
 * - `entryPoint`: `http` for HTTP and the chat UI, `local` for `agent.generate()` / `.stream()`.
 *   Client tools are offered only where someone can answer them (seed: "Where questions are offered").
 * - `headers`: the HTTP request headers (empty for local calls).
 * - `request`: the web-standard `Request`, when there is one.
 */
export type FrogbotRequest = {
  user: User | null
  credential: Credential
  entryPoint: 'http' | 'local'
  headers: Headers
  request?: Request
}

/** A request for local calls (`generate()`, `stream()`): nobody is there to answer client tools. */
export function localRequest(user: User | null = null): FrogbotRequest {
  return { user, credential: { type: 'system' }, entryPoint: 'local', headers: new Headers() }
}
