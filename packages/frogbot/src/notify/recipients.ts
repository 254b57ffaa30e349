import type { PendingCall } from '@frogbotai/protocol'

/**
 * Who a call's notices go to (docs/chat/reach-people.md "Notices"): its `assignees` when it has
 * them (emails or user ids, resolved when it started waiting), else the chat owner's email; nobody
 * for a call of an owner-less chat without assignees.
 */
export function recipientsOf({ call, ownerEmail }: { call: PendingCall & { assignees?: string[] }; ownerEmail: string | null }): string[] {
  if (call.assignees && call.assignees.length > 0) return call.assignees
  return ownerEmail ? [ownerEmail] : []
}
