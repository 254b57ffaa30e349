import type { AgentConfig } from '../agents/agent-options.ts'
import type { AuthOptions } from '../auth/auth-options.ts'
import type { AwaitingInputEvent } from '../contract/engine-events.ts'
import type { LiveStreams } from '../contract/live-streams.ts'
import type { FileDownloadOptions } from '../models/file-downloads.ts'
import type { AiOptions } from '../models/model-options.ts'
import type { DatabaseAdapter } from '../store/database-adapter.ts'
import type { NotifyOptions } from '../notify/notify-options.ts'
import type { TelemetryOptions } from '../telemetry/load-telemetry.ts'
import type { McpServerOptions } from '../http/mcp/mcp-options.ts'
import type { AnyTool } from '../tools/tool.ts'

/**
 * What `buildConfig` takes. Only `agents` is required.
 * - `db`: where chats live. Default `sqliteAdapter()` (the file `./frogbot.db`).
 * - `http.maxBodyBytes`: largest request body accepted (default 1 MiB); larger ones get 413.
 * - `files.download`: hosts whose file URLs the server downloads for a model (default none).
 * - `liveStreams`: see {@link LiveStreams}.
 */
export type FrogbotOptions = {
  agents: AgentConfig[]
  tools?: AnyTool[]
  ai?: AiOptions
  db?: DatabaseAdapter
  /** Accepted for compatibility and not needed: session ids are random and stored hashed, so nothing is signed. */
  secret?: string
  /** The public URL of the app (`https://chat.example.com`). Decides `Secure` cookies and the allowed `Origin`; set it behind a proxy. */
  serverURL?: string
  auth?: AuthOptions
  http?: { maxBodyBytes?: number }
  /**
   * File URLs in user messages (docs/http/overview.md). By default the server downloads none: a URL
   * reaches only a model that fetches it itself; other files come inline as `data:` URLs.
   * `download` lists the hosts the server may download from; see {@link FileDownloadOptions}.
   */
  files?: { download?: FileDownloadOptions }
  /**
   * Called once a turn is stored waiting for input (docs/chat/turns.md), in the process that ran it, so a
   * headless app can notify someone (send an email, post to a webhook). It does not hold up the
   * turn; an error it throws is logged. Receives `{ chatId, agentSlug, ownerId, pending }`.
   */
  onAwaitingInput?: (event: AwaitingInputEvent) => void | Promise<void>
  /** Where running turns publish their streams for clients that join late. Default: Redis when `REDIS_URL` is set, else this process's memory. */
  liveStreams?: LiveStreams
  /** Traces and metrics through OpenTelemetry: see {@link TelemetryOptions}. */
  telemetry?: TelemetryOptions
  /** Notices, reminders, escalation and answer links for every call that waits (docs/chat/reach-people.md): see {@link NotifyOptions}. */
  notify?: NotifyOptions
  /** The MCP server door at `/mcp`: see {@link McpServerOptions} (docs/protocols/mcp.md). Off by default. */
  mcp?: McpServerOptions
}
