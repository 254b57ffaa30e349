/**
 * A client tool call that waits for an answer (seed: "Answer over HTTP", the `pending` entries).
 * `createdAt` is an ISO 8601 timestamp.
 */
export type PendingCall = {
  toolCallId: string
  toolName: string
  input: unknown
  messageId: string
  chatId: string
  agentSlug: string
  createdAt: string
}
