import type { UIMessage } from 'ai'
import type { QuestionInput, QuestionOutput } from './question-schemas.ts'
import type { QueuedTurn } from './turn-results.ts'

/** Data parts FrogBot streams: `data-queued` (transient) answers a message that was queued. */
export type FrogbotDataParts = { queued: QueuedTurn }

/** The tools whose parts FrogBot types: the built-in `question` (part type `tool-question`). */
export type FrogbotTools = { question: { input: QuestionInput; output: QuestionOutput } }

/**
 * What FrogBot keeps in an assistant message's `metadata`: `stopped: true` when Stop (or the
 * server shutting down) ended the turn that wrote it, so a chat UI can mark the reply as stopped
 * after a reload too; `askedFor: 'mcp'` on the question an MCP client asked a person through
 * `ask_human` (docs/protocols/mcp.md): its turn ends at the answer, the model is not called after
 * it. Absent otherwise.
 */
export type FrogbotMessageMetadata = { stopped?: true; askedFor?: 'mcp' }

/** An AI SDK `UIMessage` as FrogBot streams and stores it, with a typed `tool-question` part. */
export type FrogbotUIMessage = UIMessage<unknown, FrogbotDataParts, FrogbotTools>
