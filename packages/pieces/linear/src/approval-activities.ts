import { type ApprovalDrawing, approvalMarkdown, type NameOf, settledAnswer, settledApproval, settledApprovalMarkdown } from 'frogbot/channels'
import { sessionOf } from './linear-drawing.ts'
import type { LinearApi } from './linear-api.ts'
import { escapeLine as escape } from './linear-markdown.ts'

/**
 * How FrogBot draws approvals in Linear, as agent activities (which cannot be edited): an
 * `elicitation` with the tool, its input (escaped) and how to decide, with Linear's `select`
 * signal offering Approve and Deny (a pick is the prompt `/approve` or `/deny`, read by the kit as
 * a typed `/approve`, `/deny [reason]` or `/approve {json}` is); once decided, a new activity with
 * the decision, who, the reason, what was changed and the quorum: a `thought` when the agent goes
 * on, a `response` when the call expired or was cancelled.
 */
export function linearApprovalDrawing({ api, nameOf }: { api: LinearApi; nameOf: NameOf }): ApprovalDrawing {
  return {
    draw: async ({ thread, call }) => {
      const options = [
        { label: 'Approve', value: '/approve' },
        { label: 'Deny', value: '/deny' }
      ]
      return [await api.activity(sessionOf(thread), { type: 'elicitation', body: approvalMarkdown(call, escape) }, { signal: 'select', signalMetadata: { options } })]
    },
    drawSettled: async ({ card, settlement }) => {
      const view = settledApproval(settlement, card.input, (by) => escape(nameOf(by)), { errorText: settledAnswer(settlement).errorText, escape })
      const decided = settlement.outcome === 'approved' || settlement.outcome === 'denied'
      await api.activity(sessionOf(card.thread), { type: decided ? 'thought' : 'response', body: settledApprovalMarkdown(card.toolName, card.input, view, escape) })
    }
  }
}
