import { z } from 'zod'
import type { AgentSummary } from '@frogbotai/protocol'
import type { ResolvedAgent } from './resolve-agents.ts'

const summaries = new WeakMap<ResolvedAgent, AgentSummary>()

/**
 * How chat UIs see an agent (`GET /api/agents`, `GET /api/frogbot`): its slug, profile and client
 * tools, each with its `client.kind`, admin chat `component` and output JSON Schema, so a UI can
 * match a renderer or build a generic form for any client tool. Computed once per agent.
 */
export function agentSummary(agent: ResolvedAgent): AgentSummary {
  let summary = summaries.get(agent)
  if (!summary) {
    summary = {
      slug: agent.slug,
      ...(agent.profile ? { profile: agent.profile } : {}),
      clientTools: [...agent.clientTools.values()].map((tool) => {
        let outputSchema: Record<string, unknown>
        try {
          const { $schema: _dialect, ...schema } = z.toJSONSchema(tool.outputSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>
          outputSchema = schema
        } catch {
          outputSchema = {}
        }
        return { name: tool.slug, kind: tool.client.kind, component: tool.component ?? null, outputSchema }
      })
    }
    summaries.set(agent, summary)
  }
  return summary
}
