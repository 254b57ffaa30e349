import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Tool } from '../../src/index.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// A step that asks a question and calls a tool that needs approval: each call settled on its own
// through the settle door, in either order, then the continuation runs the approved tool once.
// Found with the approval card (packages/ui): an edited approval goes to the settle door on its
// own while the step's question still waits.

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

const invoiceInput = z.object({ to: z.string().min(1), amount: z.number().positive() })

async function questionAndApproval() {
  const runs: unknown[] = []
  const tool: Tool<typeof invoiceInput> = {
    slug: 'send_invoice',
    description: 'Send an invoice to a customer.',
    inputSchema: invoiceInput,
    needsApproval: true,
    execute: async (input) => {
      runs.push(input)
      return { sent: true, ...input }
    }
  }
  const model = scriptedModel([
    toolStep([
      { toolCallId: 'call_q', toolName: 'question', input: colorQuestion },
      { toolCallId: 'call_inv', toolName: 'send_invoice', input: { to: 'ACME', amount: 500 } }
    ]),
    textStep('Both done.')
  ])
  const app = await testFrogbot({ model, tools: [tool] })
  cleanup = app.close
  const first = await app.call('POST', '/api/agents/planner', { prompt: 'Pick a color and send the invoice' })
  const chatId = first.json.chatId as string
  return { ...app, runs, chatId, settleURL: `/api/agents/planner/chats/${chatId}/settle` }
}

const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }

describe('a question and an approval in one step', () => {
  // Engine bug, reported: the continuation the question's answer starts runs only the calls
  // approved by that same settle (settle.ts passes `plan.closings` as `approved`), so an approval
  // settled earlier in the step is sealed as "The server stopped while the approved tool ran; it
  // was not run again." and never runs. `it.fails` until it is fixed: then make it `it`.
  it.fails('the approval settled first (edited), then the question: the approved tool runs once with the edited input', async () => {
    const { call, settleURL, runs } = await questionAndApproval()
    const approved = await call('POST', settleURL, { toolCallId: 'call_inv', approved: true, input: { to: 'ACME Corp', amount: 400 } })
    expect(approved.json).toMatchObject({ status: 'awaiting-input' })
    const answered = await call('POST', settleURL, { toolCallId: 'call_q', output: blue })
    expect(answered.json).toMatchObject({ status: 'complete', text: 'Both done.' })
    expect(runs).toEqual([{ to: 'ACME Corp', amount: 400 }])
  })

  it.fails('the approval settled first (not edited), then the question: the approved tool runs once', async () => {
    const { call, settleURL, runs } = await questionAndApproval()
    await call('POST', settleURL, { toolCallId: 'call_inv', approved: true })
    const answered = await call('POST', settleURL, { toolCallId: 'call_q', output: blue })
    expect(answered.json).toMatchObject({ status: 'complete', text: 'Both done.' })
    expect(runs).toEqual([{ to: 'ACME', amount: 500 }])
  })

  it('the question answered first, then the approval: the approved tool runs once', async () => {
    const { call, settleURL, runs } = await questionAndApproval()
    await call('POST', settleURL, { toolCallId: 'call_q', output: blue })
    const approved = await call('POST', settleURL, { toolCallId: 'call_inv', approved: true })
    expect(approved.json).toMatchObject({ status: 'complete', text: 'Both done.' })
    expect(runs).toEqual([{ to: 'ACME', amount: 500 }])
  })
})
