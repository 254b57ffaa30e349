import { readNumberedAnswer, type ReplyReading } from './numbered-answers.ts'
import type { ChannelQuestion } from './question-answers.ts'

/**
 * How a piece reads a participant's message in a thread as an answer to a question card's
 * `questions` (pure; it may run more than once for one message). `addressed`: the message replies
 * to the card's own message on the platform; `open`: the card's call still waits (else it ended,
 * and a reading other than `none` tells the participant who settled it). A reading other than
 * `none` is consumed: settled, or its problem told to the participant, never sent to the agent.
 */
export type ReplyReader = (reply: { text: string; questions: ChannelQuestion[]; addressed: boolean; open: boolean }) => ReplyReading

/**
 * Reads a reply with the numbered-answer grammar (see `readNumberedAnswer`), for platforms that
 * answer by plain replies (Linear, typed answers); a reply to a card whose call ended counts only
 * when it replies to the card itself (else it is an ordinary message, for the agent).
 */
export const numberedReply: ReplyReader = ({ text, questions, addressed, open }) => (open || addressed ? readNumberedAnswer(questions, text, { addressed }) : { kind: 'none' })

/**
 * Reads only a reply to the card's own message on the platform (Telegram's replies to a card), with
 * the numbered-answer grammar, as addressed to the card's questions; every other message is for the
 * agent, whether the call still waits or not.
 */
export const addressedReply: ReplyReader = ({ text, questions, addressed }) =>
  addressed ? readNumberedAnswer(questions, text, { addressed: true }) : { kind: 'none' }

/**
 * A platform's answer command at the start of `text`, case aside (`/answer 2`, `/dismiss not
 * now`): what follows the answer command, or the dismissal's reason; `null` when `text` starts
 * with neither command.
 */
export function readReplyCommand(text: string, { answer = '/answer', dismiss = '/dismiss' }: { answer?: string; dismiss?: string } = {}): { command: 'answer'; text: string } | { command: 'dismiss'; reason?: string } | null {
  const match = /^\s*(\S+)(?:\s+([\s\S]*))?$/.exec(text)
  if (!match) return null
  const word = match[1].toLowerCase()
  const rest = (match[2] ?? '').trim()
  if (word === answer.toLowerCase()) return { command: 'answer', text: rest }
  if (word === dismiss.toLowerCase()) return rest ? { command: 'dismiss', reason: rest } : { command: 'dismiss' }
  return null
}

/**
 * Reads only replies that start with the platform's commands (GitHub: `/answer 2`, `/answer
 * "text"`, `/dismiss`), so that ordinary discussion in the thread is never taken for an answer;
 * what follows `/answer` is read with the numbered-answer grammar as addressed to the question
 * (a command for a question that was settled meanwhile is told who settled it).
 */
export function commandReply(commands: { answer?: string; dismiss?: string } = {}): ReplyReader {
  return ({ text, questions }) => {
    const command = readReplyCommand(text, commands)
    if (!command) return { kind: 'none' }
    if (command.command === 'dismiss') return { kind: 'dismiss', ...(command.reason ? { reason: command.reason } : {}) }
    return readNumberedAnswer(questions, command.text, { addressed: true })
  }
}
