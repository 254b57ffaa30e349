import { zodSchema } from 'ai'
import { z } from 'zod'
import type { AgentSummary, ApprovalToolSummary } from '@frogbotai/protocol'
import type { ApprovalTool } from './tool-set.ts'
import type { ResolvedAgent } from './resolve-agents.ts'

const summaries = new WeakMap<ResolvedAgent, AgentSummary>()

/**
 * A server tool that may need approval as chat UIs see it: name, description, and the input's JSON
 * Schema converted as the AI SDK converts it for the model (`zodSchema`), so the approval card's
 * Edit form offers what the model was offered.
 */
function approvalToolSummary(tool: ApprovalTool): ApprovalToolSummary {
  let inputSchema: Record<string, unknown>
  try {
    const converted = zodSchema(tool.inputSchema).jsonSchema
    const { $schema: _dialect, ...schema } = ('then' in converted ? {} : converted) as Record<string, unknown>
    inputSchema = schema
  } catch {
    inputSchema = {}
  }
  return { name: tool.slug, description: tool.description, inputSchema }
}

/**
 * How chat UIs see an agent (`GET /api/agents`, `GET /api/frogbot`): its slug, profile and client
 * tools, each with its `client.kind`, admin chat `component` and output JSON Schema, so a UI can
 * match a renderer or build a generic form for any client tool; and, when it has any, the server
 * tools that may wait for approval (`approvalTools`, see {@link approvalToolSummary}). Computed
 * once per agent.
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
      }),
      ...(agent.approvalTools.size > 0 ? { approvalTools: [...agent.approvalTools.values()].map(approvalToolSummary) } : {})
    }
    summaries.set(agent, summary)
  }
  return summary
}
