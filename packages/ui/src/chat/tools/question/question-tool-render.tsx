import type { FrogbotUIMessage } from '@frogbotai/protocol'
import { useContext, useEffect, useReducer, useRef } from 'react'
import { ToolActionsContext } from '../../tool-actions-context.ts'
import type { ToolRenderProps } from '../../tool-renderers.ts'
import { AnsweredCard, NotAnsweredCard, PreparingCard, WaitingQuestionCard } from './question-cards.tsx'
import { cardQuestions, type DraftAction, draftReducer, restoreDraft } from './question-draft.ts'
import { QuestionForm } from './question-form.tsx'

/** The `tool-question` part of a FrogBot UI message, with typed `input` and `output`. */
export type QuestionToolPart = Extract<FrogbotUIMessage['parts'][number], { type: 'tool-question' }>

/**
 * The renderer of the built-in `question` tool (seed: "Answer in the chat UI"). Register it with
 * `toolRenderers={[{ kind: 'question', render: QuestionToolRender }]}`. By state:
 * - `input-streaming`: "Preparing question";
 * - `input-available` with `addToolOutput`: the question card (see `QuestionForm`), with who is
 *   asked and when it expires (`CallFacts`) while the stored call says so;
 * - `input-available` in a channel conversation: "Waiting for an answer in {channelLabel}", no controls;
 * - `output-available`: "Answered", each header with what was chosen ("Sending your answer…" until
 *   the server has it);
 * - `output-error`: "Not answered" with the tool error (dismissed, cancelled, expired).
 * What the person chose so far is kept here, so a refused answer comes back as it was sent, and
 * given to `onDraftChange` with each change (the step, the picks, the typed text), so the card
 * comes back as it was left from `draft` after a reload, in another tab or on another device. An
 * answer that did not reach the server shows "Not sent — Retry" until it is sent again.
 */
export function QuestionToolRender({ part, addToolOutput, dismiss, isReadonly, channelLabel, error, draft: saved, onDraftChange, mayTakeFocus, unsent, onRetry, call }: ToolRenderProps<QuestionToolPart>) {
  const questions = cardQuestions(part.input)
  const [draft, dispatchDraft] = useReducer(draftReducer, saved, (initial) => restoreDraft(questions, initial))
  const changed = useRef(false)
  const dispatch = (action: DraftAction) => {
    changed.current = true
    dispatchDraft(action)
  }
  useEffect(() => {
    if (changed.current) onDraftChange?.(draft)
  }, [draft])
  const sending = useContext(ToolActionsContext)?.isSending?.(part.toolCallId) ?? false
  switch (part.state) {
    case 'input-streaming':
      return <PreparingCard />
    case 'input-available':
      if (questions.length === 0) return <PreparingCard />
      if (addToolOutput && dismiss && !isReadonly) {
        return <QuestionForm questions={questions} call={call} toolCallId={part.toolCallId} draft={draft} dispatch={dispatch} error={error} mayTakeFocus={mayTakeFocus} onSubmit={addToolOutput} onDismiss={dismiss} />
      }
      return <WaitingQuestionCard questions={questions} call={call} title={isReadonly && channelLabel ? `Waiting for an answer in ${channelLabel}` : 'Waiting for an answer'} />
    case 'output-available':
      return <AnsweredCard output={part.output} sending={sending} unsent={unsent} onRetry={onRetry} />
    case 'output-error':
      return <NotAnsweredCard errorText={part.errorText} questions={questions} />
    default:
      return null
  }
}
