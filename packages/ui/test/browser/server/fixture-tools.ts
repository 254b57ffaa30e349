import type { ClientTool } from 'frogbot'
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
