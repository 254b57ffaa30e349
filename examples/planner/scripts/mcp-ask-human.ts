// Asks a FrogBot person a question from any MCP client (docs/protocols/mcp.md): the official MCP
// client calls `ask_human` on FrogBot's /mcp and prints the answer once someone gives it in the
// admin chat (the chat appears in the token user's chat list), over HTTP or in a channel. It keeps
// waiting across a restart of FrogBot: a round that finds no server is sent again until one is back.
//
//   FROGBOT_URL=http://localhost:3000 FROGBOT_TOKEN=fbt_… node scripts/mcp-ask-human.ts
import { Client, StreamableHTTPClientTransport, type CallToolResult } from '@modelcontextprotocol/client'

type Answers = { answers: { header: string; selected: string[]; custom?: string }[] }

const DEPLOY = {
  questions: [{
    header: 'Deploy',
    question: 'Deploy the release to production now?',
    options: [{ label: 'Deploy now' }, { label: 'Wait until Monday' }],
    custom: false
  }]
}

type AskOptions = {
  base: string
  token: string
  fetch?: (request: Request) => Promise<Response>
  retryMs?: number
  retryForMs?: number
}

/**
 * Whether `error` says a round reached no FrogBot that took it, so that its state is still unused:
 * no connection (the server is restarting), or `503` (it is shutting down).
 */
function notTaken(error: unknown): boolean {
  return error instanceof TypeError || (error as { data?: { status?: number } } | null)?.data?.status === 503
}

/**
 * The question ended without an answer: the person dismissed it, a Stop cancelled it, or it
 * expired. `message` is FrogBot's own sentence of how it ended (the tool error of `ask_human`).
 */
export class QuestionNotAnswered extends Error {
  override name = 'QuestionNotAnswered'
}

/**
 * Calls `ask_human` on the FrogBot at `base` as `token` and resolves with the person's answer (or
 * throws {@link QuestionNotAnswered} when it was dismissed, cancelled by a Stop or expired). Each
 * round waits up to `mcp.waitSeconds`; a round that reaches no server is sent again every
 * `retryMs`, for up to `retryForMs` (a restart or a deploy).
 */
export async function askHuman({ base, token, fetch, retryMs = 1000, retryForMs = 300_000 }: AskOptions) {
  // `auto` speaks MCP 2026-07-28, whose input_required rounds let the wait outlast any one request.
  // The rounds are sent here (`autoFulfill: false`) rather than by the SDK, to send one again.
  const manual = { versionNegotiation: { mode: 'auto' as const }, inputRequired: { autoFulfill: false } }
  const client = new Client({ name: 'ask-human-example', version: '1.0.0' }, manual)
  const viaFetch = fetch ? (url: string | URL | Request, init?: RequestInit) => fetch(new Request(url, init)) : undefined
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', base), { fetch: viaFetch, requestInit: { headers: { authorization: `Bearer ${token}` } } }))
  try {
    let requestState: string | undefined
    let failingSince: number | undefined
    for (;;) {
      const params = { name: 'ask_human', arguments: DEPLOY, ...(requestState ? { requestState } : {}) }
      let result: CallToolResult & { resultType?: string; requestState?: string }
      try {
        result = await client.callTool(params, { allowInputRequired: true })
        failingSince = undefined
      } catch (error) {
        // The first round is never sent again: it may have asked already.
        failingSince ??= Date.now()
        if (!requestState || !notTaken(error) || Date.now() - failingSince > retryForMs) throw error
        await new Promise((resolve) => setTimeout(resolve, retryMs))
        continue
      }
      if (result.resultType === 'input_required') {
        requestState = result.requestState
        continue
      }
      if (result.isError) {
        const text = result.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(' ')
        throw new QuestionNotAnswered(text || 'FrogBot gave no reason')
      }
      return result.structuredContent as Answers
    }
  } finally {
    await client.close()
  }
}

/**
 * The script as a command: asks, prints the answer and returns exit code 0; when the question ended
 * without an answer (dismissed, cancelled by a Stop, expired) or FrogBot could not be reached,
 * prints one line saying so, without a stack trace, and returns 1.
 */
export async function runAskHuman(
  options: AskOptions,
  print = { out: console.log, error: console.error }
): Promise<number> {
  try {
    print.out(JSON.stringify(await askHuman(options), null, 2))
    return 0
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const ended = error instanceof QuestionNotAnswered
    print.error(ended ? `The question was not answered: ${message}` : `mcp-ask-human: ${message}`)
    return 1
  }
}

if (import.meta.main) {
  const base = process.env.FROGBOT_URL ?? 'http://localhost:3000'
  const options = { base, token: process.env.FROGBOT_TOKEN ?? '' }
  process.exitCode = await runAskHuman(options)
}
