import type { PendingCall } from '@frogbotai/protocol'
import { useId, useState } from 'react'
import { CallFacts } from '../call-facts.tsx'
import { InlineMarkdown } from '../../markdown/markdown-text.tsx'
import { SettledCard } from '../settled-card.tsx'
import { type CardQuestion, describeAnswer } from './question-draft.ts'

/** The streaming state: the model is still writing the question. */
export function PreparingCard({ label = 'Preparing question' }: { label?: string }) {
  return (
    <div className="fb-card fb-card-compact" role="status">
      <span className="fb-spinner" aria-hidden="true" />
      {label}
    </div>
  )
}

/**
 * A question that waits but cannot be answered here: in a channel conversation ("Waiting for an
 * answer in Slack", no controls) or while the chat streams; who is asked and when it expires (`call`).
 */
export function WaitingQuestionCard({ questions, title, call }: { questions: CardQuestion[]; title: string; call?: PendingCall }) {
  const id = useId()
  return (
    <section className="fb-card fb-question fb-card-readonly" aria-labelledby={id}>
      <header className="fb-card-header">
        <span className="fb-status-dot" aria-hidden="true" />
        <h3 id={id} className="fb-card-title">
          {title}
        </h3>
      </header>
      <CallFacts call={call} />
      {questions.map((question) => (
        <div key={question.header} className="fb-readonly-question">
          <p className="fb-question-text">
            <strong>{question.header}:</strong> <InlineMarkdown text={question.question} />
          </p>
          <ul className="fb-readonly-options">
            {question.options.map((option) => (
              <li key={option.label}>
                {option.label}
                {option.description ? (
                  <span className="fb-option-description">
                    {' — '}
                    <InlineMarkdown text={option.description} />
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  )
}

type Answer = { header: string; selected: string[]; custom?: string }

/** How many characters of answers a settled card shows before it folds the rest away ("Show all"). */
export const ANSWERS_FOLD_AT = 600

/**
 * A settled call with an answer: "Answered", each header with what was chosen and typed; while
 * the answer given here is on its way, "Sending your answer…" with a spinner; when it did not
 * reach the server, "Not sent — Retry" (it is sent again once the server answers). Answers longer
 * than {@link ANSWERS_FOLD_AT} characters are folded, with "Show all" and "Show less".
 */
export function AnsweredCard({ output, sending = false, unsent = false, onRetry }: { output: unknown; sending?: boolean; unsent?: boolean; onRetry?: () => void }) {
  const answers = (output as { answers?: Answer[] } | undefined)?.answers
  const described = Array.isArray(answers) ? answers.map((answer) => ({ header: answer.header, text: describeAnswer({ selected: Array.isArray(answer.selected) ? answer.selected : [], custom: answer.custom }) })) : []
  const long = described.reduce((sum, answer) => sum + answer.text.length, 0) > ANSWERS_FOLD_AT
  const [open, setOpen] = useState(false)
  const id = useId()
  const outcome = unsent ? 'unsent' : sending ? 'sending' : 'done'
  return (
    <SettledCard outcome={outcome} title={unsent ? 'Not sent' : sending ? 'Sending your answer…' : 'Answered'} action={unsent && onRetry ? { label: 'Retry', onClick: onRetry } : undefined}>
      {described.length > 0 ? (
        <dl id={`${id}-answers`} className="fb-answers" data-folded={(long && !open) || undefined}>
          {described.map((answer) => (
            <div key={answer.header} className="fb-answer-row">
              <dt>{answer.header}</dt>
              <dd>{answer.text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {long ? (
        <button type="button" className="fb-button fb-button-link fb-fold" aria-expanded={open} aria-controls={`${id}-answers`} onClick={() => setOpen((value) => !value)}>
          {open ? 'Show less' : 'Show all'}
        </button>
      ) : null}
    </SettledCard>
  )
}

/**
 * A call that ended without an answer: "Not answered" with the tool error, which says how
 * (`Dismissed by the user.`, cancelled, expired or closed), and the questions it asked.
 */
export function NotAnsweredCard({ errorText, questions }: { errorText: string; questions: CardQuestion[] }) {
  return (
    <SettledCard outcome="closed" title="Not answered">
      <p className="fb-card-text">{errorText}</p>
      {questions.length > 0 ? (
        <ul className="fb-readonly-options">
          {questions.map((question) => (
            <li key={question.header}>
              <strong>{question.header}:</strong> <InlineMarkdown text={question.question} />
            </li>
          ))}
        </ul>
      ) : null}
    </SettledCard>
  )
}
