import type { QuestionOutput } from '@frogbotai/protocol'
import type { ChannelQuestion, QuestionSelection } from './answers/question-answers.ts'
import { answerFrom, firstUnanswered } from './answers/question-answers.ts'

/**
 * What a participant is told about question `index` of `questions`, left without an answer:
 * "Choose an option for question 2, “Rooms”, or type your own answer." Its number is named only
 * when the call has several questions, typing only where the question takes a typed answer;
 * `then` goes before the final stop (`', then Submit'` where a form is sent with a Submit button).
 */
export function unansweredText(questions: ChannelQuestion[], index: number, then = ''): string {
  const { header, custom } = questions[index]
  const number = questions.length > 1 ? `question ${index + 1}, ` : ''
  return `Choose an option for ${number}“${header}”${custom ? ', or type your own answer' : ''}${then}.`
}

/**
 * The answer a form read whole gives (FrogBot's piece kit): `selections`, one per question (the
 * labels picked and the text typed, as `answerFrom` takes them), resolve the call's answer, or,
 * for the first question left without one, the `invalid` notice to tell the participant: its
 * `message` as `unanswered(index)` says (by default {@link unansweredText}) and its index
 * (`question`). The engine checks the answer's rules again when it settles. Slack's card and
 * answer modal, and the kit's `formAnswer`.
 */
export function selectionsAnswer(
  questions: ChannelQuestion[],
  selections: QuestionSelection[],
  unanswered: (index: number) => string = (index) => unansweredText(questions, index)
): { output: QuestionOutput } | { kind: 'invalid'; message: string; question: number } {
  const missing = firstUnanswered(questions, selections)
  if (missing >= 0) return { kind: 'invalid', message: unanswered(missing), question: missing }
  return { output: answerFrom(questions, selections) }
}
