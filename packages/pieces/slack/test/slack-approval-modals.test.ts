import { afterEach, describe, expect, it, vi } from 'vitest'
import { INVOICE, scriptedModel, sendInvoice, textStep, toolStep } from 'frogbot/testing'
import { APPROVAL_MODALS, fieldBlock, REASON_BLOCK } from '../src/approval-card.ts'
import { ADA, slackKit, standIn } from './slack-kit.ts'
import { BOT_USER_ID } from './slack-stand-in.ts'

// What a submitted Edit or Deny modal of an approval card comes to: a problem with a field is
// shown on that field and keeps the modal open; a decision settles the call.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

const ROOT = '1800000000.000100'

/** A kit whose model asks to send an invoice (a tool that needs approval), then says "Done."; resolves its card. */
async function invoiceAsked() {
  const slack = await standIn()
  const runs: unknown[] = []
  const input = INVOICE
  const model = scriptedModel([toolStep([{ toolCallId: 'call_a', toolName: 'send_invoice', input }]), textStep('Done.')])
  const kit = await slackKit({ model, slack, agent: { tools: [sendInvoice(runs)] } })
  open.push(slack, kit)
  await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> send the invoice to ACME`, ts: ROOT })
  const [card] = slack.cards()
  const privateMetadata = JSON.stringify({ m: `CGENERAL:${card.ts}` })
  const submit = (callbackId: string, values: Record<string, string | null>) => {
    const state = Object.fromEntries(Object.entries(values).map(([block, value]) => [block, { value: { type: 'plain_text_input', value } }]))
    return kit.submit({ user: ADA, callbackId, privateMetadata, values: state })
  }
  return { kit, slack, card, runs, submit }
}

describe('approval modals in Slack', () => {
  it('an Edit field that is not JSON, or that the schema refuses, is shown on that field; a valid Edit runs the tool', async () => {
    const { runs, submit } = await invoiceAsked()
    const notJson = await submit(APPROVAL_MODALS.edit, { [fieldBlock(1)]: '9oo' })
    expect(JSON.parse(notJson.text)).toEqual({ response_action: 'errors', errors: { [fieldBlock(1)]: expect.stringContaining('amount: write a JSON value') } })
    const refused = await submit(APPROVAL_MODALS.edit, { [fieldBlock(0)]: 'ACME', [fieldBlock(1)]: '-5' })
    expect(JSON.parse(refused.text)).toEqual({ response_action: 'errors', errors: { [fieldBlock(1)]: expect.stringContaining('amount') } })
    expect(runs).toEqual([])
    expect((await submit(APPROVAL_MODALS.edit, { [fieldBlock(1)]: '900' })).text).toBe('')
    await vi.waitFor(() => expect(runs).toEqual([{ customer: 'ACME', amount: 900 }]))
  })

  it('a Deny gives the model its reason, trimmed; a blank reason is none', async () => {
    const denied = async (reason: string | null) => {
      const { kit, submit } = await invoiceAsked()
      expect((await submit(APPROVAL_MODALS.deny, { [REASON_BLOCK]: reason })).text).toBe('')
      const [settlement] = (await kit.adasChat()).messages.flatMap((message) => message.settlements ?? [])
      return settlement as { outcome: string; reason?: string }
    }
    expect(await denied('  not this month ')).toMatchObject({ outcome: 'denied', reason: 'not this month' })
    for (const reason of ['   ', null]) expect((await denied(reason)).reason).toBeUndefined()
  })
})
