import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { z } from 'zod'
import type { Tool } from './tool.ts'

/**
 * An MCP server an agent uses (`agents[].mcp`, docs/protocols/mcp.md#mcp-servers-in-an-agent):
 * - `url`: its Streamable HTTP endpoint (http:// or https://);
 * - `headers`: sent with every request (a bearer token, an API key);
 * - `needsApproval`: `true` to make every tool of this server wait for a person's approval before
 *   it runs (docs/agents/approvals.md), or the names of the tools that wait.
 */
export type McpServerConnection = {
  url: string
  headers?: Record<string, string>
  needsApproval?: boolean | string[]
}

/** An MCP tool's failure (`isError: true`, or a protocol error): a tool error with the server's text, never a model error. */
export class McpToolError extends Error {
  readonly name = 'McpToolError'
  readonly toolError = true
}

/** The text of an MCP tool result's content blocks (text blocks joined; other blocks as their JSON). */
function textOf(content: unknown): string {
  if (!Array.isArray(content)) return ''
  return content.map((block) => (block && typeof block === 'object' && (block as { type?: unknown }).type === 'text' ? String((block as { text?: unknown }).text ?? '') : JSON.stringify(block))).join('\n')
}

/**
 * Connects to the MCP server `connection` names (MCP 2026-07-28 when it speaks it, else 2025) and
 * makes each of its tools a FrogBot server tool of the same name: the input schema from the
 * tool's JSON Schema, `execute` calling the tool. A result with `structuredContent` is that
 * object, else `{ content }` of its text; a failure throws {@link McpToolError}. Throws when the
 * server cannot be reached or listed (start-up reports it, naming the agent and URL).
 */
export async function connectMcpServer(connection: McpServerConnection, { fetch }: { fetch?: typeof globalThis.fetch } = {}): Promise<{ tools: Tool<z.ZodType>[]; close: () => Promise<void> }> {
  const client = new Client({ name: 'frogbot', version: '0.1.0' }, { versionNegotiation: { mode: 'auto' } })
  await client.connect(new StreamableHTTPClientTransport(new URL(connection.url), { fetch, requestInit: { headers: connection.headers ?? {} } }))
  const { tools } = await client.listTools()
  const approval = (name: string) => connection.needsApproval === true || (Array.isArray(connection.needsApproval) && connection.needsApproval.includes(name))
  return {
    tools: tools.map((tool) => ({
      slug: tool.name,
      description: tool.description ?? tool.title ?? tool.name,
      inputSchema: z.fromJSONSchema(tool.inputSchema as Parameters<typeof z.fromJSONSchema>[0]),
      ...(approval(tool.name) ? { needsApproval: true } : {}),
      execute: async (input: unknown) => {
        let result
        try {
          result = await client.callTool({ name: tool.name, arguments: (input ?? {}) as Record<string, unknown> })
        } catch (error) {
          throw new McpToolError(`The MCP tool ${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`)
        }
        if (result.isError) throw new McpToolError(textOf(result.content) || `The MCP tool ${tool.name} failed.`)
        return result.structuredContent ?? { content: textOf(result.content) }
      }
    })),
    close: () => client.close()
  }
}
