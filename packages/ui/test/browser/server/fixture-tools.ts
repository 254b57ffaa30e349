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

const notesInput = z.object({
  title: z.string().min(1),
  audience: z.object({ channel: z.string(), notify: z.boolean() }),
  sections: z.array(z.object({ heading: z.string(), items: z.array(z.string()) })),
  body: z.string().describe('What the announcement says')
})

/**
 * A server tool that needs approval, with an input worth drawing: a nested object, a list of
 * objects with lists, and a text long enough to fold.
 */
export const publishNotes: Tool<typeof notesInput> = {
  slug: 'publish_notes',
  description: 'Publish release notes to a channel.',
  inputSchema: notesInput,
  needsApproval: true,
  execute: async (input) => ({ published: true, title: input.title })
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

/** A server tool that needs approval and that Ada may not approve (`approval.access`): her decisions are `403 forbidden`. */
export const archiveProject: Tool<z.ZodObject<{ project: z.ZodString }>> = {
  slug: 'archive_project',
  description: 'Archive a project and everything in it.',
  inputSchema: z.object({ project: z.string() }),
  needsApproval: true,
  approval: { access: ({ req }) => req.user?.email !== 'ada@example.com' },
  execute: async ({ project }) => ({ archived: project })
}
