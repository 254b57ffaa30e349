import type { ApprovalVote, PendingCall, SettledBy, Settlement } from '@frogbotai/protocol'

/**
 * Who settled or voted, for a sentence ("Approved by you"): `you` for the signed-in person (`userId`),
 * a channel participant's name, `FrogBot` for FrogBot itself (an expiry, a call nobody could
 * approve), else `someone else`. Settlements carry user ids, not names, so another signed-in
 * person stays `someone else`.
 */
export function whoText(by: SettledBy, { userId }: { userId?: string | null }): string {
  if ('system' in by) return 'FrogBot'
  if ('channel' in by) return by.channel.name ?? `someone in ${by.channel.piece}`
  if ('userId' in by && userId && by.userId === userId) return 'you'
  if ('link' in by) return by.link.recipient
  return 'someone else'
}

/**
 * Everyone who approved, in order, as one phrase: `you`, `you and someone else`, `you and 2 other
 * people`. Names of channel participants are listed; other people are counted.
 */
export function approversText(votes: readonly ApprovalVote[], { userId }: { userId?: string | null }): string {
  const names: string[] = []
  let others = 0
  for (const vote of votes.filter((entry) => entry.approved)) {
    const who = whoText(vote.by, { userId })
    if (who === 'someone else') others++
    else if (!names.includes(who)) names.push(who)
  }
  if (others > 0) names.push(others === 1 ? 'someone else' : `${others} ${names.length > 0 ? 'other ' : ''}people`)
  if (names.length <= 1) return names[0] ?? 'someone'
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** "Approved by you", "Denied by someone else: wrong amount", from the stored settlement of an approval. */
export function decisionText(settlement: Settlement, { userId }: { userId?: string | null }): string {
  if (settlement.outcome === 'denied') {
    const denial = settlement.votes?.findLast((vote) => !vote.approved)
    const who = whoText(denial?.by ?? settlement.by, { userId })
    return `Denied by ${who}${settlement.reason ? `: ${settlement.reason}` : ''}`
  }
  const votes = settlement.votes && settlement.votes.length > 0 ? settlement.votes : [{ by: settlement.by, at: settlement.at, approved: true }]
  return `Approved by ${approversText(votes, { userId })}`
}

/** Where an approval that needs several people stands: the approvals so far, how many are missing, and this person's own vote. */
export type QuorumState = { count: number; approvals: number; remaining: number; mine?: ApprovalVote }

/** The quorum of a pending approval (`call.quorum`), or `undefined` when one approval settles it. */
export function quorumOf(call: PendingCall | undefined, { userId }: { userId?: string | null }): QuorumState | undefined {
  const quorum = call?.quorum
  if (!quorum || quorum.count <= 1) return undefined
  const approvals = quorum.votes.filter((vote) => vote.approved).length
  const mine = userId ? quorum.votes.find((vote) => 'userId' in vote.by && vote.by.userId === userId) : undefined
  return { count: quorum.count, approvals, remaining: Math.max(quorum.count - approvals, 0), ...(mine ? { mine } : {}) }
}

/** "1 of 2 approvals". */
export function quorumProgressText({ approvals, count }: QuorumState): string {
  return `${approvals} of ${count} approvals`
}

/** "Waiting for 1 more approval", "Waiting for 2 more approvals". */
export function remainingText({ remaining }: QuorumState): string {
  return `Waiting for ${remaining} more approval${remaining === 1 ? '' : 's'}`
}

/** One top-level input field an approver changed: the model's value and the one the tool ran with (`undefined`: absent). */
export type InputChange = { key: string; before: unknown; after: unknown }

/** The top-level fields that differ between the model's input and the edited one, in the edited input's order, then removed ones. */
export function inputChanges(before: unknown, after: unknown): InputChange[] {
  const from = asRecord(before)
  const to = asRecord(after)
  const keys = [...Object.keys(to), ...Object.keys(from).filter((key) => !(key in to))]
  return keys.filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key])).map((key) => ({ key, before: from[key], after: to[key] }))
}

/**
 * The refusal of an edited input (`400 invalid-input`, "input.amount: Too small; input.to: …") as
 * messages by top-level field (`amount`), and what names no field (`rest`).
 */
export function inputProblems(message: string): { fields: Record<string, string>; rest: string[] } {
  const fields: Record<string, string> = {}
  const rest: string[] = []
  for (const problem of message.split(/;\s+(?=input[.:])/)) {
    const match = /^input\.([^.:\s]+)[^:]*:\s*(.*)$/s.exec(problem.trim())
    if (match && !(match[1] in fields)) fields[match[1]] = match[2]
    else rest.push(problem.trim())
  }
  return { fields, rest: rest.filter(Boolean) }
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}
