import { isStepCount, type StopCondition, type ToolSet } from 'ai'
import type { Caller } from '../contract/caller.ts'
import type { AiOptions } from '../models/model-options.ts'
import type { AgentConfig, AgentProfile } from './agent-options.ts'
import { type FileDownloadOptions, type ModelFileDownload, modelFileDownload } from '../models/file-downloads.ts'
import type { ConfiguredProvider } from '../models/providers.ts'
import { type ResolvedModel, resolveModel } from '../models/resolve-model.ts'
import type { AnyTool, Assignees, ClientTool } from '../tools/tool.ts'
import { type ApprovalTool, approvalToolsOf, clientToolsOf } from './tool-set.ts'

/** An agent ready to run: its model resolved and its tool list merged with the root tools. */
export type ResolvedAgent = {
  slug: string
  profile?: AgentProfile
  model: ResolvedModel
  /** The model that titles new chats: the agent's own (the offline demo model too), else `null` under a test's override. */
  titleModel: ResolvedModel['model'] | null
  tools: AnyTool[]
  clientTools: Map<string, ClientTool>
  /** Server tools whose calls may wait for approval (`needsApproval`), by slug. */
  approvalTools: Map<string, ApprovalTool>
  /** Who is asked the calls of its tools of kind `question` that name no `client.assignees` (`questions.assignees`). */
  questionAssignees?: Assignees
  stopWhen: StopCondition<ToolSet> | StopCondition<ToolSet>[]
  instructions: (req: Caller) => Promise<string | undefined>
  access: (req: Caller) => Promise<boolean>
  /** Which file URLs the server may download for this agent's model (`files.download`). */
  files: FileDownloadOptions
  /** The model's download function for the URLs in its prompt, under `files` (see `modelFileDownload`); made once per agent. */
  download: ModelFileDownload
}

function mergeTools(agent: AgentConfig, rootTools: AnyTool[]): AnyTool[] {
  const own = agent.tools ?? []
  if (agent.inheritTools === false) return own
  const ownSlugs = new Set(own.map((tool) => tool.slug))
  return [...rootTools.filter((tool) => !ownSlugs.has(tool.slug)), ...own]
}

/**
 * Resolves every agent's model and tools. Returns the agents and, for models that cannot resolve,
 * problems as `agents[i].model: reason` so start-up can report them all at once.
 * `modelOverride`, when given, replaces every agent's model (tests, benchmarks).
 */
export function resolveAgents(
  options: { agents: AgentConfig[]; tools?: AnyTool[]; ai?: AiOptions; files?: { download?: FileDownloadOptions } },
  { providers, modelOverride }: { providers: ConfiguredProvider[]; modelOverride?: ResolvedModel['model'] }
): { agents: ResolvedAgent[]; problems: string[] } {
  const problems: string[] = []
  const agents: ResolvedAgent[] = []
  options.agents.forEach((agent, index) => {
    const model = resolveModel(modelOverride ?? agent.model, { providers, aliases: options.ai?.models })
    if (typeof model === 'string') {
      problems.push(`agents[${index}].model: ${model}`)
      return
    }
    const tools = mergeTools(agent, options.tools ?? [])
    const stopWhen = typeof agent.stopWhen === 'number' || agent.stopWhen === undefined ? isStepCount(agent.stopWhen ?? 20) : agent.stopWhen
    const { instructions, access } = agent
    const files = options.files?.download ?? {}
    agents.push({
      slug: agent.slug,
      profile: agent.profile,
      model,
      titleModel: modelOverride ? null : model.model,
      tools,
      clientTools: clientToolsOf(tools),
      approvalTools: approvalToolsOf(tools),
      questionAssignees: agent.questions?.assignees,
      stopWhen,
      instructions: async (req) => (typeof instructions === 'function' ? instructions({ req }) : instructions),
      files,
      download: modelFileDownload(files),
      access: async (req) => (access ? Boolean(await access({ req })) : req.user !== null || req.entryPoint === 'local')
    })
  })
  return { agents, problems }
}
