/**
 * The MCP server door (`mcp` in `buildConfig`; docs/protocols/mcp.md). Off unless `enabled`.
 * - `enabled`: serve `/mcp` (Streamable HTTP, protocol 2026-07-28 with the 2025 revisions as a
 *   stateless fallback), signed in by FrogBot API tokens as a bearer. Default `false`.
 * - `agent`: the slug of the agent whose chats `ask_human` creates; it must list the `question`
 *   tool. Default: the first agent the caller may use that lists it.
 * - `waitSeconds`: how long one `ask_human` round waits for the answer before it answers
 *   `input_required` and the client asks again (1 to 60). Default 20. A 2025-revision client's
 *   call is held open for at most 9 rounds (see `LEGACY_MORE_ROUNDS` in mcp-door.ts).
 * - `stateSeconds`: how long a signed request state stays valid (60 to 86,400). Default 600.
 * - `channel`: the instance of one of `agent`'s channel pieces that starts conversations
 *   (`openThread`): each `ask_human` question opens a conversation there and is asked and answered
 *   in it, as a channel conversation owned by the caller. Requires `agent`. Default: none (the
 *   question waits in a web chat).
 */
export type McpServerOptions = {
  enabled?: boolean
  agent?: string
  channel?: string
  waitSeconds?: number
  stateSeconds?: number
}

/**
 * Problems of the `mcp` option (see {@link McpServerOptions}), each `mcp.<key>: <rule>`; `agentSlugs`
 * are the config's agents, `piecesOf(slug)` the channel pieces an agent lists.
 */
export function mcpOptionsProblems(options: unknown, agentSlugs: readonly string[], piecesOf: (slug: string) => readonly { instance?: unknown; openThread?: unknown }[] = () => []): string[] {
  if (options === undefined) return []
  if (!options || typeof options !== 'object' || Array.isArray(options)) return ['mcp: must be an object such as { enabled: true }']
  const { enabled, agent, waitSeconds, stateSeconds, channel } = options as Record<string, unknown>
  const problems: string[] = []
  if (enabled !== undefined && typeof enabled !== 'boolean') problems.push('mcp.enabled: must be true or false')
  if (agent !== undefined && (typeof agent !== 'string' || !agentSlugs.includes(agent))) problems.push(`mcp.agent: ${JSON.stringify(agent)} must be the slug of one of the agents`)
  const whole = (value: unknown, min: number, max: number) => value === undefined || (Number.isInteger(value) && (value as number) >= min && (value as number) <= max)
  if (!whole(waitSeconds, 1, 60)) problems.push('mcp.waitSeconds: must be a whole number of seconds from 1 to 60')
  if (!whole(stateSeconds, 60, 86_400)) problems.push('mcp.stateSeconds: must be a whole number of seconds from 60 to 86400')
  if (channel !== undefined) {
    const piece = typeof agent === 'string' ? piecesOf(agent).find((entry) => entry?.instance === channel) : undefined
    if (typeof channel !== 'string' || typeof agent !== 'string') problems.push('mcp.channel: must be the instance name of a channel piece of mcp.agent (set mcp.agent too)')
    else if (!piece) problems.push(`mcp.channel: ${JSON.stringify(channel)} must be the instance name of one of agent "${agent}"'s channels`)
    else if (typeof piece.openThread !== 'function') problems.push(`mcp.channel: the piece "${channel}" cannot start conversations (it has no openThread)`)
  }
  return problems
}
