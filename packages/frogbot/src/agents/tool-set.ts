import { createHash } from 'node:crypto'
import { tool as aiTool, type Schema, type ToolSet, zodSchema } from 'ai'
import { z } from 'zod'
import type { AnyTool, ClientTool, NeedsApproval, Tool, ToolContext } from '../tools/tool.ts'
import { isClientTool, mayNeedApproval } from '../tools/tool.ts'
import { boundedInputSchema } from './tool-input-depth.ts'
import type { McpResume } from '../tools/mcp-elicitation.ts'

/** A server tool whose calls may wait for approval. */
export type ApprovalTool = Tool<any, any> & { needsApproval: NeedsApproval<any> }

/**
 * Per-turn state the server tools' `execute` reads:
 * - `clientCallPending`: set after each model call (through `onLanguageModelCallEnd`, which the
 *   AI SDK awaits before it runs the step's tools): true when the step contains a client tool call
 *   or a call waiting for approval, so server tools of that same step are skipped (seed: "Build a
 *   client tool", last paragraph);
 * - `approvalIds`: the approval id of each approved call this turn runs, by tool call id (given to
 *   `execute` as `approvalId`);
 * - `started`: the approved calls whose `execute` started, so a stopped turn can say whether it ran;
 * - `running`: for every server tool call whose `execute` started (approved or needing no
 *   approval), a promise that settles when its `execute` settled, having put the outcome in
 *   `finished` (its output, or its error), so a turn the server's shutdown stopped can wait for
 *   the tool and store its result;
 * - `toolSignal`: the stop signal server tools get as `abortSignal` (else the AI SDK's): it fires at
 *   once on a Stop, and only when the shutdown's grace is over when the server shuts down; an
 *   outcome that comes after it fired is not put in `finished` (the tool did not finish in time);
 * - `mcpResumes`: for the MCP tools' calls a person answered (kind `mcp-elicitation`), what each
 *   sends back to its server, by tool call id (given to `execute` as `mcpResume`).
 */
export type StepGate = {
  clientCallPending: boolean
  approvalIds: ReadonlyMap<string, string>
  started: Set<string>
  running?: Map<string, Promise<void>>
  finished?: Map<string, ToolOutcome>
  toolSignal?: AbortSignal
  mcpResumes?: ReadonlyMap<string, McpResume>
}

/** How a server tool's `execute` ended: its output, or the error it threw. */
export type ToolOutcome = { output: unknown } | { error: unknown }

/** The result a skipped server tool returns to the model. */
export function skippedResult(toolName: string) {
  return {
    skipped: true,
    reason: `"${toolName}" was not run because this step also asks the user for input. Call it again after the answer if you still need it.`
  }
}

const fingerprints = new WeakMap<AnyTool, string>()
const aiSchemas = new WeakMap<z.ZodType, Schema>()
const inputSchemas = new WeakMap<z.ZodType, Schema>()

/**
 * The AI SDK schema of a Zod schema, made once: the AI SDK converts a Zod schema to JSON Schema
 * each time it meets it, which is every model call of every turn otherwise.
 */
function aiSchemaOf(schema: z.ZodType): Schema {
  let converted = aiSchemas.get(schema)
  if (!converted) {
    converted = zodSchema(schema as never) as Schema
    aiSchemas.set(schema, converted)
  }
  return converted
}

/** {@link aiSchemaOf} for a tool input: a model's input nested too deep is refused (`boundedInputSchema`). */
function aiInputSchemaOf(schema: z.ZodType): Schema {
  let bounded = inputSchemas.get(schema)
  if (!bounded) {
    bounded = boundedInputSchema(aiSchemaOf(schema))
    inputSchemas.set(schema, bounded)
  }
  return bounded
}

/**
 * Fingerprint of a tool's schemas (hex SHA-256 of its JSON schemas, 16 characters), computed once
 * per tool. A pending call keeps the fingerprint of its tool so an answer after a deploy that
 * changed or removed the tool is refused with `409 tool-unavailable` instead of being checked
 * against the wrong schema.
 */
export function toolFingerprint(tool: AnyTool): string {
  const known = fingerprints.get(tool)
  if (known) return known
  const fingerprint = computeFingerprint(tool)
  fingerprints.set(tool, fingerprint)
  return fingerprint
}

function computeFingerprint(tool: AnyTool): string {
  const describe = (schema: unknown) => {
    try {
      return z.toJSONSchema(schema as z.ZodType, { unrepresentable: 'any' })
    } catch {
      return null
    }
  }
  const text = JSON.stringify([tool.slug, describe(tool.inputSchema), describe(tool.outputSchema)])
  return createHash('sha256').update(text).digest('hex').slice(0, 16)
}

/**
 * The AI SDK tools a model is offered in one turn.
 * - Server tools run `execute` with `context`, unless `gate` says the step holds a client call
 *   or a call waiting for approval; an approved call's `execute` gets its `approvalId`.
 * - Client tools are offered without `execute` (the AI SDK then ends the step at the call) when
 *   `offers(kind)` says someone can answer their kind here; otherwise they are withheld (seed:
 *   "Where questions are offered").
 */
export function buildToolSet({ tools, offers, gate, context }: {
  tools: AnyTool[]
  offers: (kind: string) => boolean
  gate: StepGate
  context: ToolContext
}): ToolSet {
  const set: ToolSet = {}
  for (const tool of tools) {
    if (isClientTool(tool)) {
      if (!offers(tool.client.kind)) continue
      set[tool.slug] = aiTool({ description: tool.description, inputSchema: aiInputSchemaOf(tool.inputSchema), outputSchema: aiSchemaOf(tool.outputSchema) })
      continue
    }
    const serverTool = tool
    set[tool.slug] = aiTool({
      description: tool.description,
      inputSchema: aiInputSchemaOf(tool.inputSchema),
      execute: async (input: unknown, options: { abortSignal?: AbortSignal; toolCallId: string }) => {
        const { toolCallId } = options
        const abortSignal = gate.toolSignal ?? options.abortSignal
        if (gate.clientCallPending) return skippedResult(serverTool.slug)
        const approvalId = gate.approvalIds.get(toolCallId)
        if (approvalId === undefined) {
          return tracked(gate, toolCallId, () => serverTool.execute(input, { ...context, abortSignal }))
        }
        gate.started.add(toolCallId)
        const mcpResume = gate.mcpResumes?.get(toolCallId)
        const toolContext = { ...context, abortSignal, approvalId, ...(mcpResume ? { mcpResume } : {}) }
        return tracked(gate, toolCallId, () => serverTool.execute(input, toolContext))
      }
    })
  }
  return set
}

/**
 * Runs a server tool's `execute` for call `toolCallId`, keeping it in `gate.running` until it
 * settles and its outcome in `gate.finished` (see {@link StepGate}); returns what it returns.
 */
function tracked(gate: StepGate, toolCallId: string, execute: () => unknown): Promise<unknown> {
  const run = (async () => execute())()
  const record = (outcome: ToolOutcome) => {
    if (!gate.toolSignal?.aborted) gate.finished?.set(toolCallId, outcome)
  }
  const settled = run.then((output) => record({ output }), (error: unknown) => record({ error }))
  gate.running?.set(toolCallId, settled)
  return run
}

/** Client tools of a list, by slug. */
export function clientToolsOf(tools: AnyTool[]): Map<string, ClientTool> {
  return new Map(tools.filter(isClientTool).map((tool) => [tool.slug, tool]))
}

/** Server tools of a list whose calls may wait for approval (`needsApproval`), by slug. */
export function approvalToolsOf(tools: AnyTool[]): Map<string, ApprovalTool> {
  return new Map(tools.filter(mayNeedApproval).map((tool) => [tool.slug, tool]))
}
