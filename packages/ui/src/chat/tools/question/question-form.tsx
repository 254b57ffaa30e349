import type { PendingCall, QuestionOutput } from '@frogbotai/protocol'
import { type Dispatch, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { DismissPanel } from '../dismiss-panel.tsx'
import { CallFacts } from '../call-facts.tsx'
import { QuestionFields } from './question-fields.tsx'
import { type CardQuestion, type DraftAction, type QuestionDraft, answerAt, describeAnswer, isAnswered, questionOutput } from './question-draft.ts'
import { CardNotes } from '../card-notes.tsx'

/**
 * The card of a waiting `question` call (seed: "Answer in the chat UI"; FrogBot's question card):
 * - one single-choice question submits on a click (or its number key);
 * - several questions show one at a time, with a step per header (a check on answered ones), "2 of
 *   3", Back and Next, then a review of every answer with Submit (enabled once each question has a
 *   selection or typed text);
 * - number keys pick an option, Enter goes on (Shift+Enter adds a line to typed text);
 * - the focus moves into the card as it appears, unless `mayTakeFocus()` says no (the person was typing);
 * - Dismiss asks for an optional reason; a guard keeps a double press from answering twice.
 */
export function QuestionForm({
  questions,
  call,
  toolCallId,
  draft,
  dispatch,
  error,
  mayTakeFocus,
  onSubmit,
  onDismiss
}: {
  questions: CardQuestion[]
  call?: PendingCall
  toolCallId: string
  draft: QuestionDraft
  dispatch: Dispatch<DraftAction>
  error?: string
  mayTakeFocus?: () => boolean
  onSubmit: (output: QuestionOutput) => void
  onDismiss: (reason: string) => void | Promise<void>
}) {
  const id = useId()
  const card = useRef<HTMLElement>(null)
  // Not as it appears while the person was typing: a key meant for the composer must never answer.
  const shown = useRef({ step: draft.step, reviewing: draft.reviewing, focus: undefined as boolean | undefined })
  const sent = useRef(false)
  const [dismissing, setDismissing] = useState(false)
  const [hint, setHint] = useState<string | null>(null)
  const many = questions.length > 1
  const oneClick = !many && !questions[0].multiple
  const step = Math.min(draft.step, questions.length - 1)
  const reviewing = many && draft.reviewing
  const question = reviewing ? null : questions[step]
  const answered = questions.map((q, index) => isAnswered(q, answerAt(draft, index)))
  const complete = answered.every(Boolean)

  useEffect(() => {
    card.current?.querySelector('.fb-step[aria-current="step"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [step, reviewing])
  useEffect(() => {
    if (dismissing) return
    // Asked once the card is on the page: the composer it hides has gone by then.
    const first = shown.current
    first.focus ??= mayTakeFocus?.() ?? true
    if (!first.focus && step === first.step && reviewing === first.reviewing) return
    const root = card.current
    const focused = document.activeElement
    if (!root || (focused && focused !== document.body && !root.contains(focused))) return
    const target = reviewing
      ? root.querySelector<HTMLElement>('[data-submit]')
      : (root.querySelector<HTMLElement>('.fb-option-input:checked') ?? root.querySelector<HTMLElement>('.fb-option-input, [data-custom-answer]'))
    target?.focus()
  }, [step, reviewing, dismissing])

  const submit = (output: QuestionOutput) => {
    if (sent.current) return
    sent.current = true
    onSubmit(output)
  }
  const submitDraft = () => {
    if (!complete) {
      setHint(many ? 'Answer every question before you submit.' : 'Choose an option or type your own answer.')
      return
    }
    submit(questionOutput(questions, draft))
  }
  const goOn = () => {
    setHint(null)
    if (reviewing || !many) return submitDraft()
    if (!answered[step]) return setHint('Choose an option or type your own answer, then go on.')
    if (step < questions.length - 1) dispatch({ type: 'go', step: step + 1 })
    else dispatch({ type: 'review' })
  }
  const pick = (label: string, { pointer }: { pointer: boolean }) => {
    if (!question) return
    setHint(null)
    if (oneClick && pointer) return submit({ answers: [{ header: question.header, selected: [label] }] })
    dispatch({ type: 'pick', question, index: step, label })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (dismissing || event.altKey || event.ctrlKey || event.metaKey) return
    const target = event.target as HTMLElement
    const typing = target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type === 'text')
    if (question && !typing && /^[1-9]$/.test(event.key)) {
      const option = question.options[Number(event.key) - 1]
      if (!option) return
      event.preventDefault()
      pick(option.label, { pointer: oneClick })
      return
    }
    if (event.key === 'Enter' && !event.shiftKey && !typing && !(target instanceof HTMLButtonElement)) {
      event.preventDefault()
      goOn()
    }
  }

  return (
    <section ref={card} className="fb-card fb-question" aria-labelledby={`${id}-title`} data-tool-call-id={toolCallId} onKeyDown={onKeyDown}>
      <header className="fb-card-header">
        <h3 id={`${id}-title`} className="fb-card-title">
          {many ? 'Questions' : questions[0].header}
        </h3>
        {many ? <span className="fb-progress">{reviewing ? 'Review' : `${step + 1} of ${questions.length}`}</span> : null}
      </header>
      <CallFacts call={call} />
      {many ? (
        <ol className="fb-steps" aria-label="Questions">
          {questions.map((q, index) => (
            <li key={q.header}>
              <button
                type="button"
                className="fb-step"
                aria-current={!reviewing && index === step ? 'step' : undefined}
                data-answered={answered[index] || undefined}
                onClick={() => dispatch({ type: 'go', step: index })}
              >
                <span className="fb-step-check" aria-hidden="true">
                  {answered[index] ? '✓' : index + 1}
                </span>
                {q.header}
                {answered[index] ? <span className="fb-sr-only"> (answered)</span> : null}
              </button>
            </li>
          ))}
          <li>
            <button type="button" className="fb-step" aria-current={reviewing ? 'step' : undefined} onClick={() => dispatch({ type: 'review' })}>
              Review
            </button>
          </li>
        </ol>
      ) : null}
      {question ? (
        <QuestionFields
          key={step}
          question={question}
          answer={answerAt(draft, step)}
          name={`${toolCallId}-${step}`}
          onPick={pick}
          onCustom={(text) => {
            setHint(null)
            dispatch({ type: 'custom', question, index: step, text })
          }}
          onEnter={goOn}
        />
      ) : (
        <div className="fb-review">
          <p className="fb-question-text">Check your answers before you submit.</p>
          <dl className="fb-answers">
            {questions.map((q, index) => (
              <div key={q.header} className="fb-answer-row">
                <dt>{q.header}</dt>
                <dd className="fb-answer-with-action">
                  <span data-missing={!answered[index] || undefined}>{describeAnswer(answerAt(draft, index))}</span>
                  <button type="button" className="fb-button fb-button-link" aria-label={`Change ${q.header}`} onClick={() => dispatch({ type: 'go', step: index })}>
                    Change
                  </button>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <CardNotes error={error} hint={hint} />
      {dismissing ? (
        <DismissPanel
          onCancel={() => setDismissing(false)}
          onDismiss={(reason) => {
            if (sent.current) return
            sent.current = true
            void Promise.resolve(onDismiss(reason)).finally(() => (sent.current = false))
          }}
        />
      ) : (
        <footer className="fb-card-footer">
          <button type="button" className="fb-button fb-button-quiet fb-footer-start" onClick={() => setDismissing(true)}>
            Dismiss
          </button>
          {many && (reviewing || step > 0) ? (
            <button type="button" className="fb-button" onClick={() => (reviewing ? dispatch({ type: 'go', step: questions.length - 1 }) : dispatch({ type: 'go', step: step - 1 }))}>
              Back
            </button>
          ) : null}
          {many && !reviewing ? (
            <button type="button" className="fb-button fb-button-primary" onClick={goOn}>
              Next
            </button>
          ) : (
            <button type="button" className="fb-button fb-button-primary" data-submit="" aria-disabled={!complete || undefined} onClick={submitDraft}>
              Submit
            </button>
          )}
        </footer>
      )}
    </section>
  )
}
