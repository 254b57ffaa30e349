import { APPROVAL_KIND } from '@frogbotai/protocol'
import type { Caller } from '../contract/caller.ts'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import type { ChatRecord, NewCall } from '../store/chat-records.ts'
import { toPendingCall } from '../store/chat-records.ts'
import type { Assignees } from '../tools/tool.ts'
import { MAX_ASSIGNEES, normalizeAssignees } from './normalize-assignees.ts'

/**
 * The `assignees` option that says who is asked a call of `toolName` of `kind`
 * (docs/chat/reach-people.md, "Who is asked"): an approval's `approval.assignees`; a client tool's
 * `client.assignees`, else for a tool of kind `question` the agent's `questions.assignees`.
 */
export function assigneesOptionOf(agent: Pick<ResolvedAgent, 'clientTools' | 'approvalTools' | 'questionAssignees'>, { kind, toolName }: { kind: string; toolName: string }): Assignees | undefined {
  if (kind === APPROVAL_KIND) return agent.approvalTools.get(toolName)?.approval?.assignees
  const tool = agent.clientTools.get(toolName)
  return tool?.client.assignees ?? (kind === 'question' ? agent.questionAssignees : undefined)
}

/**
 * `calls` (about to start waiting in `chat`) with their `assignees` resolved once: a list as
 * given, a function called with `{ chat, call, req }` (`req`: the caller whose turn asked), each
 * result normalized (see `normalizeAssignees`). A function that throws, returns no list of strings,
 * or names more than {@link MAX_ASSIGNEES} people (after blanks and repeats are dropped) leaves its
 * call without assignees, logged, so the chat's own rule decides who answers: a list is never cut.
 */
export async function withAssignees(
  { agent, chat, req, log }: { agent: Pick<ResolvedAgent, 'clientTools' | 'approvalTools' | 'questionAssignees'>; chat: ChatRecord; req: Caller; log: (line: string) => void },
  calls: NewCall[]
): Promise<NewCall[]> {
  const toolChat = { id: chat.id, agentSlug: chat.agentSlug, ownerId: chat.ownerId, channel: chat.channel }
  return Promise.all(
    calls.map(async (call) => {
      const option = assigneesOptionOf(agent, call)
      if (option === undefined) return { ...call, assignees: null }
      if (typeof option !== 'function') return { ...call, assignees: normalizeAssignees(option) }
      try {
        const given = await option({ chat: toolChat, call: toPendingCall({ ...call, assignees: null, votes: [] }), req })
        const assignees = normalizeAssignees(given)
        if (assignees === null && !(Array.isArray(given) && given.every((entry) => typeof entry === 'string'))) {
          log(`frogbot: assignees of "${call.toolName}" in chat ${chat.id} returned ${JSON.stringify(given) ?? String(given)}, not a list of user ids or emails; the call has no assignees`)
        }
        if (assignees !== null && assignees.length > MAX_ASSIGNEES) {
          log(
            `frogbot: assignees of "${call.toolName}" in chat ${chat.id} returned ` +
              `${assignees.length} people, more than ${MAX_ASSIGNEES}; ` +
              'the call has no assignees (a list is never cut)'
          )
          return { ...call, assignees: null }
        }
        return { ...call, assignees }
      } catch (error) {
        log(`frogbot: assignees of "${call.toolName}" failed in chat ${chat.id}: ${error instanceof Error ? error.message : String(error)}; the call has no assignees`)
        return { ...call, assignees: null }
      }
    })
  )
}
