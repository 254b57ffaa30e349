import type { ClientTool, Tool } from 'frogbot'
import { z } from 'zod'

const budgetInput = z.object({ item: z.string(), amount: z.number(), currency: z.string() })
const budgetOutput = z.object({
  approved: z.boolean().describe('Whether the spend is approved'),
  amount: z.number().describe('The approved amount'),
  note: z.string().optional().describe('Anything the agent should know')
})

/**
 * A client tool with no renderer in the fixture app, so the UI answers it with the generic form
 * built from its output schema. Amounts over 1000 are refused (`400 invalid-output`).
 */
export const confirmBudget: ClientTool<typeof budgetInput, typeof budgetOutput> = {
  slug: 'confirm_budget',
  description: 'Ask the user to approve a spend.',
  inputSchema: budgetInput,
  outputSchema: budgetOutput,
  client: {
    kind: 'budget',
    validate: ({ output }) => (output as z.output<typeof budgetOutput>).amount <= 1000 || 'Amounts over 1000 need a manager: approve at most 1000.'
  }
}

const invoiceInput = z.object({
  to: z.string().min(1).describe('Who gets the invoice'),
  amount: z.number().positive().describe('The total, in the currency below'),
  currency: z.enum(['EUR', 'USD']),
  lines: z.array(z.object({ item: z.string(), amount: z.number() })).optional(),
  note: z.string().optional()
})

/**
 * A server tool that needs approval (docs/agents/approvals.md): the approval card draws its input
 * (nested lines, a long note), and its Edit form comes from this schema (an amount must be over 0).
 * Its result repeats what it ran with.
 */
export const sendInvoice: Tool<typeof invoiceInput> = {
  slug: 'send_invoice',
  description: 'Send an invoice to a customer by email.',
  inputSchema: invoiceInput,
  needsApproval: true,
  execute: async (input) => ({ sent: true, to: input.to, amount: input.amount, currency: input.currency })
}

const paymentInput = z.object({ supplier: z.string().min(1), amount: z.number().positive() })

/** A server tool that two distinct people must approve, within two hours. */
export const paySupplier: Tool<typeof paymentInput> = {
  slug: 'pay_supplier',
  description: 'Pay a supplier from the company account.',
  inputSchema: paymentInput,
  needsApproval: true,
  approval: { quorum: { count: 2 }, expiresIn: 2 * 60 * 60 * 1000 },
  execute: async (input) => ({ paid: true, ...input })
}
