// Asks a FrogBot person a question from any MCP client (docs/protocols/mcp.md): the official MCP
// client calls `ask_human` on FrogBot's /mcp and prints the answer once someone gives it in the
// admin chat (the chat appears in the token user's chat list), over HTTP or in a channel.
//
//   FROGBOT_URL=http://localhost:3000 FROGBOT_TOKEN=fbt_… node scripts/mcp-ask-human.ts
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'

/** Calls `ask_human` on the FrogBot at `base` as `token` and resolves with the person's answer (or throws their dismissal). */
export async function askHuman({ base, token, fetch }: { base: string; token: string; fetch?: (request: Request) => Promise<Response> }) {
  // `auto` speaks MCP 2026-07-28, whose input_required rounds let the wait outlast any one request;
  // each round waits up to `mcp.waitSeconds`, so 500 rounds of 20 s wait almost three hours.
  const client = new Client({ name: 'ask-human-example', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' }, inputRequired: { maxRounds: 500 } })
  const viaFetch = fetch ? (url: string | URL | Request, init?: RequestInit) => fetch(new Request(url, init)) : undefined
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', base), { fetch: viaFetch, requestInit: { headers: { authorization: `Bearer ${token}` } } }))
  try {
    const result = await client.callTool({
      name: 'ask_human',
      arguments: {
        questions: [{ header: 'Deploy', question: 'Deploy the release to production now?', options: [{ label: 'Deploy now' }, { label: 'Wait until Monday' }], custom: false }]
      }
    })
    if (result.isError) throw new Error(JSON.stringify(result.content))
    return result.structuredContent as { answers: { header: string; selected: string[]; custom?: string }[] }
  } finally {
    await client.close()
  }
}

if (import.meta.main) {
  const answer = await askHuman({ base: process.env.FROGBOT_URL ?? 'http://localhost:3000', token: process.env.FROGBOT_TOKEN ?? '' })
  console.log(JSON.stringify(answer, null, 2))
}
