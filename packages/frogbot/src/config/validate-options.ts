import { mcpOptionsProblems } from '../http/mcp/mcp-options.ts'
import { mcpServerProblems } from './mcp-server-problems.ts'
import { authOptionsProblems } from '../auth/auth-options-problems.ts'
import { fileDownloadProblems } from '../models/file-download-problems.ts'
import { modelTargetProblem, providerSettingProblems } from '../models/providers.ts'
import type { AnyTool } from '../tools/tool.ts'
import type { FrogbotOptions } from './options.ts'
import { APPROVAL_KIND } from '@frogbotai/protocol'
import { KNOWN_KEYS, unknownKeyProblems } from './known-keys.ts'
import { assigneesProblems, questionsProblems } from './assignees-problems.ts'
import { notifyProblems } from './notify-problems.ts'
import { quorumWarnings } from './quorum-warnings.ts'

const AGENT_SLUG = /^[a-z0-9][a-z0-9_-]{0,63}$/i
const TOOL_SLUG = /^[a-zA-Z0-9_-]{1,64}$/

const isFunction = (value: unknown): value is (...args: never[]) => unknown => typeof value === 'function'
const isZodSchema = (value: unknown) => typeof (value as { safeParse?: unknown } | null)?.safeParse === 'function'

function checkTool(tool: AnyTool, path: string, problems: string[]) {
  if (!tool || typeof tool !== 'object') {
    problems.push(`${path}: must be a tool object`)
    return
  }
  if (typeof tool.slug !== 'string' || !TOOL_SLUG.test(tool.slug)) {
    problems.push(`${path}.slug: ${JSON.stringify(tool.slug)} must be 1–64 letters, digits, "_" or "-"`)
  }
  if (typeof tool.description !== 'string' || tool.description.trim() === '') problems.push(`${path}.description: must be a non-empty string`)
  if (!isZodSchema(tool.inputSchema)) problems.push(`${path}.inputSchema: must be a Zod schema`)
  if (tool.component !== undefined && (typeof tool.component !== 'string' || !/^\/[^#]+#\w+$/.test(tool.component))) {
    problems.push(`${path}.component: ${JSON.stringify(tool.component)} must look like "/components/File#ExportName"`)
  }
  const client = (tool as { client?: unknown }).client
  problems.push(...unknownKeyProblems(tool, client !== undefined ? KNOWN_KEYS.clientTool : KNOWN_KEYS.serverTool, path))
  if (client !== undefined) {
    problems.push(...unknownKeyProblems(client, KNOWN_KEYS.client, `${path}.client`))
    const config = client as { kind?: unknown; access?: unknown; validate?: unknown; expiresIn?: unknown }
    if (tool.execute !== undefined) problems.push(`${path}.execute: not allowed on a client tool; the client supplies the result`)
    for (const key of ['needsApproval', 'approval'] as const) {
      if ((tool as Record<string, unknown>)[key] !== undefined) problems.push(`${path}.${key}: only for a server tool (with execute); a client tool's call already waits for a person`)
    }
    if (!isZodSchema(tool.outputSchema)) problems.push(`${path}.outputSchema: required on a client tool (a Zod schema the answer must match)`)
    if (typeof config.kind !== 'string' || config.kind.trim() === '') problems.push(`${path}.client.kind: must be a non-empty string`)
    else if (config.kind === APPROVAL_KIND) problems.push(`${path}.client.kind: "${APPROVAL_KIND}" is the kind of a server tool's call waiting for approval (needsApproval); pick another kind for a client tool`)
    if (config.access !== undefined && !isFunction(config.access)) problems.push(`${path}.client.access: must be a function`)
    if (config.validate !== undefined && !isFunction(config.validate)) problems.push(`${path}.client.validate: must be a function`)
    if (config.expiresIn !== undefined && !(Number.isFinite(config.expiresIn) && (config.expiresIn as number) > 0)) {
      problems.push(`${path}.client.expiresIn: must be a positive number of milliseconds`)
    }
    problems.push(...assigneesProblems((config as { assignees?: unknown }).assignees, `${path}.client.assignees`))
  } else if (!isFunction(tool.execute)) {
    problems.push(`${path}: needs execute (a server tool) or client and outputSchema (a client tool)`)
  } else {
    if (tool.outputSchema !== undefined && !isZodSchema(tool.outputSchema)) problems.push(`${path}.outputSchema: must be a Zod schema`)
    checkApproval(tool as { needsApproval?: unknown; approval?: unknown }, path, problems)
  }
}

/**
 * Checks a server tool's `needsApproval` (true, false or a function) and `approval` options
 * (docs/agents/approvals.md). `approval` without `needsApproval` would be ignored, so it is a problem.
 */
function checkApproval(tool: { needsApproval?: unknown; approval?: unknown }, path: string, problems: string[]) {
  const { needsApproval, approval } = tool
  if (needsApproval !== undefined && typeof needsApproval !== 'boolean' && !isFunction(needsApproval)) {
    problems.push(`${path}.needsApproval: must be true, false or a function ({ input, req, chat }) => boolean`)
  }
  if (approval === undefined) return
  if (!approval || typeof approval !== 'object' || Array.isArray(approval)) {
    problems.push(`${path}.approval: must be an object { access?, expiresIn?, quorum? }`)
    return
  }
  if (needsApproval === undefined || needsApproval === false) {
    problems.push(`${path}.approval: takes effect only on a tool that needs approval; add needsApproval: true (or a function)`)
  }
  problems.push(...unknownKeyProblems(approval, KNOWN_KEYS.approval, `${path}.approval`))
  const { access, expiresIn, quorum } = approval as { access?: unknown; expiresIn?: unknown; quorum?: unknown }
  if (access !== undefined && !isFunction(access)) problems.push(`${path}.approval.access: must be a function ({ req, call }) => boolean`)
  if (expiresIn !== undefined && !(Number.isFinite(expiresIn) && (expiresIn as number) > 0)) problems.push(`${path}.approval.expiresIn: must be a positive number of milliseconds`)
  problems.push(...assigneesProblems((approval as { assignees?: unknown }).assignees, `${path}.approval.assignees`))
  if (quorum === undefined) return
  if (!quorum || typeof quorum !== 'object' || Array.isArray(quorum)) {
    problems.push(`${path}.approval.quorum: must be an object { count }`)
    return
  }
  problems.push(...unknownKeyProblems(quorum, KNOWN_KEYS.quorum, `${path}.approval.quorum`))
  const { count } = quorum as { count?: unknown }
  if (!(Number.isInteger(count) && (count as number) >= 1 && (count as number) <= 100)) {
    problems.push(`${path}.approval.quorum.count: must be a whole number of people from 1 to 100`)
  }
}

/** Where an instance name was first listed: the agent's path and the piece object. */
type InstanceSeen = { path: string; piece: unknown }

/**
 * Checks one agent's `channels`: each a channel piece with an `instance` name, and every name
 * used by one listing in the whole config. An instance serves `/api/webhooks/<instance>` and
 * answers for the one agent that lists it (FrogBot's piece contract), so a second listing, on the
 * same agent or another, with the same object or a new one, would leave a webhook with two owners.
 */
function checkChannels(channels: unknown, path: string, seen: Map<string, InstanceSeen>, problems: string[]) {
  if (channels === undefined) return
  if (!Array.isArray(channels)) {
    problems.push(`${path}: must be an array of channel pieces, such as [createSlack()]`)
    return
  }
  channels.forEach((piece: unknown, index) => {
    const at = `${path}[${index}]`
    const instance = (piece as { instance?: unknown } | null)?.instance
    if (!piece || typeof piece !== 'object' || typeof instance !== 'string' || instance === '') {
      problems.push(`${at}: must be a channel piece (such as createSlack()) with an instance name`)
      return
    }
    const first = seen.get(instance)
    if (!first) {
      seen.set(instance, { path: at, piece })
      return
    }
    const same = first.piece === piece ? 'the same piece' : 'another piece with that name'
    problems.push(
      `${at}.instance: "${instance}" is used twice (${same} is listed at ${first.path}); an instance serves one webhook, ` +
        `/api/webhooks/${instance}, for one agent: list it on one agent only, and give every other instance its own name, e.g. createSlack({ instance: '${instance}-2' })`
    )
  })
}

function checkToolList(tools: unknown, path: string, problems: string[]) {
  if (tools === undefined) return
  if (!Array.isArray(tools)) {
    problems.push(`${path}: must be an array of tools`)
    return
  }
  const seen = new Set<string>()
  tools.forEach((tool: AnyTool, index) => {
    checkTool(tool, `${path}[${index}]`, problems)
    if (tool && typeof tool.slug === 'string') {
      if (seen.has(tool.slug)) problems.push(`${path}[${index}].slug: "${tool.slug}" is used twice`)
      seen.add(tool.slug)
    }
  })
}

/** Unknown keys at the root and in the plain option objects below it (`ai`, `auth`, `http`, `files`). */
function rootKeyProblems(options: FrogbotOptions): string[] {
  const { ai, auth, http, files, telemetry } = options as Record<string, any>
  const providers = ai?.providers
  return [
    ...unknownKeyProblems(options, KNOWN_KEYS.root, ''),
    ...unknownKeyProblems(ai, KNOWN_KEYS.ai, 'ai'),
    ...unknownKeyProblems(providers, KNOWN_KEYS.providers, 'ai.providers'),
    ...KNOWN_KEYS.providers.flatMap((name) => unknownKeyProblems(providers?.[name], KNOWN_KEYS.provider, `ai.providers.${name}`)),
    ...unknownKeyProblems(auth, KNOWN_KEYS.auth, 'auth'),
    ...unknownKeyProblems(auth?.loginRateLimit, KNOWN_KEYS.limit, 'auth.loginRateLimit'),
    ...unknownKeyProblems(auth?.tokenGuessLimit, KNOWN_KEYS.limit, 'auth.tokenGuessLimit'),
    ...unknownKeyProblems(http, KNOWN_KEYS.http, 'http'),
    ...unknownKeyProblems(files, KNOWN_KEYS.files, 'files'),
    ...unknownKeyProblems(files?.download, KNOWN_KEYS.download, 'files.download'),
    ...unknownKeyProblems(telemetry, KNOWN_KEYS.telemetry, 'telemetry'),
    ...unknownKeyProblems((options as Record<string, unknown>).mcp, KNOWN_KEYS.mcp, 'mcp')
  ]
}

/**
 * Checks `buildConfig` options in one pass and returns every problem as `path: reason`
 * (docs/configuration.md), plus warnings that do not stop start-up (an agent tool replacing a root tool,
 * a quorum a web chat cannot gather: see `quorumWarnings`).
 */
export function validateOptions(options: FrogbotOptions): { problems: string[]; warnings: string[] } {
  const problems: string[] = []
  const warnings: string[] = []
  if (!options || typeof options !== 'object') return { problems: ['config: buildConfig needs an options object'], warnings }
  problems.push(...rootKeyProblems(options))
  checkToolList(options.tools, 'tools', problems)
  const escalateTo = (options.notify as { escalate?: { to?: unknown } } | undefined)?.escalate?.to
  const toolWarnings = (tools: unknown, path: string) => {
    if (!Array.isArray(tools)) return
    tools.forEach((tool, index) => warnings.push(...quorumWarnings(tool, `${path}[${index}]`, escalateTo)))
  }
  toolWarnings(options.tools, 'tools')
  const rootSlugs = new Set((options.tools ?? []).map((tool) => tool?.slug))
  const instances = new Map<string, InstanceSeen>()

  if (!Array.isArray(options.agents) || options.agents.length === 0) {
    problems.push('agents: at least one agent is required')
  } else {
    const slugs = new Set<string>()
    options.agents.forEach((agent, index) => {
      const path = `agents[${index}]`
      if (!agent || typeof agent !== 'object') {
        problems.push(`${path}: must be an agent object`)
        return
      }
      problems.push(...unknownKeyProblems(agent, KNOWN_KEYS.agent, path))
      problems.push(...unknownKeyProblems(agent.profile, KNOWN_KEYS.profile, `${path}.profile`))
      if (typeof agent.slug !== 'string' || !AGENT_SLUG.test(agent.slug)) {
        problems.push(`${path}.slug: ${JSON.stringify(agent.slug)} must be URL-safe: letters, digits, "-" or "_", at most 64`)
      } else if (slugs.has(agent.slug)) {
        problems.push(`${path}.slug: "${agent.slug}" is used twice`)
      } else {
        slugs.add(agent.slug)
      }
      const model = agent.model as unknown
      if (!(typeof model === 'string' && model.trim() !== '') && !(model && typeof model === 'object' && 'doStream' in model)) {
        problems.push(`${path}.model: must be a model alias, "provider/model-id" or an AI SDK LanguageModel`)
      } else if (typeof model === 'string' && model.includes('/')) {
        const problem = modelTargetProblem(model)
        if (problem) problems.push(`${path}.model: ${problem}`)
      }
      if (agent.instructions !== undefined && typeof agent.instructions !== 'string' && !isFunction(agent.instructions)) {
        problems.push(`${path}.instructions: must be a string or a function`)
      }
      if (agent.access !== undefined && !isFunction(agent.access)) problems.push(`${path}.access: must be a function`)
      const stopWhen = agent.stopWhen as unknown
      if (stopWhen !== undefined && !(Number.isInteger(stopWhen) && (stopWhen as number) > 0) && !isFunction(stopWhen) && !Array.isArray(stopWhen)) {
        problems.push(`${path}.stopWhen: must be a positive whole number of steps or a stop condition`)
      }
      checkToolList(agent.tools, `${path}.tools`, problems)
      toolWarnings(agent.tools, `${path}.tools`)
      checkChannels(agent.channels, `${path}.channels`, instances, problems)
      problems.push(...questionsProblems(agent, options.tools, `${path}.questions`))
      problems.push(...mcpServerProblems(agent.mcp, `${path}.mcp`))
      if (agent.inheritTools !== false) {
        for (const tool of agent.tools ?? []) {
          if (tool && rootSlugs.has(tool.slug)) warnings.push(`${path}.tools: "${tool.slug}" replaces the root tool with the same slug`)
        }
      }
    })
  }

  for (const [alias, target] of Object.entries(options.ai?.models ?? {})) {
    if (typeof target !== 'string' || !(target.includes('/') || target === 'demo')) {
      problems.push(`ai.models.${alias}: ${JSON.stringify(target)} must be "provider/model-id"`)
    } else if (target.includes('/')) {
      const problem = modelTargetProblem(target)
      if (problem) problems.push(`ai.models.${alias}: ${problem}`)
    }
  }
  problems.push(...providerSettingProblems(options.ai?.providers, {}))
  if (options.onAwaitingInput !== undefined && !isFunction(options.onAwaitingInput)) problems.push('onAwaitingInput: must be a function')
  for (const key of ['enabled', 'recordContent'] as const) {
    const value = (options.telemetry as Record<string, unknown> | undefined)?.[key]
    if (value !== undefined && typeof value !== 'boolean') problems.push(`telemetry.${key}: must be true or false`)
  }
  const maxBodyBytes = options.http?.maxBodyBytes
  if (maxBodyBytes !== undefined && !(Number.isInteger(maxBodyBytes) && maxBodyBytes > 0)) {
    problems.push('http.maxBodyBytes: must be a positive whole number of bytes')
  }
  problems.push(...authOptionsProblems(options))
  problems.push(...fileDownloadProblems(options))
  problems.push(...notifyProblems(options.notify, new Map([...instances].map(([name, seen]) => [name, seen.piece as { label?: string; directMessages?: unknown }]))))
  const agents = Array.isArray(options.agents) ? options.agents : []
  const piecesOf = (slug: string) => {
    const channels = agents.find((agent) => agent?.slug === slug)?.channels
    return Array.isArray(channels) ? (channels as { instance?: unknown; openThread?: unknown }[]) : []
  }
  problems.push(...mcpOptionsProblems(options.mcp, agents.map((agent) => agent?.slug), piecesOf))
  return { problems, warnings }
}
