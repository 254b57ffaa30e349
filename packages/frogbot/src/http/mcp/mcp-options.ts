/**
 * The MCP server door (`mcp` in `buildConfig`; docs/protocols/mcp.md). Off unless `enabled`.
 * - `enabled`: serve `/mcp` (Streamable HTTP, protocol 2026-07-28 with the 2025 revisions as a
 *   stateless fallback), signed in by FrogBot API tokens as a bearer. Default `false`.
 * - `agent`: the slug of the agent whose chats `ask_human` creates; it must list the `question`
 *   tool. Default: the first agent the caller may use that lists it.
 * - `waitSeconds`: how long one `ask_human` round waits for the answer before it answers
 *   `input_required` and the client asks again (1 to 60). Default 20.
 * - `stateSeconds`: how long a signed request state stays valid (60 to 86,400). Default 600.
 */
export type McpServerOptions = {
  enabled?: boolean
  agent?: string
  waitSeconds?: number
  stateSeconds?: number
}

/** Problems of the `mcp` option (see {@link McpServerOptions}), each `mcp.<key>: <rule>`; `agentSlugs` are the config's agents. */
export function mcpOptionsProblems(options: unknown, agentSlugs: readonly string[]): string[] {
  if (options === undefined) return []
  if (!options || typeof options !== 'object' || Array.isArray(options)) return ['mcp: must be an object such as { enabled: true }']
  const { enabled, agent, waitSeconds, stateSeconds } = options as Record<string, unknown>
  const problems: string[] = []
  if (enabled !== undefined && typeof enabled !== 'boolean') problems.push('mcp.enabled: must be true or false')
  if (agent !== undefined && (typeof agent !== 'string' || !agentSlugs.includes(agent))) problems.push(`mcp.agent: ${JSON.stringify(agent)} must be the slug of one of the agents`)
  const whole = (value: unknown, min: number, max: number) => value === undefined || (Number.isInteger(value) && (value as number) >= min && (value as number) <= max)
  if (!whole(waitSeconds, 1, 60)) problems.push('mcp.waitSeconds: must be a whole number of seconds from 1 to 60')
  if (!whole(stateSeconds, 60, 86_400)) problems.push('mcp.stateSeconds: must be a whole number of seconds from 60 to 86400')
  return problems
}
