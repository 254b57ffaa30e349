import type { FrogbotOptions } from '../config/options.ts'
import type { ComponentTool } from './build-components.ts'

/**
 * The client tools of a config (its root `tools` and every agent's) that name an admin chat
 * `component`, each tool once, in config order.
 */
export function componentToolsOf(config: Pick<FrogbotOptions, 'agents' | 'tools'>): ComponentTool[] {
  const tools: ComponentTool[] = []
  for (const tool of [...(config.tools ?? []), ...config.agents.flatMap((agent) => agent.tools ?? [])]) {
    if (!('client' in tool) || !tool.client || !tool.component) continue
    if (tools.some((known) => known.name === tool.slug && known.kind === tool.client.kind && known.component === tool.component)) continue
    tools.push({ name: tool.slug, kind: tool.client.kind, component: tool.component })
  }
  return tools
}
