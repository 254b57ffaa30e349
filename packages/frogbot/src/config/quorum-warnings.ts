/**
 * The start-up warning of a quorum a web chat cannot gather (docs/agents/approvals.md, "Several
 * people: quorums"): a call of the tool at `path` needs `approval.quorum.count` distinct approvers,
 * but in a web chat only its owner may decide it (every anonymous caller counts as one), besides
 * the people named in `approval.assignees` and the escalation's `notify.escalate.to` (`escalateTo`).
 * When they are fewer than the count, such a call waits in a web chat until it is denied, expires
 * or is stopped: one warning naming the count. Assignees a function names are known only when a call
 * waits, so they silence it; channel conversations, with their participants, are not affected.
 * An empty list when there is nothing to say (no quorum, or enough people). Options that break
 * their rules are left to the config's problems.
 */
export function quorumWarnings(tool: unknown, path: string, escalateTo: unknown): string[] {
  type Approval = { quorum?: { count?: unknown }; assignees?: unknown }
  const approval = (tool as { approval?: Approval } | null)?.approval
  const count = approval?.quorum?.count
  if (typeof count !== 'number' || !Number.isInteger(count) || count <= 1) return []
  const assignees = approval?.assignees
  if (assignees !== undefined && !Array.isArray(assignees)) return []
  const people = 1 + (assignees?.length ?? 0) + (Array.isArray(escalateTo) ? escalateTo.length : 0)
  if (people >= count) return []
  const who = people === 1 ? '1 person' : `${people} people`
  return [
    `${path}.approval.quorum.count: ${count} approvals are needed, but in a web chat only its owner ` +
      `may decide the call (${who}): name the others in approval.assignees (or notify.escalate.to), ` +
      `or its calls in web chats never gather ${count} approvals (Stop cancels them); ` +
      'channel conversations are not affected'
  ]
}
