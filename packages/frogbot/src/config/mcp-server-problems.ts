import { unknownKeyProblems, KNOWN_KEYS } from './known-keys.ts'

/** Problems of an agent's `mcp` list at `path` (see `McpServerConnection`), each `<path>[i].<key>: <rule>`. */
export function mcpServerProblems(list: unknown, path: string): string[] {
  if (list === undefined) return []
  if (!Array.isArray(list)) return [`${path}: must be a list of MCP servers such as [{ url: "https://tools.example.com/mcp" }]`]
  return list.flatMap((server: unknown, index) => {
    const at = `${path}[${index}]`
    if (!server || typeof server !== 'object' || Array.isArray(server)) return [`${at}: must be an object such as { url: "https://tools.example.com/mcp" }`]
    const { url, headers, needsApproval } = server as Record<string, unknown>
    const problems = unknownKeyProblems(server, KNOWN_KEYS.mcpServer, at)
    if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/.test(url) || !URL.canParse(url)) problems.push(`${at}.url: must be an http:// or https:// URL`)
    if (headers !== undefined && (!headers || typeof headers !== 'object' || Array.isArray(headers) || Object.values(headers).some((value) => typeof value !== 'string'))) {
      problems.push(`${at}.headers: must be an object of header names to string values`)
    }
    if (needsApproval !== undefined && typeof needsApproval !== 'boolean' && !(Array.isArray(needsApproval) && needsApproval.every((name) => typeof name === 'string'))) {
      problems.push(`${at}.needsApproval: must be true, false or a list of tool names`)
    }
    return problems
  })
}
