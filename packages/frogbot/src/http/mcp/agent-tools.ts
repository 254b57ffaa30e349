import type { McpServer, ServerContext } from '@modelcontextprotocol/server'
import { z } from 'zod'
import type { ResolvedAgent } from '../../agents/resolve-agents.ts'
import type { McpToolContext } from './ask-human-tool.ts'

const AgentToolInput = z.object({
  prompt: z.string().min(1).describe('The message to the agent.'),
  chatId: z.string().optional().describe('Continue this chat (from an earlier result); leave it out to start a new one.')
})

/**
 * Registers `agent_<slug>` for `agent` (docs/protocols/mcp.md): input `{ prompt, chatId? }`, sent
 * to the agent as the caller. A turn that completes answers its text (`structuredContent` the
 * turn result); one that stops at a question answers `status: "awaiting-input"` with the `chatId`
 * and the `pending` calls, to be answered in FrogBot (chat, inbox, pieces, HTTP settle) or polled
 * with `GET /api/agents/<slug>/chats/<chatId>/pending`; a queued message answers `status: "queued"`.
 */
export function registerAgentTool(server: McpServer, context: McpToolContext, agent: ResolvedAgent): void {
  server.registerTool(
    `agent_${agent.slug}`,
    {
      title: agent.profile?.name ?? agent.slug,
      description: `Send a message to the FrogBot agent "${agent.slug}"${agent.profile?.description ? `: ${agent.profile.description}` : ''}. Its reply may stop at a question a person answers in FrogBot.`,
      inputSchema: AgentToolInput
    },
    async ({ prompt, chatId }: z.output<typeof AgentToolInput>, _ctx: ServerContext) => {
      const { engine, req } = context
      const message = { id: engine.services.newId('msg'), role: 'user' as const, parts: [{ type: 'text' as const, text: prompt }] }
      const sent = await engine.sendMessage({ agentSlug: agent.slug, chatId, message, req, field: 'prompt' })
      if (sent.status === 'queued') {
        const queued = { status: 'queued', chatId: sent.chatId, messageId: sent.messageId }
        return { content: [{ type: 'text' as const, text: `Queued in chat ${sent.chatId}: a turn runs or a question waits there.` }], structuredContent: queued }
      }
      void sent.run.stream.cancel().catch(() => {})
      const result = await sent.run.result
      if (result.status === 'awaiting-input') {
        const questions = result.pending.map((call) => `${call.toolName} (${call.toolCallId}): ${JSON.stringify(call.input)}`).join('\n')
        return {
          content: [{ type: 'text' as const, text: `The agent waits for an answer in FrogBot chat ${result.chatId}:\n${questions}` }],
          structuredContent: result as unknown as Record<string, unknown>
        }
      }
      return { content: [{ type: 'text' as const, text: result.text }], structuredContent: result as unknown as Record<string, unknown> }
    }
  )
}
