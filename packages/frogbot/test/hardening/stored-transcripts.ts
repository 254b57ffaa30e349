import { convertToModelMessages, isToolUIPart, type UIMessage } from 'ai'
import type { Kysely } from 'kysely'
import type { Database } from '../../src/store/database-schema.ts'

// Checks every chat in a FrogBot database the way a provider and a user would see it. Used by
// the fuzz, crash and soak suites after they have done their worst.

type Part = UIMessage['parts'][number] & { toolCallId?: string; state?: string; input?: unknown }
type Settlement = { toolCallId: string; outcome: string }

const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value)
const OPEN = new Set(['input-streaming', 'input-available'])

/**
 * What is wrong with the stored chats (`[]` when nothing), each problem naming its chat:
 * - a tool part whose `input` is not an object, or that is open (no result) without a pending call;
 * - a pending call whose part is not waiting, a chat with pending calls that is not `awaiting`,
 *   or an `awaiting` chat with none;
 * - a tool call id used twice in a chat, a call settled more than once, a settled call whose part
 *   has no result, or an answered call whose part has no output;
 * - a transcript (without the calls that still wait) that `convertToModelMessages` refuses, or
 *   whose model messages leave a tool call without a tool result.
 * `chatIds` narrows the check to those chats.
 */
export async function storedTranscriptProblems(db: Kysely<Database>, chatIds?: string[]): Promise<string[]> {
  let query = db.selectFrom('frogbot_chats').select(['id', 'state'])
  if (chatIds) query = query.where('id', 'in', chatIds.length > 0 ? chatIds : [''])
  const chats = await query.execute()
  const problems: string[] = []
  for (const chat of chats) {
    const rows = await db.selectFrom('frogbot_messages').selectAll().where('chat_id', '=', chat.id).orderBy('position').execute()
    const calls = await db.selectFrom('frogbot_pending_calls').selectAll().where('chat_id', '=', chat.id).execute()
    problems.push(...(await chatProblems(chat, rows, calls)).map((problem) => `${chat.id}: ${problem}`))
  }
  return problems
}

async function chatProblems(
  chat: { state: string },
  rows: { id: string; role: string; parts: string; metadata: string | null; settlements: string }[],
  calls: { tool_call_id: string; status: string }[]
): Promise<string[]> {
  const problems: string[] = []
  const waiting = new Set(calls.filter((call) => call.status === 'pending').map((call) => call.tool_call_id))
  const status = new Map(calls.map((call) => [call.tool_call_id, call.status]))
  if (waiting.size > 0 && chat.state !== 'awaiting') problems.push(`${waiting.size} pending calls in a chat that is ${chat.state}`)
  if (waiting.size === 0 && chat.state === 'awaiting') problems.push('awaiting with no pending call')

  const messages: UIMessage[] = []
  const seen = new Set<string>()
  const settledTimes = new Map<string, number>()
  const parts = new Map<string, Part>()
  for (const row of rows) {
    const message = { id: row.id, role: row.role, parts: JSON.parse(row.parts) as Part[] } as UIMessage
    for (const settlement of JSON.parse(row.settlements) as Settlement[]) settledTimes.set(settlement.toolCallId, (settledTimes.get(settlement.toolCallId) ?? 0) + 1)
    for (const part of message.parts as Part[]) {
      if (!isToolUIPart(part)) continue
      if (seen.has(part.toolCallId)) problems.push(`tool call id ${part.toolCallId} used twice`)
      seen.add(part.toolCallId)
      parts.set(part.toolCallId, part)
      if (!isPlainObject(part.input)) problems.push(`tool call ${part.toolCallId}: input ${JSON.stringify(part.input)?.slice(0, 80)} is not an object`)
      if (OPEN.has(part.state) && !waiting.has(part.toolCallId)) problems.push(`tool call ${part.toolCallId} is ${part.state} without a pending call`)
    }
    messages.push({ ...message, parts: (message.parts as Part[]).filter((part) => !(isToolUIPart(part) && waiting.has(part.toolCallId))) })
  }
  for (const id of waiting) if (parts.get(id)?.state !== 'input-available') problems.push(`pending call ${id} has part state ${parts.get(id)?.state ?? 'none'}`)
  for (const [id, times] of settledTimes) {
    if (times > 1) problems.push(`call ${id} settled ${times} times`)
    const part = parts.get(id)
    if (!part) problems.push(`settlement of ${id}, which no part holds`)
    else if (OPEN.has(part.state!)) problems.push(`call ${id} is settled but its part is ${part.state}`)
    if (status.get(id) === 'answered' && part?.state !== 'output-available') problems.push(`answered call ${id} has part state ${part?.state}`)
  }
  for (const [id, callStatus] of status) if (callStatus !== 'pending' && settledTimes.get(id) !== 1) problems.push(`call ${id} is ${callStatus} with ${settledTimes.get(id) ?? 0} settlements`)

  try {
    const model = await convertToModelMessages(messages)
    const results = new Set<string>()
    const called: string[] = []
    for (const message of model) {
      if (!Array.isArray(message.content)) continue
      for (const part of message.content as { type: string; toolCallId?: string }[]) {
        if (part.type === 'tool-call') called.push(part.toolCallId!)
        if (part.type === 'tool-result' || part.type === 'tool-error') results.add(part.toolCallId!)
      }
    }
    for (const id of called) if (!results.has(id)) problems.push(`model transcript: tool call ${id} has no result`)
  } catch (error) {
    problems.push(`convertToModelMessages failed: ${error instanceof Error ? error.message : String(error)}`)
  }
  return problems
}
