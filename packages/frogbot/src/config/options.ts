import type { LanguageModel, StopCondition, ToolSet } from 'ai'
import type { FrogbotRequest, User } from '../auth/frogbot-request.ts'
import type { DatabaseAdapter } from '../store/database-adapter.ts'
import type { AnyTool } from '../tools/tool.ts'
import type { ProvidersOptions } from '../models/providers.ts'

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
}

/**
 * Models and providers.
 * - `providers`: keys and base URLs; each defaults to its environment variable
 *   (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, `GOOGLE_GENERATIVE_AI_API_KEY`,
 *   `OPENAI_COMPATIBLE_BASE_URL` for Ollama, vLLM or llama.cpp).
 * - `models`: alias → `'provider/model-id'`. With no provider configured every alias is the
 *   offline demo model.
 */
export type AiOptions = { providers?: ProvidersOptions; models?: Record<string, string> }

/** A custom way to know the caller, tried after API tokens: return the user, or `null` to pass. */
export type AuthOptions = { authenticate?: (request: Request) => User | null | Promise<User | null> }

/**
 * What `buildConfig` takes. Only `agents` is required.
 * - `db`: where chats live. Default `sqliteAdapter()` (the file `./frogbot.db`).
 * - `http.maxBodyBytes`: largest request body accepted (default 1 MiB); larger ones get 413.
 */
export type FrogbotOptions = {
  agents: AgentConfig[]
  tools?: AnyTool[]
  ai?: AiOptions
  db?: DatabaseAdapter
  secret?: string
  serverURL?: string
  auth?: AuthOptions
  http?: { maxBodyBytes?: number }
}
