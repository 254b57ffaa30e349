import type { PendingCall } from '@frogbotai/protocol'

/**
 * Who a call's notices go to (docs/chat/reach-people.md "Notices"): its `assignees` when it has
 * them (emails or user ids, resolved when it started waiting), else the web chat owner's email;
 * nobody for a call of an owner-less chat without assignees, nor of a channel conversation, whose
 * question card in its thread is the notice.
 */
export function recipientsOf({ call, ownerEmail, channel }: { call: PendingCall & { assignees?: string[] }; ownerEmail: string | null; channel: boolean }): string[] {
  if (call.assignees && call.assignees.length > 0) return call.assignees
  return ownerEmail && !channel ? [ownerEmail] : []
}
