import { type ApprovalDrawing, approvalMarkdown, type NameOf, settledAnswer, settledApproval, settledApprovalMarkdown } from 'frogbot/channels'
import type { GitHubAdapter } from '@chat-adapter/github'
import { COMMENT_BUDGET, escapeLine as escape } from './github-markdown.ts'

/**
 * How FrogBot draws approvals in GitHub: one comment with the tool, its input (escaped: the model's
 * text never mentions, links or closes anything) and how to decide: `/approve`, `/deny [reason]`,
 * or `/approve {…}` with the edited input as JSON (read by the kit for every piece); once decided,
 * the comment is edited to the decision, who, the reason, what was changed and the quorum. A vote
 * short of the quorum edits the count in. A card id is the comment's id.
 */
export function githubApprovalDrawing({ adapter, nameOf }: { adapter: GitHubAdapter; nameOf: NameOf }): ApprovalDrawing {
  const edit = async (thread: string, ids: string[], body: string) => {
    for (const id of ids) await adapter.editMessage(thread, id, { raw: body.slice(0, COMMENT_BUDGET) })
  }
  return {
    draw: async ({ thread, call }) => [(await adapter.postMessage(thread, { raw: approvalMarkdown(call, escape).slice(0, COMMENT_BUDGET) })).id],
    drawSettled: ({ card, settlement }) => edit(card.thread, card.messageIds, settledApprovalMarkdown(card.toolName, card.input, settledApproval(settlement, card.input, nameOf, { errorText: settledAnswer(settlement).errorText, escape }), escape)),
    drawVotes: ({ card, call }) => edit(card.thread, card.messageIds, approvalMarkdown(call, escape))
  }
}
