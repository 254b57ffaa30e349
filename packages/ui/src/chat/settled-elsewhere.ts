import type { Settlement } from '@frogbotai/protocol'

const VERBS: Partial<Record<Settlement['outcome'], string>> = { dismissed: 'Dismissed', approved: 'Approved', denied: 'Denied' }

/**
 * What to tell a person whose card someone else settled first: "Answered first in another tab."
 * when it was them (another tab or window), the channel participant's name for a channel answer,
 * "Someone else answered first." otherwise; "dismissed", "approved" or "denied" for those outcomes.
 */
export function settledElsewhereText(settlement: Settlement, { userId }: { userId?: string | null }): string {
  const verb = VERBS[settlement.outcome] ?? 'Answered'
  const by = settlement.by as { userId?: string; channel?: { piece: string; name?: string } }
  if (by.channel) return `${verb} first by ${by.channel.name ?? 'someone'} in the channel.`
  if (userId && by.userId === userId) return `${verb} first in another tab or window.`
  return `Someone else ${verb.toLowerCase()} first.`
}
