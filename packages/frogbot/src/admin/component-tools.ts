import type { ComponentTool } from './build-components.ts'

/** A tool as this reads it: a client tool has `client.kind`, and may name an admin chat `component`. */
type ToolShape = { slug: string; client?: { kind: string } | false; component?: string } | object

/** A config as this reads it: its root `tools` and its agents' (`FrogbotOptions` has this shape). */
type ToolsOfConfig = { tools?: readonly ToolShape[]; agents: readonly { tools?: readonly ToolShape[] }[] }

/**
 * The client tools of a config (its root `tools` and every agent's) that name an admin chat
 * `component`, each tool once, in config order.
 */
export function componentToolsOf(config: ToolsOfConfig): ComponentTool[] {
  const tools: ComponentTool[] = []
  for (const tool of [...(config.tools ?? []), ...config.agents.flatMap((agent) => agent.tools ?? [])]) {
    if (!('client' in tool) || !tool.client || !('component' in tool) || !tool.component) continue
    const found = { name: tool.slug, kind: tool.client.kind, component: tool.component }
    if (tools.some((known) => known.name === found.name && known.kind === found.kind && known.component === found.component)) continue
    tools.push(found)
  }
  return tools
}
