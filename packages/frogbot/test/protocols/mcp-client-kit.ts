import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'

/**
 * The official MCP client connected to a FrogBot's `/mcp` through `fetch` (its web-standard handler,
 * or a served base URL), signed in with `token`. `maxRounds`: how many `input_required` rounds one
 * call may take (the SDK's default is 10). `elicit`: answers form elicitations (the client then declares them).
 */
export async function mcpClient({ fetch, base = 'http://localhost', token, maxRounds = 200, elicit }: { fetch?: (request: Request) => Promise<Response>; base?: string; token: string; maxRounds?: number; elicit?: (params: { message: string; requestedSchema?: unknown }) => Promise<{ action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }> }) {
  const capabilities = elicit ? { elicitation: { form: {} } } : {}
  const client = new Client({ name: 'frogbot-test', version: '1.0.0' }, { capabilities, inputRequired: { maxRounds }, versionNegotiation: { mode: 'auto' } })
  if (elicit) client.setRequestHandler('elicitation/create', async (request) => elicit(request.params as never) as never)
  const viaHandler = fetch ? (url: string | URL | Request, init?: RequestInit) => fetch(new Request(url, init)) : undefined
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', base), { fetch: viaHandler, requestInit: { headers: { authorization: `Bearer ${token}` } } }))
  return client
}
