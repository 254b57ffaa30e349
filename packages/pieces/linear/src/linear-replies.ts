import { numberedReply, type ReplyReader } from 'frogbot/channels'
import { selectable } from './question-activities.ts'

/**
 * How a prompt in an agent session is read as an answer (FrogBot's Linear grammar): while a
 * question waits, every prompt is read with the numbered-answer grammar (option numbers or labels
 * as written, several separated by commas, a line per question, own words where allowed; a
 * prompt that breaks a rule is told why), as addressed to the question: while a session awaits
 * input, what people write in it is that input. Once the question ended, only a prompt that is exactly one of its options, as
 * Linear's `select` signal sends a pick, is taken for a late answer (and told who settled it);
 * anything else goes to the agent.
 */
export const linearReply: ReplyReader = (reply) => {
  if (reply.open) return numberedReply({ ...reply, addressed: true })
  const pick = reply.text.trim().toLowerCase()
  const latePick = selectable(reply.questions) && reply.questions[0].options.some((option) => option.label.trim().toLowerCase() === pick)
  return latePick ? numberedReply({ ...reply, addressed: true }) : { kind: 'none' }
}
