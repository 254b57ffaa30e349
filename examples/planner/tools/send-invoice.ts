// A server tool that needs a person's approval before it runs (docs/agents/approvals.md): the
// planner stops at the call, the admin chat (or HTTP, the terminal, a piece) shows Approve, Deny
// and Edit, and only an approved call runs `execute`, once, with the approved input.
import type { Tool } from 'frogbot'
import { z } from 'zod'

const sendInvoiceInput = z.object({
  customer: z.string().min(1).describe('Who the invoice goes to'),
  amount: z.number().positive().default(1200).describe('Amount in euros'),
  memo: z.string().max(200).default('Team offsite planning').describe('Line on the invoice')
})

export const sendInvoice: Tool<typeof sendInvoiceInput> = {
  slug: 'send_invoice',
  description: 'Send an invoice to a customer. A person approves (or edits, or denies) it first.',
  inputSchema: sendInvoiceInput,
  needsApproval: true,
  // `approvalId` is the same for this call wherever and however often it is seen: a real
  // invoicing API would take it as its idempotency key.
  execute: async ({ customer, amount, memo }, { approvalId }) => ({ sent: true, invoice: `INV-${(approvalId ?? 'demo').slice(-6).toUpperCase()}`, customer, amount, memo })
}
