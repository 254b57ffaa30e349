import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { z } from 'zod'
import type { Tool, ToolContext } from './tool.ts'
import { elicitationOf, type McpInputRequired } from './mcp-elicitation.ts'

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
 * object, else `{ content }` of its text; a failure throws {@link McpToolError}. A tool that asks
 * for input (MCP 2026-07-28 `input_required` with one form or URL elicitation; the client declares
 * both modes and fulfils nothing itself) returns {@link McpInputRequired}, and the call with
 * `context.mcpResume` sends the person's response and the server's request state back
 * (docs/protocols/mcp.md#when-an-mcp-tool-asks-for-input). Throws when the server cannot be
 * reached or listed (start-up reports it, naming the agent and URL).
 */
export async function connectMcpServer(connection: McpServerConnection, { fetch }: { fetch?: typeof globalThis.fetch } = {}): Promise<{ tools: Tool<z.ZodType>[]; close: () => Promise<void> }> {
  const client = new Client(
    { name: 'frogbot', version: '0.1.0' },
    { versionNegotiation: { mode: 'auto' }, capabilities: { elicitation: { form: {}, url: {} } }, inputRequired: { autoFulfill: false } }
  )
  await client.connect(new StreamableHTTPClientTransport(new URL(connection.url), { fetch, requestInit: { headers: connection.headers ?? {} } }))
  const { tools } = await client.listTools()
  const approval = (name: string) => connection.needsApproval === true || (Array.isArray(connection.needsApproval) && connection.needsApproval.includes(name))
  return {
    tools: tools.map((tool) => ({
      slug: tool.name,
      description: tool.description ?? tool.title ?? tool.name,
      inputSchema: z.fromJSONSchema(tool.inputSchema as Parameters<typeof z.fromJSONSchema>[0]),
      ...(approval(tool.name) ? { needsApproval: true } : {}),
      execute: async (input: unknown, context?: Pick<ToolContext, 'mcpResume' | 'chatId'>): Promise<unknown> => {
        const resume = context?.mcpResume
        let result
        try {
          result = (await client.callTool(
            {
              name: tool.name,
              arguments: (input ?? {}) as Record<string, unknown>,
              ...(resume ? { inputResponses: { [resume.key]: resume.response }, ...(resume.requestState === undefined ? {} : { requestState: resume.requestState }) } : {})
            },
            { allowInputRequired: true }
          )) as Awaited<ReturnType<typeof client.callTool>> & { resultType?: string; inputRequests?: Record<string, unknown>; requestState?: string }
        } catch (error) {
          throw new McpToolError(`The MCP tool ${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`)
        }
        if (result.resultType === 'input_required') {
          // One round: the continuation that answered it never waits again (docs/protocols/mcp.md).
          if (resume) throw new McpToolError(`The MCP tool ${tool.name} asked for input again after an answer; FrogBot answers one round of input per call.`)
          // A local generate() without a chat has nowhere for the request to wait.
          if (context?.chatId === null) throw new McpToolError(`The MCP tool ${tool.name} asks for input, which a run without a chat cannot wait for.`)
          const asked = elicitationOf(result.inputRequests)
          if ('problem' in asked) throw new McpToolError(`The MCP tool ${tool.name} ${asked.problem}.`)
          return { mcpInputRequired: { ...asked, ...(result.requestState === undefined ? {} : { requestState: result.requestState }) } } satisfies McpInputRequired
        }
        if (result.isError) throw new McpToolError(textOf(result.content) || `The MCP tool ${tool.name} failed.`)
        return result.structuredContent ?? { content: textOf(result.content) }
      }
    })),
    close: () => client.close()
  }
}
