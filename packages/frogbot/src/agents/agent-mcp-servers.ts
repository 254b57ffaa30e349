import type { AgentConfig } from './agent-options.ts'
import { ConfigError } from '../errors/frogbot-error.ts'

/**
 * Connects every MCP server the agents list (`agents[].mcp`) and returns the agents with those
 * servers' tools added to their own `tools`, and `close` for the connections. A server that cannot
 * be reached or listed is a `ConfigError` naming the agent's field and the URL (start-up stops: an
 * agent without the tools it was given would answer as if they did not exist). The MCP client is
 * loaded only when an agent lists a server: a config without one never loads it.
 */
export async function connectAgentMcpServers(agents: AgentConfig[]): Promise<{ agents: AgentConfig[]; close: () => Promise<void> }> {
  const connections: { close: () => Promise<void> }[] = []
  const close = async () => {
    await Promise.all(connections.map((connection) => connection.close().catch(() => {})))
  }
  try {
    const withTools = await Promise.all(
      agents.map(async (agent, index) => {
        if (!agent.mcp?.length) return agent
        const { connectMcpServer } = await import('../tools/mcp-tools.ts')
        const tools = []
        for (const [at, server] of agent.mcp.entries()) {
          const connected = await connectMcpServer(server).catch((error: unknown) => {
            throw new ConfigError([`agents[${index}].mcp[${at}].url: could not list the tools of ${server.url}: ${error instanceof Error ? error.message : String(error)}`])
          })
          connections.push(connected)
          tools.push(...connected.tools)
        }
        return { ...agent, tools: [...(agent.tools ?? []), ...tools] }
      })
    )
    return { agents: withTools, close }
  } catch (error) {
    await close()
    throw error
  }
}
