import type { LanguageModel, StopCondition, ToolSet } from 'ai'
import type { FrogbotRequest, User } from '../auth/frogbot-request.ts'
import type { DatabaseAdapter } from '../store/database-adapter.ts'
import type { AnyTool } from '../tools/tool.ts'
import type { FileDownloadOptions } from '../models/file-downloads.ts'
import type { ProvidersOptions } from '../models/providers.ts'
import type { LiveStreams } from '../turns/live-streams.ts'
import type { AwaitingInputEvent } from '../turns/turn-events.ts'
import type { ChannelDoor } from '../turns/channel-door.ts'

/**
 * A model an agent uses: an alias from `ai.models` (such as `'fast'`), `'provider/model-id'`
 * (such as `'openai/gpt-4.1-mini'`), or any AI SDK `LanguageModel` instance.
 */
export type ModelReference = string | Exclude<LanguageModel, string>

/** Name, picture and one-line description shown for an agent in lists and the chat UI. */
export type AgentProfile = { name?: string; avatar?: string; description?: string }

/**
 * One agent (SPEC §2).
 * - `slug`: URL-safe (`a-z`, `0-9`, `-`, `_`), unique; it is the `:slug` of `/api/agents/:slug`.
 * - `model`: see {@link ModelReference}.
 * - `instructions`: the system prompt, or a function of the caller.
 * - `tools`: this agent's tools; with `inheritTools` (default `true`) the root `tools` are added,
 *   and an own tool with the same slug replaces the root one (with a start-up warning).
 * - `stopWhen`: most steps in one turn (default 20), or an AI SDK stop condition.
 * - `access`: who may use the agent. Default: any authenticated user.
 * - `channels`: channel piece instances (`createSlack({ … })`) whose conversations this agent
 *   answers; each instance's webhook is served at `/api/webhooks/<instance>`, so an instance name
 *   is listed once in the whole config (`buildConfig` refuses a second listing, on this agent or
 *   another, with the same instance or a new one of that name).
 */
export type AgentConfig = {
  slug: string
  model: ModelReference
  instructions?: string | ((args: { req: FrogbotRequest }) => string | Promise<string>)
  tools?: AnyTool[]
  inheritTools?: boolean
  stopWhen?: number | StopCondition<ToolSet> | StopCondition<ToolSet>[]
  access?: (args: { req: FrogbotRequest }) => boolean | Promise<boolean>
  profile?: AgentProfile
  channels?: ChannelPieceInstance[]
}

/** A channel piece instance as an agent lists it (the piece contract, see `ChannelDoor`). */
export type ChannelPieceInstance = Omit<ChannelDoor, 'agentSlug'>

/**
 * Models and providers.
 * - `providers`: keys and base URLs; each defaults to its environment variable
 *   (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, `GOOGLE_GENERATIVE_AI_API_KEY`,
 *   `OPENAI_COMPATIBLE_BASE_URL` for Ollama, vLLM or llama.cpp).
 * - `models`: alias → `'provider/model-id'`. With no provider configured every alias is the
 *   offline demo model.
 */
export type AiOptions = { providers?: ProvidersOptions; models?: Record<string, string> }

/**
 * How callers sign in, besides API tokens and the built-in email + password sessions.
 * - `authenticate`: a custom strategy, tried after API tokens and the session cookie: return the
 *   user (any stable `id`), or `null` to pass (the caller is then anonymous).
 * - `sessionMaxAge`: how long a sign-in lasts, in seconds (default 7 days; at most 400 days).
 * - `clientAddress`: the caller's address for the sign-in rate limit. Default: the socket's
 *   address under `frogbot serve`, unknown elsewhere (then only the per-account limit applies).
 *   Behind a proxy, return the address it reports, e.g. the last `X-Forwarded-For` entry.
 * - `loginRateLimit`: failed sign-ins allowed per address, and per account from addresses that
 *   have not signed in to it lately, within a window (default 10 per 900 seconds); more answer
 *   429 with `Retry-After`. An address that signed in to the account within 30 days is not held
 *   by the account's limit, so guesses from elsewhere cannot lock the owner out (README "Sign-in limits").
 * - `tokenGuessLimit`: wrong bearer tokens allowed per address within a window (default 20 per
 *   60 seconds); more answer 429 with `Retry-After`.
 */
export type AuthOptions = {
  authenticate?: (request: Request) => User | null | Promise<User | null>
  sessionMaxAge?: number
  clientAddress?: (request: Request) => string | null | undefined
  loginRateLimit?: { failures?: number; windowSeconds?: number }
  tokenGuessLimit?: { failures?: number; windowSeconds?: number }
}

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
   * File URLs in user messages (README "File parts"). By default the server downloads none: a URL
   * reaches only a model that fetches it itself; other files come inline as `data:` URLs.
   * `download` lists the hosts the server may download from; see {@link FileDownloadOptions}.
   */
  files?: { download?: FileDownloadOptions }
  /**
   * Called once a turn is stored waiting for input (SPEC §11), in the process that ran it, so a
   * headless app can notify someone (send an email, post to a webhook). It does not hold up the
   * turn; an error it throws is logged. Receives `{ chatId, agentSlug, ownerId, pending }`.
   */
  onAwaitingInput?: (event: AwaitingInputEvent) => void | Promise<void>
  /** Where running turns publish their streams for clients that join late. Default: Redis when `REDIS_URL` is set, else this process's memory. */
  liveStreams?: LiveStreams
}
