import { expect, vi } from 'vitest'
import { z } from 'zod'
import type { ApprovalPress } from '../channels/approval-cards.ts'
import type { ApprovalConfig, Tool } from '../tools/tool.ts'
import type { ContractCase } from './piece-contract-cases.ts'
import type { DrawnCard, Person, PieceContractDescriptor } from './piece-contract-descriptor.ts'
import { type ContractServer, type ContractWorld, MAIN, textStep } from './piece-contract-world.ts'
import { toolStep } from './scripted-model.ts'

type StandIn = { close: () => Promise<void> }

const invoiceInput = z.object({ customer: z.string().min(1), amount: z.number().positive() })

/** The invoice the suite's model asks to send (the planner example's `send_invoice`). */
export const INVOICE = { customer: 'ACME', amount: 1200 }

/**
 * A `send_invoice` tool (`{ customer, amount }`, a positive amount) that needs approval (with
 * `approval`), recording each input it ran with in `runs`; it answers `{ sent: true }`. For a
 * piece's own approval tests beside the contract's.
 */
export function sendInvoice(runs: unknown[], approval?: ApprovalConfig): Tool<typeof invoiceInput> {
  return {
    slug: 'send_invoice',
    description: 'Send an invoice to a customer.',
    inputSchema: invoiceInput,
    needsApproval: true,
    ...(approval ? { approval } : {}),
    execute: async (input) => {
      runs.push(input)
      return { sent: true }
    }
  }
}

const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 20 })

/** What the approval cases do with a world: ask for the invoice, find its card, decide it. */
function approvalSteps<S extends StandIn>(world: ContractWorld<S>, descriptor: PieceContractDescriptor<S>) {
  const { ada } = descriptor.people
  const runs: unknown[] = []
  const at = () => world.clock.now()
  /** A server whose model calls `send_invoice` and then says `after`. */
  const serve = (after: string[], approval?: ApprovalConfig) =>
    world.server([toolStep([{ toolCallId: 'call_a', toolName: 'send_invoice', input: INVOICE }], 'Sending it.'), ...after.map((text) => textStep(text))], { tools: [sendInvoice(runs, approval)] })
  /** Ada asks for the invoice; resolves the approval card once drawn. */
  const asked = async (server: ContractServer): Promise<DrawnCard> => {
    const accepted = await server.deliver(descriptor.say(world.standIn, { who: ada, text: 'Send the invoice to ACME', thread: MAIN, first: true, now: at() }))
    expect(accepted.status).toBeLessThan(300)
    await eventually(() => expect(descriptor.cards(world.standIn)).toHaveLength(1))
    const [card] = descriptor.cards(world.standIn)
    expect(card.text).toContain('send_invoice')
    expect(card.text).toContain('ACME')
    return card
  }
  /** `who` decides `card` with `press`; resolves each delivery's answer. */
  const decide = async (server: ContractServer, who: Person, card: DrawnCard, press: ApprovalPress) => {
    const answers: { status: number; text: string }[] = []
    for (const delivery of descriptor.decide!(world.standIn, { who, card, press, now: at() })) answers.push(await server.deliver(delivery))
    return answers
  }
  const settlements = async () => (await world.chats())[0]?.messages.at(-1)?.settlements ?? []
  const state = async () => (await world.chats())[0]?.chat.state
  return { runs, serve, asked, decide, settlements, state, at }
}

/** Approve → the tool runs once with the model's input → the reply continues → the card says who approved; the same press again, as a platform retries it, settles nothing more. */
export const approveOnce: ContractCase = {
  title: 'approval: Approve runs the tool once and the reply continues; the card says who approved; the same press retried settles once',
  run: async (world, descriptor) => {
    const { ada, bob } = descriptor.people
    const { runs, serve, asked, decide, settlements, state } = approvalSteps(world, descriptor)
    const server = await serve(['Sent.'])
    const card = await asked(server)
    expect(await state()).toBe('awaiting')
    expect((await world.chats())[0].pending).toMatchObject([{ toolCallId: 'call_a', kind: 'approval', toolName: 'send_invoice', input: INVOICE }])

    const press = descriptor.decide!(world.standIn, { who: ada, card, press: { kind: 'approve' }, now: world.clock.now() })
    for (const delivery of press) await server.deliver(delivery)
    await eventually(() => expect(descriptor.replies(world.standIn)).toContainEqual({ thread: MAIN, text: 'Sent.' }))
    expect(runs).toEqual([INVOICE])
    expect(await settlements()).toMatchObject([{ toolCallId: 'call_a', outcome: 'approved', by: { channel: { userId: ada.userId } } }])
    await eventually(() => expect(descriptor.replacements(world.standIn, card)).toHaveLength(1))
    expect(descriptor.replacements(world.standIn, card)[0]).toContain(`Approved by ${descriptor.nameOf(ada)}`)

    // The platform sends the same press again (a retry), then Bob presses too: nothing runs twice.
    for (const delivery of press) await server.deliver(delivery)
    await decide(server, bob, card, { kind: 'approve' })
    await eventually(() => expect(descriptor.notices(world.standIn)).toContainEqual({ to: bob.userId, text: `This call was already approved by ${descriptor.nameOf(ada)}.` }))
    expect(runs).toHaveLength(1)
    expect(await settlements()).toHaveLength(1)
    expect(descriptor.replies(world.standIn).filter((reply) => reply.text === 'Sent.')).toHaveLength(1)
    expect(descriptor.replacements(world.standIn, card)).toHaveLength(1)
  }
}

/** Deny → the tool does not run → the model reads the denial and the reply continues → the card says who denied. */
export const deny: ContractCase = {
  title: 'approval: Deny does not run the tool, the reply continues with the denial, the card says who denied',
  run: async (world, descriptor) => {
    const { ada } = descriptor.people
    const { runs, serve, asked, decide, settlements } = approvalSteps(world, descriptor)
    const server = await serve(['Not sent.'])
    const card = await asked(server)
    await decide(server, ada, card, { kind: 'deny', reason: 'wrong amount' })
    await eventually(() => expect(descriptor.replies(world.standIn)).toContainEqual({ thread: MAIN, text: 'Not sent.' }))
    expect(runs).toEqual([])
    expect(await settlements()).toMatchObject([{ toolCallId: 'call_a', outcome: 'denied', by: { channel: { userId: ada.userId } } }])
    const [message] = (await world.chats())[0].messages.filter((entry) => entry.role === 'assistant')
    // The model read the AI SDK's output-denied part (the tool error "Denied by the user. Reason: …").
    expect(message.parts).toContainEqual(expect.objectContaining({ toolCallId: 'call_a', state: 'output-denied' }))
    await eventually(() => expect(descriptor.replacements(world.standIn, card)).toHaveLength(1))
    expect(descriptor.replacements(world.standIn, card)[0]).toContain(`Denied by ${descriptor.nameOf(ada)}`)
  }
}

/** Edit → an input the tool's schema refuses is told with its field and settles nothing → a valid edit runs the tool with it once; the card shows the change. */
export const edit: ContractCase = {
  title: 'approval: an edit the schema refuses names the field and settles nothing; a valid edit runs the tool with it, and the card shows the change',
  run: async (world, descriptor) => {
    const { ada } = descriptor.people
    const { runs, serve, asked, decide, settlements } = approvalSteps(world, descriptor)
    const server = await serve(['Sent 900.'])
    const card = await asked(server)
    const refused = await decide(server, ada, card, { kind: 'edit', input: { ...INVOICE, amount: -5 } })
    await eventually(() => {
      const told = [...descriptor.notices(world.standIn).filter((notice) => notice.to === ada.userId).map((notice) => notice.text), ...refused.map((answer) => answer.text)]
      expect(told.some((text) => text.includes('amount'))).toBe(true)
    })
    expect(await settlements()).toEqual([])

    await decide(server, ada, card, { kind: 'edit', input: { ...INVOICE, amount: 900 } })
    await eventually(() => expect(descriptor.replies(world.standIn)).toContainEqual({ thread: MAIN, text: 'Sent 900.' }))
    expect(runs).toEqual([{ ...INVOICE, amount: 900 }])
    expect(await settlements()).toMatchObject([{ outcome: 'approved', input: { ...INVOICE, amount: 900 } }])
    await eventually(() => expect(descriptor.replacements(world.standIn, card)).toHaveLength(1))
    expect(descriptor.replacements(world.standIn, card)[0]).toContain('900')
  }
}

/** A quorum of 2: the first approval is counted and shown, a second vote by the same person is refused, the second person's approval runs the tool once. */
export const quorum: ContractCase = {
  title: 'approval: a quorum of 2 shows the count, refuses a second vote by the same person, and runs the tool once at the second approval',
  run: async (world, descriptor) => {
    const { ada, bob } = descriptor.people
    const { runs, serve, asked, decide, settlements, state } = approvalSteps(world, descriptor)
    const server = await serve(['Sent.'], { quorum: { count: 2 } })
    const card = await asked(server)
    await decide(server, ada, card, { kind: 'approve' })
    await eventually(() => expect(descriptor.notices(world.standIn)).toContainEqual({ to: ada.userId, text: expect.stringContaining('1 of 2 approvals') }))
    expect(await state()).toBe('awaiting')
    expect(runs).toEqual([])

    await decide(server, ada, card, { kind: 'approve' })
    await eventually(() => expect(descriptor.notices(world.standIn)).toContainEqual({ to: ada.userId, text: expect.stringContaining('already voted') }))
    expect(runs).toEqual([])

    await decide(server, bob, card, { kind: 'approve' })
    await eventually(() => expect(descriptor.replies(world.standIn)).toContainEqual({ thread: MAIN, text: 'Sent.' }))
    expect(runs).toEqual([INVOICE])
    expect(await settlements()).toMatchObject([{ outcome: 'approved', votes: [{ approved: true }, { approved: true }] }])
    await eventually(() => expect(descriptor.replacements(world.standIn, card).at(-1)).toContain('2 of 2 approvals'))
  }
}

/** An approval with assignees and `expiresIn` says on its card who is asked and when it expires. */
export const approvalFacts: ContractCase = {
  title: 'approval: with assignees and expiresIn, the card says who is asked and when it expires ("Waiting for Dana", "Expires in 2 h")',
  run: async (world, descriptor) => {
    const { serve, asked } = approvalSteps(world, descriptor)
    const card = await asked(await serve(['Sent.'], { assignees: ['dana@example.com'], expiresIn: 2 * 3_600_000 }))
    expect(card.text).toContain('Waiting for Dana')
    expect(card.text).toContain('Expires in 2 h')
  }
}

/** The approval cases, run for a piece whose descriptor has `decide`. */
export const APPROVAL_CASES: ContractCase[] = [approveOnce, deny, edit, quorum, approvalFacts]
