import { PROTOCOL_VERSION_META_KEY, type ServerContext } from '@modelcontextprotocol/server'
import { FrogbotError } from '../../errors/frogbot-error.ts'

/**
 * Whether the request is served on the 2026-07-28 revision (its per-request `_meta` envelope
 * names the protocol version): its client takes `input_required` and sends the next round itself,
 * to any server of the database. A 2025 request is held open by the SDK's compatibility shim,
 * which re-runs the tool in this process.
 */
export function continuesElsewhere(ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined
  return typeof envelope?.[PROTOCOL_VERSION_META_KEY] === 'string'
}

/** Whether `error` is the engine's refusal once FrogBot closes (`FrogbotError('closed')`). */
export const isClosed = (error: unknown): error is FrogbotError =>
  FrogbotError.isInstance(error) && error.code === 'closed'

/**
 * The tool error of a 2025-revision `ask_human` call held open while this server shut down: the
 * question still waits in chat `chatId` (answered in FrogBot as ever), but the held call cannot be
 * carried to another server, as the revision has no request state the client sends back.
 */
export function legacyShutdownResult(chatId: string) {
  const text =
    'FrogBot is shutting down, and an MCP client on the 2025 protocol revision cannot wait on ' +
    `another server. The question still waits in FrogBot chat ${chatId}; its answer is read there ` +
    '(a client on the 2026-07-28 revision keeps waiting across a shutdown).'
  return { isError: true, content: [{ type: 'text' as const, text }] }
}
