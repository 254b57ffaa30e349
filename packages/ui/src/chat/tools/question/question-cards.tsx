import { type ReactNode, useId } from 'react'
import { InlineMarkdown } from '../../markdown/markdown-text.tsx'
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
 * answer in Slack", no controls) or while the chat streams.
 */
export function WaitingQuestionCard({ questions, title }: { questions: CardQuestion[]; title: string }) {
  const id = useId()
  return (
    <section className="fb-card fb-question fb-card-readonly" aria-labelledby={id}>
      <header className="fb-card-header">
        <span className="fb-status-dot" aria-hidden="true" />
        <h3 id={id} className="fb-card-title">
          {title}
        </h3>
      </header>
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

/**
 * A settled call with an answer: "Answered", each header with what was chosen and typed; while
 * the answer given here is on its way, "Sending your answer…" with a spinner.
 */
export function AnsweredCard({ output, sending = false }: { output: unknown; sending?: boolean }) {
  const answers = (output as { answers?: Answer[] } | undefined)?.answers
  return (
    <SettledCard outcome={sending ? 'sending' : 'answered'} title={sending ? 'Sending your answer…' : 'Answered'}>
      {Array.isArray(answers) ? (
        <dl className="fb-answers">
          {answers.map((answer) => (
            <div key={answer.header} className="fb-answer-row">
              <dt>{answer.header}</dt>
              <dd>{describeAnswer({ selected: Array.isArray(answer.selected) ? answer.selected : [], custom: answer.custom })}</dd>
            </div>
          ))}
        </dl>
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

/** The frame of a settled card: a check, a cross or a spinner (sending), the title, then the details. */
function SettledCard({ outcome, title, children }: { outcome: 'answered' | 'sending' | 'closed'; title: string; children?: ReactNode }) {
  const id = useId()
  return (
    <section className={`fb-card fb-question ${outcome === 'closed' ? 'fb-card-closed' : 'fb-card-done'}`} aria-labelledby={id} aria-busy={outcome === 'sending' || undefined}>
      <header className="fb-card-header">
        {outcome === 'sending' ? (
          <span className="fb-spinner" aria-hidden="true" />
        ) : (
          <span className="fb-status-icon" aria-hidden="true">
            {outcome === 'answered' ? '✓' : '×'}
          </span>
        )}
        <h3 id={id} className="fb-card-title">
          {title}
        </h3>
      </header>
      {children}
    </section>
  )
}
