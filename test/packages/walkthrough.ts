import { expect } from 'vitest'

type Answer = { status: number; body: any }

async function call(base: string, token: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  const text = await response.text()
  try {
    return { status: response.status, body: JSON.parse(text) }
  } catch {
    return { status: response.status, body: text }
  }
}

/**
 * The seed's "Answer over HTTP" walkthrough against a running server at `base` (the `planner` agent
 * with `question`, the offline demo model), as the README tells a newcomer to run it: a prompt
 * answers `awaiting-input` with the pending question; `…/pending` lists it; settling it continues
 * the turn in the same assistant message; settling it again is `409 already-settled`.
 */
export async function answerOverHttp(base: string, token: string) {
  expect((await call(base, 'not-a-token', '/api/agents')).status).toBe(401)

  const asked = await call(base, token, '/api/agents/planner', { prompt: 'Plan a team offsite: should it be in the city or in the mountains?' })
  expect(asked.status, JSON.stringify(asked.body)).toBe(200)
  expect(asked.body).toMatchObject({ status: 'awaiting-input', pending: [{ toolName: 'question' }] })
  const { chatId } = asked.body
  const [waitingCall] = asked.body.pending
  const [question] = waitingCall.input.questions
  const label: string = question.options.at(-1).label
  const chat = `/api/agents/planner/chats/${chatId}`

  const waiting = await call(base, token, `${chat}/pending`)
  expect(waiting.status).toBe(200)
  expect(waiting.body.pending.map((pending: { toolCallId: string }) => pending.toolCallId)).toEqual([waitingCall.toolCallId])

  const output = { answers: [{ header: question.header, selected: [label] }] }
  const settled = await call(base, token, `${chat}/settle`, { toolCallId: waitingCall.toolCallId, output })
  expect(settled.status, JSON.stringify(settled.body)).toBe(200)
  expect(settled.body).toMatchObject({ status: 'complete', chatId, messageId: waitingCall.messageId, settlement: { toolCallId: waitingCall.toolCallId, outcome: 'answered' } })
  expect(settled.body.text).toContain(label)

  const read = await call(base, token, chat)
  expect(read.status).toBe(200)
  const assistants = read.body.messages.filter((message: { role: string }) => message.role === 'assistant')
  expect(assistants.map((message: { id: string }) => message.id)).toEqual([waitingCall.messageId])
  const parts: Array<{ type: string; state?: string }> = assistants[0].parts
  const answered = parts.findIndex((part) => part.type === 'tool-question' && part.state === 'output-available')
  expect(answered).toBeGreaterThanOrEqual(0)
  expect(parts.slice(answered + 1).some((part) => part.type === 'text')).toBe(true)

  const again = await call(base, token, `${chat}/settle`, { toolCallId: waitingCall.toolCallId, output })
  expect(again.status).toBe(409)
  expect(JSON.stringify(again.body)).toContain('"already-settled"')
}
