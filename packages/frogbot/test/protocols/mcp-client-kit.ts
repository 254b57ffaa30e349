import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'

/**
 * The official MCP client connected to a FrogBot's `/mcp` through `fetch` (its web-standard handler,
 * or a served base URL), signed in with `token`. `maxRounds`: how many `input_required` rounds one
 * call may take (the SDK's default is 10).
 */
export async function mcpClient({ fetch, base = 'http://localhost', token, maxRounds = 200 }: { fetch?: (request: Request) => Promise<Response>; base?: string; token: string; maxRounds?: number }) {
  const client = new Client({ name: 'frogbot-test', version: '1.0.0' }, { inputRequired: { maxRounds }, versionNegotiation: { mode: 'auto' } })
  const viaHandler = fetch ? (url: string | URL | Request, init?: RequestInit) => fetch(new Request(url, init)) : undefined
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', base), { fetch: viaHandler, requestInit: { headers: { authorization: `Bearer ${token}` } } }))
  return client
}
