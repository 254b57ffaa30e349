import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { PendingCall, Tool, ToolContext } from '../../src/index.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { NEEDS_APPROVAL_FAILED_TEXT } from '@frogbotai/protocol'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { lookupTool, toolResultsIn } from './turn-test-kit.ts'

// A server tool with needsApproval waits for a person's yes, no or edit before it runs
// (docs/agents/approvals.md), through the one settle door.

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

const invoiceInput = z.object({ to: z.string().min(1), amount: z.number().positive() })

/** `send_invoice`, which needs approval; every `execute` is recorded with its context's `approvalId`. */
function invoiceTool(options: Partial<Tool<typeof invoiceInput>> = {}) {
  const runs: { input: z.output<typeof invoiceInput>; approvalId?: string }[] = []
  const tool: Tool<typeof invoiceInput> = {
    slug: 'send_invoice',
    description: 'Send an invoice to a customer.',
    inputSchema: invoiceInput,
    needsApproval: true,
    execute: async (input, context: ToolContext) => {
      runs.push({ input, approvalId: context.approvalId })
      return { sent: true, to: input.to, amount: input.amount }
    },
    ...options
  }
  return { tool, runs }
}

const invoiceCall = { toolCallId: 'call_inv', toolName: 'send_invoice', input: { to: 'ACME', amount: 500 } }

async function askingApproval(options: Partial<Tool<typeof invoiceInput>> = {}, steps = [toolStep([invoiceCall], 'Sending it.'), textStep('Invoice sent.')]) {
  const invoice = invoiceTool(options)
  const model = scriptedModel(steps)
  const app = await testFrogbot({ model, tools: [invoice.tool] })
  cleanup = app.close
  const first = await app.call('POST', '/api/agents/planner', { prompt: 'Send the invoice to ACME' })
  const chatId = first.json.chatId as string
  const snapshot = async () => app.call('GET', `/api/agents/planner/chats/${chatId}`).then((response) => response.json)
  return { ...app, model, invoice, first, chatId, snapshot, settleURL: `/api/agents/planner/chats/${chatId}/settle` }
}

describe('a tool with needsApproval', () => {
  it('pauses the turn at the call: awaiting, a pending call of kind "approval", and the tool has not run', async () => {
    const { first, chatId, invoice, snapshot, call } = await askingApproval()
    expect(first.json).toMatchObject({ status: 'awaiting-input', chatId })
    expect(first.json.pending).toEqual([
      expect.objectContaining({ toolCallId: 'call_inv', toolName: 'send_invoice', kind: 'approval', input: { to: 'ACME', amount: 500 }, agentSlug: 'planner' })
    ])
    expect(invoice.runs).toEqual([])
    const chat = await snapshot()
    expect(chat.chat.state).toBe('awaiting')
    const part = chat.messages.at(-1).parts.find((entry: { type: string }) => entry.type === 'tool-send_invoice')
    expect(part).toMatchObject({ state: 'approval-requested', approval: { id: expect.any(String) } })
    const listed = await call('GET', `/api/agents/planner/chats/${chatId}/pending`)
    expect(listed.json).toMatchObject({ state: 'awaiting', pending: [{ toolCallId: 'call_inv', kind: 'approval' }] })
  })

  it('after a yes, execute runs once with the approval id and the model continues in the same message', async () => {
    const { first, settleURL, call, invoice, model, snapshot } = await askingApproval()
    const approvalId = (await snapshot()).messages.at(-1).parts.find((entry: { type: string }) => entry.type === 'tool-send_invoice').approval.id
    const done = await call('POST', settleURL, { toolCallId: 'call_inv', approved: true })
    expect(done.status).toBe(200)
    expect(done.json).toMatchObject({
      status: 'complete',
      messageId: first.json.pending[0].messageId,
      text: 'Invoice sent.',
      settlement: { toolCallId: 'call_inv', outcome: 'approved', by: { userId: expect.any(String) } }
    })
    expect(invoice.runs).toEqual([{ input: { to: 'ACME', amount: 500 }, approvalId }])
    expect(toolResultsIn(model.doStreamCalls[1].prompt).get('call_inv')).toEqual({ type: 'json', value: { sent: true, to: 'ACME', amount: 500 } })
    const chat = await snapshot()
    expect(chat.chat.state).toBe('idle')
    expect(chat.messages).toHaveLength(2)
    const part = chat.messages[1].parts.find((entry: { type: string }) => entry.type === 'tool-send_invoice')
    expect(part).toMatchObject({ state: 'output-available', output: { sent: true }, approval: { id: approvalId, approved: true } })
    expect(chat.messages[1].settlements).toEqual([expect.objectContaining({ toolCallId: 'call_inv', outcome: 'approved' })])

    const again = await call('POST', settleURL, { toolCallId: 'call_inv', approved: true })
    expect(again.status).toBe(409)
    expect(again.json).toMatchObject({ code: 'already-settled', settlement: { outcome: 'approved' } })
    expect(invoice.runs).toHaveLength(1)
  })

  it('after a no, the tool does not run and the model reads "Denied by the user. Reason: …" and goes on', async () => {
    const { settleURL, call, invoice, model, snapshot } = await askingApproval({}, [toolStep([invoiceCall]), textStep('I will not send it.')])
    const done = await call('POST', settleURL, { toolCallId: 'call_inv', approved: false, reason: 'wrong amount' })
    expect(done.status).toBe(200)
    expect(done.json).toMatchObject({ status: 'complete', text: 'I will not send it.', settlement: { outcome: 'denied', reason: 'wrong amount' } })
    expect(invoice.runs).toEqual([])
    expect(toolResultsIn(model.doStreamCalls[1].prompt).get('call_inv')).toEqual({ type: 'error-text', value: 'Denied by the user. Reason: wrong amount' })
    const part = (await snapshot()).messages[1].parts.find((entry: { type: string }) => entry.type === 'tool-send_invoice')
    expect(part).toMatchObject({ state: 'output-denied', approval: { approved: false, reason: 'wrong amount' } })
  })

  it('an edited input is checked with the inputSchema (400 invalid-input naming the field), runs, and is recorded; the stored call keeps the model input', async () => {
    const { settleURL, call, invoice, model, snapshot } = await askingApproval()
    const before = await snapshot()
    const bad = await call('POST', settleURL, { toolCallId: 'call_inv', approved: true, input: { to: 'ACME', amount: -5 } })
    expect(bad.status).toBe(400)
    expect(bad.json.code).toBe('invalid-input')
    expect(bad.json.error).toMatch(/^input\.amount: /)
    expect(await snapshot()).toEqual(before)
    const stray = await call('POST', settleURL, { toolCallId: 'call_inv', approved: true, input: { to: 'ACME', amount: 400, currency: 'EUR' } })
    expect(stray.status).toBe(400)
    expect(stray.json).toMatchObject({ code: 'invalid-input', error: 'input.currency: not a field of "send_invoice"\'s input' })
    expect(await snapshot()).toEqual(before)

    const done = await call('POST', settleURL, { toolCallId: 'call_inv', approved: true, input: { to: 'ACME Corp', amount: 400 } })
    expect(done.json).toMatchObject({ status: 'complete', settlement: { outcome: 'approved', input: { to: 'ACME Corp', amount: 400 } } })
    expect(invoice.runs.map((run) => run.input)).toEqual([{ to: 'ACME Corp', amount: 400 }])
    const chat = await snapshot()
    const part = chat.messages[1].parts.find((entry: { type: string }) => entry.type === 'tool-send_invoice')
    expect(part.input).toEqual({ to: 'ACME', amount: 500 })
    expect(chat.messages[1].settlements[0].input).toEqual({ to: 'ACME Corp', amount: 400 })
    // The model reads the call as it ran.
    const prompt = model.doStreamCalls[1].prompt as { role: string; content: { type: string; toolCallId?: string; input?: unknown }[] }[]
    const toolCall = prompt.flatMap((message) => (Array.isArray(message.content) ? message.content : [])).find((entry) => entry.type === 'tool-call' && entry.toolCallId === 'call_inv')
    expect(toolCall?.input).toEqual({ to: 'ACME Corp', amount: 400 })
  })

  it('output or dismissed on an approval, and approved on a question, are 400 without a code; nothing changes', async () => {
    const { settleURL, call, snapshot } = await askingApproval()
    const before = await snapshot()
    for (const body of [{ toolCallId: 'call_inv', output: { ok: true } }, { toolCallId: 'call_inv', dismissed: true }]) {
      const answer = await call('POST', settleURL, body)
      expect(answer.status).toBe(400)
      expect(answer.json.code).toBeUndefined()
      expect(answer.json.error).toMatch(/waits for approval/)
    }
    expect(await snapshot()).toEqual(before)

    const questioning = await askingApproval({}, [toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }])])
    const wrong = await questioning.call('POST', questioning.settleURL, { toolCallId: 'call_q', approved: true })
    expect(wrong.status).toBe(400)
    expect(wrong.json.code).toBeUndefined()
    expect(wrong.json.error).toMatch(/^approved: /)
  })

  it('approval.access refusing the caller is 403 forbidden, for a yes and a no, and changes nothing', async () => {
    const seen: PendingCall[] = []
    const { settleURL, call, snapshot, invoice } = await askingApproval({ approval: { access: ({ call: pending }) => (seen.push(pending), false) } })
    const before = await snapshot()
    for (const body of [{ toolCallId: 'call_inv', approved: true }, { toolCallId: 'call_inv', approved: false }]) {
      const answer = await call('POST', settleURL, body)
      expect(answer.status).toBe(403)
      expect(answer.json.code).toBe('forbidden')
    }
    expect(await snapshot()).toEqual(before)
    expect(invoice.runs).toEqual([])
    expect(seen[0]).toMatchObject({ toolCallId: 'call_inv', kind: 'approval', toolName: 'send_invoice' })
  })

  it('needsApproval as a function decides per call from the input; a call it lets through runs at once', async () => {
    const small = { toolCallId: 'call_small', toolName: 'send_invoice', input: { to: 'ACME', amount: 50 } }
    const { first, invoice } = await askingApproval({ needsApproval: ({ input }) => input.amount > 100 }, [toolStep([small]), textStep('Sent the small one.')])
    expect(first.json).toMatchObject({ status: 'complete', text: 'Sent the small one.' })
    expect(invoice.runs.map((run) => run.input)).toEqual([{ to: 'ACME', amount: 50 }])
  })

  it('a throwing needsApproval: the model and the chat get a fixed text, the log the error', async () => {
    // A new-user run: the model read "Could not decide whether this call needs approval (nu-throw)".
    const invoice = invoiceTool({
      needsApproval: () => {
        throw new Error('nu-throw: token sk-secret-123')
      }
    })
    const model = scriptedModel([toolStep([invoiceCall]), textStep('I could not send it.')])
    const logged: string[] = []
    const log = (line: string) => logged.push(line)
    const app = await testFrogbot({ model, tools: [invoice.tool], options: { log } })
    cleanup = app.close
    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Send the invoice to ACME' })
    expect(first.json).toMatchObject({ status: 'complete', text: 'I could not send it.' })
    expect(invoice.runs).toEqual([])
    const prompt = JSON.stringify(model.doStreamCalls[1]!.prompt)
    expect(prompt).toContain(NEEDS_APPROVAL_FAILED_TEXT)
    expect(prompt).not.toContain('nu-throw')
    const chat = await app.call('GET', `/api/agents/planner/chats/${first.json.chatId}`)
    expect(JSON.stringify(chat.json)).not.toContain('sk-secret')
    expect(logged.join('\n')).toContain('needsApproval of "send_invoice" failed in chat')
    expect(logged.join('\n')).toContain('nu-throw: token sk-secret-123')
  })

  it('server tools in the same step are skipped; they and the approved tool run after the answer as the model calls them', async () => {
    const lookup = lookupTool()
    const invoice = invoiceTool()
    const model = scriptedModel([toolStep([{ toolCallId: 'call_look', toolName: 'lookup', input: { q: 'ACME' } }, invoiceCall]), textStep('Done.')])
    const app = await testFrogbot({ model, tools: [invoice.tool, lookup.tool] })
    cleanup = app.close
    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Look up ACME and bill them' })
    expect(first.json.pending.map((entry: PendingCall) => entry.toolCallId)).toEqual(['call_inv'])
    expect(lookup.calls).toEqual([])
    const chat = await app.call('GET', `/api/agents/planner/chats/${first.json.chatId}`)
    const looked = chat.json.messages[1].parts.find((entry: { type: string }) => entry.type === 'tool-lookup')
    expect(looked).toMatchObject({ state: 'output-available', output: { skipped: true } })
  })

  it('an edited input is text a person typed: NUL or a lone surrogate is 400 invalid-input naming the field, nothing stored', async () => {
    const { settleURL, call, invoice, snapshot } = await askingApproval()
    const before = await snapshot()
    for (const [to, rule] of [['AC\u0000ME', 'must not contain NUL (U+0000)'], ['ACME \ud800', 'must be well-formed Unicode']]) {
      const refused = await call('POST', settleURL, { toolCallId: 'call_inv', approved: true, input: { to, amount: 450 } })
      expect(refused.status).toBe(400)
      expect(refused.json).toMatchObject({ code: 'invalid-input' })
      expect(refused.json.error.startsWith(`input.to: ${rule}`)).toBe(true)
    }
    expect(await snapshot()).toEqual(before)
    expect(invoice.runs).toEqual([])
  })

  it('the model\'s own input sent back (without the fields its schema fills in) is no edit', async () => {
    const runs: unknown[] = []
    const memoInput = z.object({ to: z.string(), amount: z.number(), memo: z.string().default('') })
    const tool: Tool<typeof memoInput> = { slug: 'send_invoice', description: 'Send an invoice.', inputSchema: memoInput, needsApproval: true, execute: async (input) => void runs.push(input) }
    const app = await testFrogbot({ model: scriptedModel([toolStep([invoiceCall], 'Sending it.'), textStep('Invoice sent.')]), tools: [tool] })
    cleanup = app.close
    const { chatId } = (await app.call('POST', '/api/agents/planner', { prompt: 'Send the invoice to ACME' })).json
    const done = await app.call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_inv', approved: true, input: { amount: 500, to: 'ACME' } })
    expect(done.status).toBe(200)
    expect(done.json.settlement).toMatchObject({ toolCallId: 'call_inv', outcome: 'approved' })
    expect(done.json.settlement).not.toHaveProperty('input')
    expect(runs).toEqual([{ to: 'ACME', amount: 500, memo: '' }])
  })

  it('the model\'s input plus a key the schema does not know is an edit refused naming the key, not an approval dropping it', async () => {
    const { settleURL, call, invoice, snapshot } = await askingApproval()
    const before = await snapshot()
    const refused = await call('POST', settleURL, { toolCallId: 'call_inv', approved: true, input: { to: 'ACME', amount: 500, currency: 'EUR' } })
    expect(refused.status).toBe(400)
    expect(refused.json).toMatchObject({ code: 'invalid-input', error: 'input.currency: not a field of "send_invoice"\'s input' })
    expect(await snapshot()).toEqual(before)
    expect(invoice.runs).toEqual([])
  })

  it('quorum: a call settles approved once count distinct people approved; a second vote by the same person is 409 already-voted', async () => {
    const { settleURL, call, invoice, snapshot, chatId } = await askingApproval({ approval: { quorum: { count: 2 }, access: () => true } })
    const pending = (await call('GET', `/api/agents/planner/chats/${chatId}/pending`)).json.pending[0]
    expect(pending.quorum).toEqual({ count: 2, votes: [] })
    const firstVote = await call('POST', settleURL, { toolCallId: 'call_inv', approved: true })
    expect(firstVote.status).toBe(200)
    expect(firstVote.json).toMatchObject({ status: 'awaiting-input', vote: { toolCallId: 'call_inv', approved: true }, pending: [{ toolCallId: 'call_inv', quorum: { count: 2, votes: [{ approved: true }] } }] })
    expect(invoice.runs).toEqual([])
    const twice = await call('POST', settleURL, { toolCallId: 'call_inv', approved: true })
    expect(twice.status).toBe(409)
    expect(twice.json).toMatchObject({ code: 'already-voted', vote: { approved: true } })
    expect((await snapshot()).chat.state).toBe('awaiting')
  })
  it('quorum: an edited input is refused (400 invalid-input), never one voter\'s edit run over the others\' approvals; the votes are unchanged', async () => {
    const { settleURL, call, invoice, snapshot, chatId } = await askingApproval({ approval: { quorum: { count: 2 }, access: () => true } })
    const edited = await call('POST', settleURL, { toolCallId: 'call_inv', approved: true, input: { customer: 'Evil Corp' } })
    expect(edited.status).toBe(400)
    expect(edited.json).toMatchObject({ code: 'invalid-input' })
    expect(edited.json.error).toBe('input: "send_invoice" needs 2 approvals, which all approve the input the model asked for: approve it as it is, or deny it with a reason saying what to change')
    expect((await snapshot()).chat.state).toBe('awaiting')
    expect((await call('GET', `/api/agents/planner/chats/${chatId}/pending`)).json.pending[0].quorum).toEqual({ count: 2, votes: [] })
    const first = await call('POST', settleURL, { toolCallId: 'call_inv', approved: true })
    expect(first.json.pending[0].quorum.votes).toHaveLength(1)
    expect(invoice.runs).toEqual([])
  })
})

describe('an AG-UI resume of an approval is checked as /settle checks it', () => {
  it("the interrupt's message asks a person to approve the tool, as a notice does", async () => {
    const model = scriptedModel([toolStep([invoiceCall])])
    const app = await testFrogbot({ model, tools: [invoiceTool().tool] })
    cleanup = app.close
    const messages = [{ id: 'u_1', role: 'user', content: 'Send the invoice to ACME' }]
    const body = { threadId: 'agui-approval-0123456789ab', runId: 'r0', messages }
    const run = await app.call('POST', '/api/agents/planner/ag-ui', body)
    expect(run.status).toBe(200)
    const finished = String(run.json).split('\n').find((line) => line.includes('"RUN_FINISHED"'))!
    const { outcome } = JSON.parse(finished.replace(/^data: /, ''))
    const message = 'Approve “send_invoice”?'
    expect(outcome.interrupts).toMatchObject([{ id: 'call_inv', reason: 'approval', message }])
  })

  it('approved must be a boolean of the responseSchema: "false", 0, {} or an unknown key is 400, nothing runs', async () => {
    const app = await askingApproval()
    const before = await app.snapshot()
    const resume = (payload: unknown) => app.call('POST', '/api/agents/planner/ag-ui', { threadId: app.chatId, runId: 'r1', messages: [], resume: [{ interruptId: 'call_inv', status: 'resolved', payload }] })
    for (const [payload, error] of [
      [{ approved: 'false' }, 'resume.0.payload.approved: Invalid input: expected boolean, received string'],
      [{ approved: 0 }, 'resume.0.payload.approved:'],
      [{}, 'resume.0.payload.approved: is required (boolean)'],
      [{ approved: true, foo: 1 }, 'resume.0.payload: unknown field "foo"'],
      [{ approved: false, input: { to: 'X', amount: 1 } }, 'resume.0.payload.input: an edited input goes only with an approval'],
      [{ approved: true, input: { to: 'X', amount: 1, currency: 'EUR' } }, 'resume.0.payload.input.currency: not a field of "send_invoice"\'s input'],
      [{ approved: true, input: { to: 'X', amount: 'lots' } }, 'resume.0.payload.input.amount: '],
      // As on the useChat path: a reason too long names where the client sent it, not `reason`.
      [{ approved: false, reason: 'r'.repeat(1001) }, 'resume.0.payload.reason: is 1,001 characters']
    ] as const) {
      const refused = await resume(payload)
      expect(refused.status, JSON.stringify(payload)).toBe(400)
      expect(refused.json.error).toContain(error)
    }
    expect(await app.snapshot()).toEqual(before)
    expect(app.invoice.runs).toEqual([])
    expect((await resume({ approved: false, reason: 'not now' })).status).toBe(200)
    expect(app.invoice.runs).toEqual([])
  })

  // A reason in a cancelled entry's payload was ignored: the call was denied without it.
  it('a cancelled resume with a payload is 400 naming resume.0.payload and how to add a reason', async () => {
    const app = await askingApproval()
    const before = await app.snapshot()
    const body = (payload: unknown) => {
      const resume = [{ interruptId: 'call_inv', status: 'cancelled', payload }]
      return { threadId: app.chatId, runId: 'r1', messages: [], resume }
    }
    const refused = await app.call('POST', '/api/agents/planner/ag-ui', body({ reason: 'not now' }))
    expect(refused.status).toBe(400)
    expect(refused.json.error).toBe(
      'resume.0.payload: a "cancelled" entry takes no payload (AG-UI\'s cancellation carries none);' +
        ' to deny with a reason, send "resolved" with { "approved": false, "reason": … }'
    )
    expect(await app.snapshot()).toEqual(before)
    expect((await app.call('POST', '/api/agents/planner/ag-ui', body(undefined))).status).toBe(200)
    const settlements = (await app.snapshot()).messages.at(-1).settlements
    expect(settlements).toMatchObject([{ toolCallId: 'call_inv', outcome: 'denied' }])
    expect(settlements[0].reason).toBeUndefined()
    expect(app.invoice.runs).toEqual([])
  })
})

describe('a decision resubmitted by useChat (addToolApprovalResponse) is checked as /settle checks it', () => {
  /** The browser's copy of the chat with the approval part rewritten by `change`, posted as `useChat` does. */
  async function resubmit(app: Awaited<ReturnType<typeof askingApproval>>, change: (part: Record<string, any>) => Record<string, any>) {
    const messages = (await app.snapshot()).messages.map(({ settlements: _settlements, ...message }: Record<string, any>) => message)
    const last = messages.at(-1)
    last.parts = last.parts.map((part: Record<string, any>) => (part.type === 'tool-send_invoice' ? change(part) : part))
    return app.call('POST', '/api/agents/planner', { id: app.chatId, messages, trigger: 'submit-message', messageId: last.id })
  }
  const decided = (approval: Record<string, unknown>) => (part: Record<string, any>) => ({ ...part, state: 'approval-responded', approval: { ...part.approval, ...approval } })

  it('refuses what /settle refuses, naming the field in the body, and changes nothing', async () => {
    const app = await askingApproval()
    const before = await app.snapshot()
    const at = `messages.1.parts.${before.messages[1].parts.findIndex((part: { type: string }) => part.type === 'tool-send_invoice')}`
    const tooLong = 'is 1,001 characters; a reason holds at most 1,000'
    const refusals: [(part: Record<string, any>) => Record<string, any>, string][] = [
      [decided({ approved: 'yes' }), `${at}.approval.approved: Invalid input: expected boolean, received string`],
      [decided({ approved: true, reason: 'ok \ud800' }), `${at}.approval.reason: must be well-formed Unicode`],
      [decided({ approved: true, trust: 'me' }), `${at}.approval: unknown field "trust"`],
      // A new-user run: 1,001 characters were refused naming the settle body's `reason`, with a code.
      [decided({ approved: false, reason: 'r'.repeat(1001) }), `${at}.approval.reason: ${tooLong}`],
      [decided({ approved: true, reason: 'r'.repeat(1001) }), `${at}.approval.reason: ${tooLong}`],
      [decided({ approved: true, id: 'someone-else' }), `${at}.approval.id: is not the approval id of call "call_inv"; reload the chat`],
      [(part) => ({ ...decided({ approved: false })(part), input: { to: 'Evil Corp', amount: 1 } }), `${at}.input: an edited input goes only with an approval ("approved": true)`]
    ]
    for (const [change, error] of refusals) {
      const refused = await resubmit(app, change)
      expect(refused.status).toBe(400)
      expect(refused.json.error).toContain(error)
      // The shape of every refusal of this path (as a dismissal's errorText): no code.
      expect(refused.json.code).toBeUndefined()
    }
    expect(await app.snapshot()).toEqual(before)
    expect(app.invoice.runs).toEqual([])
  })

  it('an input other than the stored one is an edit: checked with the inputSchema, then run as approved', async () => {
    const app = await askingApproval()
    const wrong = await resubmit(app, (part) => ({ ...decided({ approved: true })(part), input: { to: '', amount: 500 } }))
    expect(wrong.status).toBe(400)
    const at = `messages.1.parts.${(await app.snapshot()).messages[1].parts.findIndex((part: { type: string }) => part.type === 'tool-send_invoice')}`
    expect(wrong.json).toMatchObject({ code: 'invalid-input', error: expect.stringMatching(new RegExp(`^${at.replaceAll('.', '\\.')}\\.input\\.to: `)) })
    const edited = await resubmit(app, (part) => ({ ...decided({ approved: true })(part), input: { to: 'ACME Corp', amount: 450 } }))
    expect(edited.status).toBe(200)
    expect(app.invoice.runs.map((run) => run.input)).toEqual([{ to: 'ACME Corp', amount: 450 }])
    expect((await app.snapshot()).messages[1].settlements[0]).toMatchObject({ outcome: 'approved', input: { to: 'ACME Corp', amount: 450 } })
  })

  it('on a quorum, an edit is refused (400 invalid-input) and the model\'s own input, sent back, is a vote', async () => {
    const app = await askingApproval({ approval: { quorum: { count: 2 }, access: () => true } })
    const edited = await resubmit(app, (part) => ({ ...decided({ approved: true })(part), input: { to: 'Evil Corp', amount: 500 } }))
    expect(edited.status).toBe(400)
    expect(edited.json.code).toBe('invalid-input')
    expect((await app.call('GET', `/api/agents/planner/chats/${app.chatId}/pending`)).json.pending[0].quorum.votes).toEqual([])
    const same = await app.call('POST', app.settleURL, { toolCallId: 'call_inv', approved: true, input: { amount: 500, to: 'ACME' } })
    expect(same.status).toBe(200)
    expect(same.json).toMatchObject({ status: 'awaiting-input', vote: { approved: true } })
    expect(app.invoice.runs).toEqual([])
  })
})
