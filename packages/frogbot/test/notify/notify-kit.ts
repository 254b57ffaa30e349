import { convertArrayToReadableStream } from 'ai/test'
import { z } from 'zod'
import { buildConfig, createFrogbot, type DatabaseAdapter, type Frogbot, type NotifyOptions, type Tool } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { mockModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { createTestToken, createTestUser } from '../../src/testing/test-users.ts'
import { readAnswer } from '../../src/testing/read-answer.ts'

type Message = { role: string; content: unknown }
type Part = { type: string; text?: string; output?: { type: string; value?: unknown } }

const textOf = (message: Message | undefined) => (typeof message?.content === 'string' ? message.content : ((message?.content as Part[] | undefined) ?? []).map((part) => part.text ?? '').join(''))

let calls = 0

/**
 * The notice tests' model: after a tool result it says `Got: <the result as JSON>`; a message with
 * "charge" calls `charge` (needs approval), "refund" `refund` (nobody may approve it), "transfer"
 * `transfer` (two approvals), "payout" `payout` (refuses `refusedApprovers`), with "trip" asks two
 * questions (the answer page),
 * with "hostile" one whose text carries a carriage return, escape sequences and a line break,
 * anything else asks one single-choice question, "Which color?" (Red, Blue).
 */
export const noticeModel = mockModel({
  doStream: async ({ prompt }) => {
    const messages = prompt as Message[]
    const last = messages.at(-1)
    if (last?.role === 'tool') {
      const result = (last.content as Part[]).find((part) => part.type === 'tool-result')
      return { stream: convertArrayToReadableStream(textStep(`Got: ${JSON.stringify(result?.output?.value ?? result?.output?.type)}`) as never[]) }
    }
    const text = textOf(last)
    // A prompt may name its call's id, "(call_x)", as a provider may give the same id twice.
    const toolCallId = /\((call_\w+)\)/.exec(text)?.[1] ?? `call_${++calls}`
    if (text.includes('charge')) return { stream: convertArrayToReadableStream(toolStep([{ toolCallId, toolName: 'charge', input: { cents: 500 } }]) as never[]) }
    for (const name of ['refund', 'transfer', 'payout'] as const) {
      if (text.includes(name)) return { stream: convertArrayToReadableStream(toolStep([{ toolCallId, toolName: name, input: { cents: 500 } }]) as never[]) }
    }
    if (text.includes('hostile')) {
      const hostile = [{ header: 'Hostile', question: 'Line1\r\u001b[2K\u001b]0;pwned\u0007 overwritten\n\u001b[31mfrogbot: forged', options: [{ label: 'Ok\u001b[0m' }] }]
      return { stream: convertArrayToReadableStream(toolStep([{ toolCallId, toolName: 'question', input: { questions: hostile } }]) as never[]) }
    }
    const questions = text.includes('trip')
      ? [
          { header: 'Where', question: 'Where to?', options: [{ label: 'Rome' }, { label: 'Oslo' }] },
          { header: 'Extras', question: 'Which extras?', options: [{ label: 'Museum' }, { label: 'Boat' }], multiple: true }
        ]
      : [{ header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue', description: 'like the sea' }] }]
    return { stream: convertArrayToReadableStream(toolStep([{ toolCallId, toolName: 'question', input: { questions } }]) as never[]) }
  }
})

/** Charges a card once approved; every run is counted in `charges`. */
export const charges: number[] = []
export const charge: Tool<z.ZodObject<{ cents: z.ZodNumber }>> = {
  slug: 'charge',
  description: 'Charge a card.',
  inputSchema: z.object({ cents: z.number().int().positive() }),
  needsApproval: true,
  execute: async (input) => {
    charges.push(input.cents)
    return { charged: input.cents }
  }
}

/** `charge` that nobody may approve (`approval.access` refuses everyone). */
export const refund: Tool<z.ZodObject<{ cents: z.ZodNumber }>> = { ...charge, slug: 'refund', description: 'Refund a card.', approval: { access: () => false } }

/** The recipients `payout`'s `approval.access` refuses (tests change it while a call waits). */
export const refusedApprovers = new Set<string>()

/** `charge` whose `approval.access` refuses the people in `refusedApprovers` (by link recipient or email). */
export const payout: Tool<z.ZodObject<{ cents: z.ZodNumber }>> = {
  ...charge,
  slug: 'payout',
  description: 'Pay out money.',
  approval: { access: ({ req }) => !refusedApprovers.has(req.link?.recipient ?? req.user?.email ?? '') }
}

/** `charge` that needs two approvals (`approval.quorum`). */
export const transfer: Tool<z.ZodObject<{ cents: z.ZodNumber }>> = { ...charge, slug: 'transfer', description: 'Transfer money.', approval: { quorum: { count: 2 } } }

/** A FrogBot on `adapter` with `notify`, the planner agent (question, charge), ada@example.com and her token; a clock tests move. */
export async function noticeFrogbot({ adapter, notify, env = {}, log = () => {} }: { adapter: DatabaseAdapter; notify: NotifyOptions; env?: NodeJS.ProcessEnv; log?: (line: string) => void }) {
  let offsetMs = 0
  const frogbot: Frogbot = await createFrogbot(
    buildConfig({
      agents: [
        {
          slug: 'planner',
          model: 'fast',
          profile: { name: 'Planner' },
          tools: [question, charge, refund, transfer, payout]
        }
      ],
      db: adapter,
      notify
    }),
    { model: noticeModel, log, maintenanceIntervalMs: 0, now: () => new Date(Date.now() + offsetMs), env: { FROGBOT_PUBLIC_URL: 'http://frogbot.test', ...env } }
  )
  const ada = await createTestUser(frogbot, { email: 'ada@example.com', name: 'Ada' })
  const token = await createTestToken(frogbot, { user: ada })
  const api = async (method: string, path: string, body?: unknown) =>
    readAnswer(await frogbot.fetch(new Request(`http://frogbot.test${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })))
  /** A link's page: `GET`, or `POST` with a form. */
  const page = async (url: string, form?: Record<string, string | string[]>) => {
    const body = form ? new URLSearchParams(Object.entries(form).flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((one) => [key, one]))).toString() : undefined
    const response = await frogbot.fetch(new Request(url, { method: form ? 'POST' : 'GET', headers: form ? { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://frogbot.test' } : {}, body }))
    return { status: response.status, html: await response.text(), headers: response.headers }
  }
  /** Asks the planner `prompt` as Ada (in chat `chatId`, when given); the chat and its waiting call. */
  const ask = async (prompt: string, chatId?: string) => {
    const asked = await api('POST', '/api/agents/planner', { prompt, ...(chatId ? { chatId } : {}) })
    if (asked.json.status !== 'awaiting-input') throw new Error(JSON.stringify(asked.json))
    return { chatId: asked.json.chatId as string, toolCallId: asked.json.pending[0].toolCallId as string }
  }
  return { frogbot, ada, api, page, ask, now: () => new Date(Date.now() + offsetMs), advance: (ms: number) => void (offsetMs += ms) }
}

/** The answer links in log lines or a text: `{ label: url }`. */
export function linksIn(text: string): Record<string, string> {
  return Object.fromEntries([...text.matchAll(/^\s*(?:frogbot:\s+)?([^:\n]+): (https?:\/\/\S+\/answer\/\S+)$/gm)].map((match) => [match[1].trim(), match[2]]))
}
