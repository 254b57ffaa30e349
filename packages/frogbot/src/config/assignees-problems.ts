import type { AgentConfig } from '../agents/agent-options.ts'
import type { AnyTool } from '../tools/tool.ts'
import { MAX_ASSIGNEES, MAX_ASSIGNEE_LENGTH } from '../assignees/normalize-assignees.ts'
import { KNOWN_KEYS, unknownKeyProblems } from './known-keys.ts'
import { EMAIL_CHARACTERS_RULE, hasNul, invisibleCharacterIn } from '@frogbotai/protocol'

/**
 * Why `entry`, a configured user id or email (an assignee, `notify.escalate.to`), cannot be the
 * email it looks like (it holds `@`), or `null`: it holds NUL or a control or invisible character
 * (the rule of every email, {@link EMAIL_CHARACTERS_RULE}: `x\u200b@example.com` would name nobody,
 * since no user can have that email). An id (no `@`) is not held to it.
 */
export function configuredEmailProblem(entry: string): string | null {
  if (!entry.includes('@')) return null
  const hidden = hasNul(entry) ? 'U+0000' : invisibleCharacterIn(entry)
  return hidden ? `an email ${EMAIL_CHARACTERS_RULE}; ${hidden} is one` : null
}

/**
 * Problems of an `assignees` option at `path` (`client.assignees`, `approval.assignees`,
 * `questions.assignees`; docs/chat/reach-people.md, "Who is asked"): a function, or a list of 1 to
 * {@link MAX_ASSIGNEES} FrogBot user ids or emails, each a non-empty string of at most
 * {@link MAX_ASSIGNEE_LENGTH} characters, an email without control or invisible characters
 * ({@link configuredEmailProblem}).
 */
export function assigneesProblems(value: unknown, path: string): string[] {
  if (value === undefined || typeof value === 'function') return []
  const rule = `must be a list of FrogBot user ids or emails (1 to ${MAX_ASSIGNEES}), or a function ({ chat, call, req }) => string[]`
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_ASSIGNEES) return [`${path}: ${rule}`]
  return value.flatMap((entry, index) => {
    if (!(typeof entry === 'string' && entry.trim() !== '' && entry.length <= MAX_ASSIGNEE_LENGTH)) {
      const rule = `a non-empty string of at most ${MAX_ASSIGNEE_LENGTH} characters`
      return [`${path}[${index}]: ${JSON.stringify(entry)} must be a user id or an email: ${rule}`]
    }
    const hidden = configuredEmailProblem(entry)
    return hidden ? [`${path}[${index}]: ${hidden}`] : []
  })
}

/**
 * Problems of an agent's `questions` option at `path`: an object `{ assignees? }` whose
 * `assignees` pass {@link assigneesProblems}; it takes effect only on an agent that has a tool of
 * kind `question` (its own or a root one it inherits), so on any other agent it is a problem.
 */
export function questionsProblems(agent: AgentConfig, rootTools: AnyTool[] | undefined, path: string): string[] {
  const questions = agent.questions as unknown
  if (questions === undefined) return []
  if (!questions || typeof questions !== 'object' || Array.isArray(questions)) return [`${path}: must be an object { assignees? }`]
  const problems = [...unknownKeyProblems(questions, KNOWN_KEYS.questions, path), ...assigneesProblems((questions as { assignees?: unknown }).assignees, `${path}.assignees`)]
  const tools = [...(agent.tools ?? []), ...(agent.inheritTools === false ? [] : (rootTools ?? []))]
  const asks = tools.some((tool) => (tool as { client?: { kind?: unknown } } | null)?.client?.kind === 'question')
  if (!asks) problems.push(`${path}: takes effect only on an agent with the question tool; add question (from frogbot/tools) to its tools`)
  return problems
}
