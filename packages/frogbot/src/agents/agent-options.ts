import type { McpServerConnection } from '../tools/mcp-tools.ts'
import type { StopCondition, ToolSet } from 'ai'
import type { Caller } from '../contract/caller.ts'
import type { ChannelPiece } from '../contract/piece.ts'
import type { ModelReference } from '../models/model-options.ts'
import type { AnyTool, Assignees } from '../tools/tool.ts'

/** Name, picture and one-line description shown for an agent in lists and the chat UI. */
export type AgentProfile = { name?: string; avatar?: string; description?: string }

/**
 * One agent.
 * - `slug`: URL-safe (`a-z`, `0-9`, `-`, `_`), unique; it is the `:slug` of `/api/agents/:slug`.
 * - `model`: see {@link ModelReference}.
 * - `instructions`: the system prompt, or a function of the caller.
 * - `tools`: this agent's tools; with `inheritTools` (default `true`) the root `tools` are added,
 *   and an own tool with the same slug replaces the root one (with a start-up warning).
 * - `stopWhen`: most steps in one turn (default 20), or an AI SDK stop condition.
 * - `access`: who may use the agent. Default: any authenticated user.
 * - `channels`: channel pieces (`createSlack({ … })`) whose conversations this agent answers;
 *   each piece's webhook is served at `/api/webhooks/<instance>`, so an instance name is listed
 *   once in the whole config (`buildConfig` refuses a second listing, on this agent or another,
 *   of the same piece or another one of that name).
 * - `questions.assignees`: who is asked the `question` tool's questions (see {@link Assignees});
 *   for every tool of kind `question` the agent has that names no `client.assignees` of its own.
 */
export type AgentConfig = {
  slug: string
  model: ModelReference
  instructions?: string | ((args: { req: Caller }) => string | Promise<string>)
  tools?: AnyTool[]
  inheritTools?: boolean
  stopWhen?: number | StopCondition<ToolSet> | StopCondition<ToolSet>[]
  access?: (args: { req: Caller }) => boolean | Promise<boolean>
  profile?: AgentProfile
  channels?: ChannelPiece[]
  questions?: { assignees?: Assignees }
  /** MCP servers whose tools become this agent's server tools (see `McpServerConnection`, docs/protocols/mcp.md). */
  mcp?: McpServerConnection[]
}
