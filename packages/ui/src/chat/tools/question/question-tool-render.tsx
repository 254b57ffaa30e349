import type { FrogbotUIMessage } from '@frogbotai/protocol'
import { useContext, useReducer } from 'react'
import { ToolActionsContext } from '../../tool-actions-context.ts'
import type { ToolRenderProps } from '../../tool-renderers.ts'
import { AnsweredCard, NotAnsweredCard, PreparingCard, WaitingQuestionCard } from './question-cards.tsx'
import { cardQuestions, draftReducer, emptyDraft } from './question-draft.ts'
import { QuestionForm } from './question-form.tsx'

/** The `tool-question` part of a FrogBot UI message, with typed `input` and `output`. */
export type QuestionToolPart = Extract<FrogbotUIMessage['parts'][number], { type: 'tool-question' }>

/**
 * The renderer of the built-in `question` tool (seed: "Answer in the chat UI"). Register it with
 * `toolRenderers={[{ kind: 'question', render: QuestionToolRender }]}`. By state:
 * - `input-streaming`: "Preparing question";
 * - `input-available` with `addToolOutput`: the question card (see `QuestionForm`);
 * - `input-available` in a channel conversation: "Waiting for an answer in {channelLabel}", no controls;
 * - `output-available`: "Answered", each header with what was chosen ("Sending your answer…" until
 *   the server has it);
 * - `output-error`: "Not answered" with the tool error (dismissed, cancelled, expired).
 * What the person chose so far is kept here, so a refused answer comes back as it was sent.
 */
export function QuestionToolRender({ part, addToolOutput, dismiss, isReadonly, channelLabel, error }: ToolRenderProps<QuestionToolPart>) {
  const [draft, dispatch] = useReducer(draftReducer, emptyDraft)
  const sending = useContext(ToolActionsContext)?.isSending?.(part.toolCallId) ?? false
  const questions = cardQuestions(part.input)
  switch (part.state) {
    case 'input-streaming':
      return <PreparingCard />
    case 'input-available':
      if (questions.length === 0) return <PreparingCard />
      if (addToolOutput && dismiss && !isReadonly) {
        return <QuestionForm questions={questions} toolCallId={part.toolCallId} draft={draft} dispatch={dispatch} error={error} onSubmit={addToolOutput} onDismiss={dismiss} />
      }
      return <WaitingQuestionCard questions={questions} title={isReadonly && channelLabel ? `Waiting for an answer in ${channelLabel}` : 'Waiting for an answer'} />
    case 'output-available':
      return <AnsweredCard output={part.output} sending={sending} />
    case 'output-error':
      return <NotAnsweredCard errorText={part.errorText} questions={questions} />
    default:
      return null
  }
}
