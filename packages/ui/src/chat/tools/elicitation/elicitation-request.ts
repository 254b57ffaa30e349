import { MCP_ELICITATION_KIND, type McpElicitationRequest, type PendingCall } from '@frogbotai/protocol'

/**
 * The request of a waiting call of kind `mcp-elicitation` (its `input`: a form or a link), or
 * `undefined` for any other call or an input of another shape.
 */
export function elicitationRequestOf(call: PendingCall | undefined): McpElicitationRequest | undefined {
  if (call?.kind !== MCP_ELICITATION_KIND || !call.input || typeof call.input !== 'object') return undefined
  const input = call.input as Record<string, unknown>
  const message = typeof input.message === 'string' ? input.message : ''
  if (input.mode === 'url' && typeof input.url === 'string') return { mode: 'url', message, url: input.url }
  if (input.mode === 'form' && input.requestedSchema && typeof input.requestedSchema === 'object') return { mode: 'form', message, requestedSchema: input.requestedSchema as Record<string, unknown> }
  return undefined
}

/**
 * A URL-mode link the card may show as a link: `http:` or `https:` only (a `javascript:` or
 * `data:` address is shown as text, never made clickable), with the host the person is sent to.
 */
export function safeLink(url: string): { href: string; host: string } | null {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? { href: parsed.href, host: parsed.host } : null
  } catch {
    return null
  }
}
