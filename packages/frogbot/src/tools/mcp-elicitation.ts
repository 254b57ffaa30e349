import { z } from 'zod'
import type { McpElicitationRequest } from '@frogbotai/protocol'
import { FrogbotError } from '../errors/frogbot-error.ts'

// An MCP server's request for input (MCP 2026-07-28 multi round-trip requests: a tool call that
// answers `input_required` with an elicitation and a `requestState`), as a pending call of kind
// `mcp-elicitation` (docs/protocols/mcp.md#when-an-mcp-tool-asks-for-input).

/**
 * What an MCP tool's `execute` returns when its server answered `input_required` with one
 * elicitation: the step ends there and the call waits as a pending call of kind
 * `mcp-elicitation` (`MCP_ELICITATION_KIND`) (never read by the model).
 */
export type McpInputRequired = { mcpInputRequired: { key: string; request: McpElicitation; requestState?: string } }

/**
 * The request a person sees (a pending call's `input`): a form (`message`, `requestedSchema`: the
 * JSON Schema of the answer) or a link (`url`, which FrogBot shows and never fetches).
 */
export type McpElicitation = McpElicitationRequest

/** What the continuation sends back to the MCP server: the response to the request `key`, and the server's `requestState` echoed. */
export type McpResume = { key: string; response: { action: 'accept'; content?: Record<string, unknown> } | { action: 'decline' }; requestState?: string }

/** Whether a tool's output is an MCP server's request for input (see {@link McpInputRequired}). */
export function isMcpInputRequired(output: unknown): output is McpInputRequired {
  return typeof output === 'object' && output !== null && 'mcpInputRequired' in output
}

/**
 * The one elicitation of an `input_required` result's `inputRequests` as FrogBot asks it, or a
 * message saying why FrogBot cannot (sampling or roots requests, several requests at once, an
 * unknown mode).
 */
export function elicitationOf(inputRequests: Record<string, unknown> | undefined): { key: string; request: McpElicitation } | { problem: string } {
  const entries = Object.entries(inputRequests ?? {})
  if (entries.length !== 1) return { problem: `asks for ${entries.length} inputs at once; FrogBot answers one elicitation per round` }
  const [key, raw] = entries[0] as [string, { method?: unknown; params?: Record<string, unknown> }]
  const params = raw?.params ?? {}
  if (raw?.method !== 'elicitation/create') return { problem: `asks for ${String(raw?.method)}, which FrogBot does not answer` }
  const message = String(params.message ?? '')
  if (params.mode === 'url' && typeof params.url === 'string') return { key, request: { mode: 'url', message, url: params.url } }
  if ((params.mode ?? 'form') === 'form' && typeof params.requestedSchema === 'object' && params.requestedSchema) {
    return { key, request: { mode: 'form', message, requestedSchema: params.requestedSchema as Record<string, unknown> } }
  }
  return { problem: `asks for an elicitation of unknown mode ${String(params.mode)}` }
}

/**
 * The response to an MCP elicitation from a settle: a dismissal is `decline`; an answer to a form
 * must match its `requestedSchema` (else `FrogbotError('invalid-output')` naming the field, such
 * as `output.confirm: …`; `field` is where the request carried the output) and is `accept` with
 * that content; an answer to a link (any output, such as `{}`: the person says they finished) is
 * `accept` without content.
 */
export function elicitationResponse(
  request: McpElicitation,
  action: { output: unknown } | { dismissed: true },
  field = 'output'
): McpResume['response'] {
  if (!('output' in action)) return { action: 'decline' }
  if (request.mode === 'url') return { action: 'accept' }
  let schema: z.ZodType
  try {
    schema = z.fromJSONSchema(request.requestedSchema as Parameters<typeof z.fromJSONSchema>[0])
  } catch {
    const text = 'the MCP server asked with a schema FrogBot cannot check; dismiss the call instead.'
    throw new FrogbotError('invalid-output', `${field}: ${text}`)
  }
  const parsed = schema.safeParse(action.output)
  if (!parsed.success) {
    const fieldOf = (issue: z.core.$ZodIssue) => [field, ...issue.path.map(String)].join('.')
    const problems = parsed.error.issues.map((issue) => `${fieldOf(issue)}: ${issue.message}`)
    throw new FrogbotError('invalid-output', problems.join('; '))
  }
  return { action: 'accept', content: parsed.data as Record<string, unknown> }
}

/**
 * A turn's UI message stream without the outputs that are MCP servers' requests for input: the
 * call waits as `input-available` (as it is stored), and the server's request state never reaches
 * a browser or the live replay.
 */
export function withoutMcpInputRequests<C extends { type: string }>(stream: ReadableStream<C>): ReadableStream<C> {
  return stream.pipeThrough(
    new TransformStream<C, C>({
      transform(chunk, controller) {
        if (chunk.type === 'tool-output-available' && isMcpInputRequired((chunk as { output?: unknown }).output)) return
        controller.enqueue(chunk)
      }
    })
  )
}
