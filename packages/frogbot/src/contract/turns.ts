import type { ApprovalVote, CallDraft, ChatState, ChatSummary, PendingCall, QueuedMessage, SettlementWithPart, StoredMessageSchema, TurnResult } from '@frogbotai/protocol'
import type { UIMessageChunk } from 'ai'
import type { z } from 'zod'

/** A turn in flight: the caller's copy of the UI message stream, and the result once it is stored. */
export type TurnRun = { stream: ReadableStream<UIMessageChunk>; result: Promise<TurnResult> }

/**
 * A message that started a turn (`run`), or one queued behind a running turn or a waiting
 * question. `messageId` is the id the message is stored (or queued) under: the one it was sent
 * with, or a fresh one when another chat already uses that id.
 */
export type SendResult = { chatId: string; messageId: string } & ({ status: 'started'; run: TurnRun } | { status: 'queued' })

/**
 * How a call is settled: a client tool's call with an `output`, or `dismissed: true` with an
 * optional `reason` (seed: "Answer over HTTP"); a call waiting for approval with `approved: true`
 * (and an edited tool `input`, when the person changed it) or `approved: false`, each with an
 * optional `reason` (docs/agents/approvals.md).
 */
export type SettleAnswer =
  | { output: unknown }
  | { dismissed: true; reason?: string }
  | { approved: true; input?: unknown; reason?: string }
  | { approved: false; reason?: string }

/**
 * What to settle a call with: its `toolCallId` and a {@link SettleAnswer}. The one input of the
 * settle door, from the HTTP body (`SettleRequest`), the chat UI's resubmission, the CLI, the
 * app's code and a channel piece (whose `PieceAction` is the answer alone) to the planner.
 */
export type SettleInput = { toolCallId: string } & SettleAnswer

/**
 * The outcome of an accepted settle.
 * - `continued`: it settled the last pending call of the step; `run` is the continuation, in the
 *   same assistant message (`messageId`).
 * - `awaiting-input`: other calls of the step still wait (`pending`).
 * - `voted`: a vote on an approval that needs several people, which still waits for more
 *   (`vote` is the one recorded, `pending` every call still waiting, this one with its votes).
 * - `dismissed`: a dismissal (or expiry) ended the step; the model was not called and `state` is
 *   the chat's state now (`running` when a queued message started at once).
 * - `ended`: an answer ended the turn without calling the model: the question an MCP client asked
 *   a person (`ask_human`, docs/protocols/mcp.md) ends at its answer; `state` as for `dismissed`.
 * `settlement` is the first settled call's record with its stored part.
 */
export type SettleOutcome =
  | { kind: 'continued'; chatId: string; messageId: string; settlement: SettlementWithPart; run: TurnRun }
  | { kind: 'awaiting-input'; chatId: string; settlement: SettlementWithPart; pending: PendingCall[] }
  | { kind: 'voted'; chatId: string; vote: ApprovalVote & { toolCallId: string }; pending: PendingCall[] }
  | { kind: 'dismissed'; chatId: string; messageId: string; settlement: SettlementWithPart; state: ChatState }
  | { kind: 'ended'; chatId: string; messageId: string; settlement: SettlementWithPart; state: ChatState }

/**
 * A chat as `GET …/chats/:chatId` answers it (see `ChatReadSchema`): the chat, its messages, the
 * calls still waiting, its queue and the drafts of the waiting calls' cards.
 */
export type ChatRead = { chat: ChatSummary; messages: z.output<typeof StoredMessageSchema>[]; pending: PendingCall[]; queued: QueuedMessage[]; drafts: CallDraft[]; assigneeOnly?: true }
