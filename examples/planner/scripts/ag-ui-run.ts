// Runs the planner from an AG-UI client (docs/protocols/ag-ui.md): `@ag-ui/client`'s HttpAgent
// sends a message, the run ends with an interrupt for the planner's question, and the script
// resumes it with the first option of each question; the same reply continues.
//
//   FROGBOT_URL=http://localhost:3000 FROGBOT_TOKEN=fbt_… node scripts/ag-ui-run.ts
import { HttpAgent, buildResumeArray } from '@ag-ui/client'
import { randomUUID } from 'node:crypto'

type AskedQuestions = { questions: { header: string; options: { label: string }[] }[] }

/** One run of the planner on a new thread and, if it stops at questions, one resume; resolves with the reply's text. */
export async function runPlanner({ base, token, prompt, fetch }: { base: string; token: string; prompt: string; fetch?: (request: Request) => Promise<Response> }) {
  const agent = new HttpAgent({
    url: new URL('/api/agents/planner/ag-ui', base).href,
    headers: { authorization: `Bearer ${token}` },
    threadId: randomUUID(),
    ...(fetch ? { fetch: (url: string, init: RequestInit) => fetch(new Request(url, init)) } : {})
  })
  let text = ''
  const subscriber = { onTextMessageContentEvent: ({ event }: { event: { delta: string } }) => void (text += event.delta) }
  agent.addMessage({ id: randomUUID(), role: 'user', content: prompt })
  await agent.runAgent({}, subscriber)
  if (agent.pendingInterrupts.length > 0) {
    const responses = Object.fromEntries(
      agent.pendingInterrupts.map((interrupt) => {
        const { questions } = (interrupt.metadata?.input ?? { questions: [] }) as AskedQuestions
        const answers = questions.map((question) => ({ header: question.header, selected: [question.options[0].label] }))
        return [interrupt.id, { status: 'resolved' as const, payload: { answers } }]
      })
    )
    await agent.runAgent({ resume: buildResumeArray(agent.pendingInterrupts, responses) }, subscriber)
  }
  return { threadId: agent.threadId, text }
}

if (import.meta.main) {
  const { threadId, text } = await runPlanner({ base: process.env.FROGBOT_URL ?? 'http://localhost:3000', token: process.env.FROGBOT_TOKEN ?? '', prompt: 'Plan a team offsite: city or mountains?' })
  console.log(`chat ${threadId}:\n${text}`)
}
