import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { postgresAdapter, type Tool } from '../../src/index.ts'
import { createTestDatabase, describePostgres } from '../../src/testing/postgres.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// A dismissal's or a denial's reason of only invisible characters (`"\u200b\u202e"`) was stored,
// and the tool error the model read became `Dismissed by the user. Reason: \u200b\u202e` (a bidi
// override left open); through useChat an errorText "\u200b" was kept as the reason while "   "
// was dropped. A reason `isBlankText` calls blank is now no reason at every door, as "   " is.
// Likewise a typed answer (`custom`) of only invisible characters beside a selected option was
// kept, and the demo model's reply said `you wrote: "\u200b"`: it is now no typed answer, the
// answer kept without it (the engine's rule, so every door).

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

type Json = Record<string, any>

// Control characters too (U+0001, an escape, DEL, C1's NEL): nothing a person reads.
const BLANK = [
  '   ', '\u200b\u202e', '\u200b', '\ufeff\u2066 \u034f', '\u200e\n\u3164',
  '\u001b', '\u0001\u007f \u0085\u200b',
  // The braille pattern blank and a lone combining accent were a reason, and a typed answer.
  '\u2800', '\u0301', ' \u2800\u0301\u3164 '
]

const sendInvoice: Tool<z.ZodObject<{ customer: z.ZodString }>> = {
  slug: 'send_invoice',
  description: 'Send an invoice.',
  inputSchema: z.object({ customer: z.string() }),
  needsApproval: true,
  execute: async () => ({ sent: true })
}

/** A chat whose step waits at `call_1` (`toolName` with `input`), read over HTTP; on SQLite, or `db`. */
async function waitingChat(toolName: string, input: unknown, db?: ReturnType<typeof postgresAdapter>) {
  const asked = toolStep([{ toolCallId: 'call_1', toolName, input }])
  const model = scriptedModel([asked, textStep('Noted.')])
  const made = await testFrogbot({ model, tools: [sendInvoice], config: db ? { db } : {} })
  cleanups.push(made.close)
  const { call, frogbot, user } = made
  const first = await call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
  const chatId = first.json.chatId as string
  const chatPath = `/api/agents/planner/chats/${chatId}`
  const read = async () => (await call('GET', chatPath)).json
  const settle = (body: Json) => call('POST', `${chatPath}/settle`, body)
  return { call, chatId, read, settle, frogbot, user }
}

/** What a settled call left: its settlement's reason, the tool part's error text, the model's view. */
async function settledOf(read: () => Promise<Json>, chatId: string, frogbot: Parameters<typeof storeOf>[0]) {
  const chat = await read()
  const part = chat.messages[1].parts.find((entry: Json) => entry.toolCallId === 'call_1')
  const messages = await storeOf(frogbot).getMessages(chatId)
  const stored = messages[1]!.parts.find((entry: Json) => entry.toolCallId === 'call_1') as Json
  const { reason, outcome } = chat.messages[1].settlements[0]
  const kept = { state: stored.state, errorText: stored.errorText, reason: stored.approval?.reason }
  return { reason, outcome, errorText: part.errorText, approval: part.approval?.reason, stored: kept }
}

/** A `useChat` resubmission of `chat` (as read), its `call_1` part left `output-error` with `errorText`. */
function erroredBody(chatId: string, chat: Json, errorText: string): Json {
  const copy = chat.messages.map(({ settlements: _settlements, ...message }: Json) => message)
  const errored = (part: Json) =>
    (part.toolCallId === 'call_1' ? { ...part, state: 'output-error', errorText } : part)
  const messages = [copy[0], { ...copy[1], parts: copy[1].parts.map(errored) }]
  return { id: chatId, messages, trigger: 'submit-message' }
}

describe('a blank reason is no reason', () => {
  it('/settle: a dismissal with an invisible reason is one without a reason, as "   " is', async () => {
    const plain = await waitingChat('question', colorQuestion)
    expect((await plain.settle({ toolCallId: 'call_1', dismissed: true })).status).toBe(200)
    const none = await settledOf(plain.read, plain.chatId, plain.frogbot)
    const plainDismissal = { outcome: 'dismissed', reason: undefined, errorText: 'Dismissed by the user.' }
    expect(none).toMatchObject(plainDismissal)
    for (const reason of BLANK) {
      const { settle, read, chatId, frogbot } = await waitingChat('question', colorQuestion)
      const dismissed = await settle({ toolCallId: 'call_1', dismissed: true, reason })
      expect(dismissed.status, JSON.stringify(reason)).toBe(200)
      expect(dismissed.json.settlement.reason, JSON.stringify(reason)).toBeUndefined()
      expect(await settledOf(read, chatId, frogbot), JSON.stringify(reason)).toEqual(none)
    }
  })

  it('/settle: a denial with an invisible reason is one without a reason', async () => {
    const input = { customer: 'ACME' }
    const plain = await waitingChat('send_invoice', input)
    expect((await plain.settle({ toolCallId: 'call_1', approved: false })).status).toBe(200)
    const none = await settledOf(plain.read, plain.chatId, plain.frogbot)
    expect(none.reason).toBeUndefined()
    for (const reason of BLANK) {
      const { settle, read, chatId, frogbot } = await waitingChat('send_invoice', input)
      expect((await settle({ toolCallId: 'call_1', approved: false, reason })).status).toBe(200)
      expect(await settledOf(read, chatId, frogbot), JSON.stringify(reason)).toEqual(none)
    }
  })

  it('useChat: an errorText of invisible characters, or the dismissal text with one: no reason', async () => {
    const dismissal = 'Dismissed by the user. Reason: \u200b\u202e'
    const errorTexts = ['\u200b', '\u200b\u202e', dismissal, '\u001b\u0085']
    for (const errorText of errorTexts) {
      const { call, chatId, read, frogbot } = await waitingChat('question', colorQuestion)
      const copy = (await read()).messages.map(({ settlements: _settlements, ...message }: Json) => message)
      const errored = (part: Json) =>
        (part.toolCallId === 'call_1' ? { ...part, state: 'output-error', errorText } : part)
      const messages = [copy[0], { ...copy[1], parts: copy[1].parts.map(errored) }]
      const body = { id: chatId, messages, trigger: 'submit-message' }
      const resubmitted = await call('POST', '/api/agents/planner', body)
      expect(resubmitted.status, JSON.stringify(errorText)).toBe(200)
      const settled = await settledOf(read, chatId, frogbot)
      const plain = { outcome: 'dismissed', reason: undefined, errorText: 'Dismissed by the user.' }
      expect(settled, JSON.stringify(errorText)).toMatchObject(plain)
    }
  })

  // The dismissal text with an empty reason after it, or with trailing white space, was kept whole
  // as the reason, and the model read "Dismissed by the user. Reason: Dismissed by the user. Reason: ".
  it('useChat: the dismissal text with trailing space or an empty or blank reason: no reason', async () => {
    const errorTexts = [
      'Dismissed by the user. Reason: ', 'Dismissed by the user.  ', 'Dismissed by the user. Reason:',
      'Dismissed by the user. Reason:   ', 'Dismissed by the user.\u200b \n',
      'Dismissed by the user. Reason:\t\u200b'
    ]
    const plain = { outcome: 'dismissed', reason: undefined, errorText: 'Dismissed by the user.' }
    for (const errorText of errorTexts) {
      const { call, chatId, read, frogbot } = await waitingChat('question', colorQuestion)
      const body = erroredBody(chatId, await read(), errorText)
      const resubmitted = await call('POST', '/api/agents/planner', body)
      expect(resubmitted.status, JSON.stringify(errorText)).toBe(200)
      expect(await settledOf(read, chatId, frogbot), JSON.stringify(errorText)).toMatchObject(plain)
    }
    // A reason after the label is still the reason, trimmed; other text is still kept whole.
    const given = {
      'Dismissed by the user. Reason: not now ': 'not now', 'Dismissed by the user. Later': ''
    }
    for (const [errorText, reason] of Object.entries(given)) {
      const { call, chatId, read, frogbot } = await waitingChat('question', colorQuestion)
      const body = erroredBody(chatId, await read(), errorText)
      const resubmitted = await call('POST', '/api/agents/planner', body)
      expect(resubmitted.status, JSON.stringify(errorText)).toBe(200)
      const settled = await settledOf(read, chatId, frogbot)
      expect(settled.reason, JSON.stringify(errorText)).toBe(reason || errorText)
      expect(settled.errorText).toBe(`Dismissed by the user. Reason: ${reason || errorText}`)
    }
  })

  it('from code: frogbot.settle drops a blank reason as the HTTP door does', async () => {
    const { chatId, read, frogbot, user } = await waitingChat('question', colorQuestion)
    const caller = { user: user as never }
    const reason = '\u2067\u200b\u001b'
    await frogbot.settle({ chatId, toolCallId: 'call_1', dismissed: true, reason, caller })
    const plain = { reason: undefined, errorText: 'Dismissed by the user.' }
    expect(await settledOf(read, chatId, frogbot)).toMatchObject(plain)
  })
})

// A reason was stored as sent, white space and invisible characters at its ends included
// (`"  not now\n"`), and the model read `Dismissed by the user. Reason:   not now\n`. It is kept
// trimmed (as a chat title is), at every door; the 1,000-character rule counts what is kept.
describe('a reason is kept trimmed', () => {
  it('/settle: a dismissal and a denial keep their reason without invisible ends', async () => {
    const sent = ['  not now\n', '\u200b not now \u2800', '\tnot now\u001b ']
    for (const reason of sent) {
      const { settle, read, chatId, frogbot } = await waitingChat('question', colorQuestion)
      const dismissed = await settle({ toolCallId: 'call_1', dismissed: true, reason })
      expect(dismissed.status, JSON.stringify(reason)).toBe(200)
      expect(dismissed.json.settlement.reason, JSON.stringify(reason)).toBe('not now')
      const text = 'Dismissed by the user. Reason: not now'
      const kept = { reason: 'not now', errorText: text, stored: { errorText: text } }
      expect(await settledOf(read, chatId, frogbot), JSON.stringify(reason)).toMatchObject(kept)
    }
    const { settle, read, chatId, frogbot } = await waitingChat('send_invoice', { customer: 'ACME' })
    expect((await settle({ toolCallId: 'call_1', approved: false, reason: ' too much \n' })).status).toBe(200)
    const decided = { reason: 'too much', stored: { reason: 'too much' } }
    expect(await settledOf(read, chatId, frogbot)).toMatchObject(decided)
  })

  it('/settle: 1,000 characters between white space fit; 1,001 are refused, counted as kept', async () => {
    const { settle, read } = await waitingChat('question', colorQuestion)
    const before = await read()
    const long = await settle({ toolCallId: 'call_1', dismissed: true, reason: ` ${'r'.repeat(1001)} ` })
    const rule = 'reason: is 1,001 characters; a dismissal reason holds at most 1,000'
    expect(long).toMatchObject({ status: 400, json: { code: 'invalid-output', error: rule } })
    expect(await read()).toEqual(before)
    const fits = await settle({ toolCallId: 'call_1', dismissed: true, reason: `\n${'r'.repeat(1000)}  ` })
    expect(fits.status).toBe(200)
    expect(fits.json.settlement.reason).toBe('r'.repeat(1000))
  })

  it('useChat: an errorText reason is kept trimmed, as at /settle', async () => {
    const { call, chatId, read, frogbot } = await waitingChat('question', colorQuestion)
    const body = erroredBody(chatId, await read(), '  not now \u200b')
    expect((await call('POST', '/api/agents/planner', body)).status).toBe(200)
    const text = 'Dismissed by the user. Reason: not now'
    expect(await settledOf(read, chatId, frogbot)).toMatchObject({ reason: 'not now', errorText: text })
  })
})

describePostgres('a reason is kept trimmed on PostgreSQL', () => {
  it('/settle: a dismissal and a denial store their reason trimmed', async () => {
    const database = await createTestDatabase()
    cleanups.push(() => database.drop())
    const db = () => postgresAdapter({ url: database.url })
    const dismissal = await waitingChat('question', colorQuestion, db())
    const dismissed = await dismissal.settle({ toolCallId: 'call_1', dismissed: true, reason: ' not now\n' })
    expect(dismissed.status).toBe(200)
    const text = 'Dismissed by the user. Reason: not now'
    const kept = { reason: 'not now', errorText: text, stored: { errorText: text } }
    expect(await settledOf(dismissal.read, dismissal.chatId, dismissal.frogbot)).toMatchObject(kept)
    const denial = await waitingChat('send_invoice', { customer: 'ACME' }, db())
    const denied = await denial.settle({ toolCallId: 'call_1', approved: false, reason: '\ttoo much ' })
    expect(denied.status).toBe(200)
    const decided = { reason: 'too much', stored: { reason: 'too much' } }
    expect(await settledOf(denial.read, denial.chatId, denial.frogbot)).toMatchObject(decided)
  })
})

const answerOf = async (read: () => Promise<Json>) =>
  (await read()).messages[1].parts.find((part: Json) => part.toolCallId === 'call_1').output

describe('a blank typed answer beside a selection', () => {
  const picked = { answers: [{ header: 'Color', selected: ['Red'] }] }

  it('/settle: is dropped, for white space as for invisible characters', async () => {
    for (const custom of BLANK) {
      const { settle, read } = await waitingChat('question', colorQuestion)
      const answers = [{ header: 'Color', selected: ['Red'], custom }]
      const settled = await settle({ toolCallId: 'call_1', output: { answers } })
      expect(settled.status, JSON.stringify(custom)).toBe(200)
      expect(await answerOf(read), JSON.stringify(custom)).toEqual(picked)
    }
    const { settle, read } = await waitingChat('question', colorQuestion)
    const typed = { answers: [{ header: 'Color', selected: ['Red'], custom: 'darker \u200b' }] }
    expect((await settle({ toolCallId: 'call_1', output: typed })).status).toBe(200)
    expect(await answerOf(read)).toEqual(typed)
  })

  it('useChat: is dropped as at /settle', async () => {
    const { call, chatId, read } = await waitingChat('question', colorQuestion)
    const copy = (await read()).messages.map(({ settlements: _settlements, ...message }: Json) => message)
    const output = { answers: [{ header: 'Color', selected: ['Red'], custom: '\u200b' }] }
    const answered = (part: Json) =>
      (part.toolCallId === 'call_1' ? { ...part, state: 'output-available', output } : part)
    const messages = [copy[0], { ...copy[1], parts: copy[1].parts.map(answered) }]
    const body = { id: chatId, messages, trigger: 'submit-message' }
    const resubmitted = await call('POST', '/api/agents/planner', body)
    expect(resubmitted.status).toBe(200)
    expect(await answerOf(read)).toEqual(picked)
  })
})
