// The baseline: the same turn through the AI SDK alone in a bare Hono app, with no storage and no
// auth. The client holds the chat and sends it whole, as `useChat` does with the AI SDK alone.
import { Hono } from 'hono'
import { type LanguageModel, type UIMessage, convertToModelMessages, streamText, tool, validateUIMessages } from 'ai'
import { QuestionInput, QuestionOutput, checkQuestionAnswer } from '../packages/frogbot/src/tools/index.ts'

/** The bare app: `POST /api/chat` with `{ messages }`; `GET /api/health` answers 200. */
export type BaselineApp = { fetch: (request: Request) => Response | Promise<Response> }

type ToolPart = { type: string; toolCallId: string; state: string; input: QuestionInput; output?: QuestionOutput }

/**
 * A bare Hono app doing FrogBot's turn with the AI SDK alone: the same `question` tool schemas
 * (`frogbot/tools`), UI message validation (`validateUIMessages`), the same answer rules
 * (`checkQuestionAnswer`), and the turn streamed as a UI message stream. A transcript that ends
 * with an answered question continues in the same assistant message (`originalMessages`).
 */
export function createBaselineApp(model: Exclude<LanguageModel, string>): BaselineApp {
  const tools = { question: tool({ description: 'Ask the user a structured question.', inputSchema: QuestionInput, outputSchema: QuestionOutput }) }
  const app = new Hono()
  app.get('/api/health', (c) => c.json({ ok: true }))
  app.post('/api/chat', async (c) => {
    const body = (await c.req.json()) as { messages?: unknown }
    let messages: UIMessage[]
    try {
      messages = await validateUIMessages({ messages: body.messages, tools })
    } catch (error) {
      return c.json({ error: error instanceof Error ? error.message : String(error) }, 400)
    }
    const last = messages.at(-1)!
    for (const part of last.role === 'assistant' ? (last.parts as unknown as ToolPart[]) : []) {
      if (part.type !== 'tool-question' || part.state !== 'output-available') continue
      const checked = checkQuestionAnswer(part.input, part.output!)
      if (checked !== true) return c.json({ error: checked }, 400)
    }
    const result = streamText({ model, tools, messages: await convertToModelMessages(messages, { tools }) })
    return result.toUIMessageStreamResponse({ originalMessages: messages })
  })
  return { fetch: app.fetch }
}

/** A request to the bare app with the whole transcript. */
export function baselineRequest(base: string, messages: UIMessage[]): Request {
  return new Request(`${base}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages }) })
}
