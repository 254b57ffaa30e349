import { useId, useRef } from 'react'
import { ANSWER_TEXT_MAX_LENGTH } from '@frogbotai/protocol'
import { InlineMarkdown } from '../../markdown/markdown-text.tsx'
import type { AnswerDraft, CardQuestion } from './question-draft.ts'

/**
 * One question's controls: radios for single choice, checkboxes for multi-select ("Select all that
 * apply."), each option with its number key and description, and the custom answer field where the
 * question allows one (placeholder "Type your own answer", named "Other answer for {header}"; at
 * most 4,000 characters, counted near the end).
 * `onPick(label, { pointer })` reports whether a pointer made the choice, so a one-click card
 * submits on a click but not while arrow keys move through the radios.
 */
export function QuestionFields({
  question,
  answer,
  name,
  onPick,
  onCustom,
  onEnter
}: {
  question: CardQuestion
  answer: AnswerDraft
  name: string
  onPick: (label: string, how: { pointer: boolean }) => void
  onCustom: (text: string) => void
  onEnter: () => void
}) {
  const id = useId()
  const pointer = useRef(false)
  const numbered = question.options.length <= 9
  return (
    <fieldset className="fb-question-fieldset" aria-describedby={question.multiple ? `${id}-hint` : undefined}>
      <legend className="fb-question-text">
        <InlineMarkdown text={question.question} />
      </legend>
      {question.multiple ? (
        <p id={`${id}-hint`} className="fb-hint">
          Select all that apply.
        </p>
      ) : null}
      <div className="fb-options">
        {question.options.map((option, index) => {
          const checked = answer.selected.includes(option.label)
          const labelId = `${id}-l${index}`
          const descriptionId = option.description ? `${id}-d${index}` : undefined
          return (
            <label key={option.label} className="fb-option" data-checked={checked || undefined} onPointerDown={() => (pointer.current = true)}>
              <input
                type={question.multiple ? 'checkbox' : 'radio'}
                className="fb-option-input"
                name={name}
                value={option.label}
                checked={checked}
                aria-labelledby={labelId}
                aria-describedby={descriptionId}
                onKeyDown={() => (pointer.current = false)}
                onChange={() => onPick(option.label, { pointer: pointer.current })}
                onClick={() => {
                  // Clicking the radio that is already chosen changes nothing, so no change event comes.
                  if (!question.multiple && checked) onPick(option.label, { pointer: pointer.current })
                }}
              />
              {numbered ? (
                <span className="fb-option-key" aria-hidden="true">
                  {index + 1}
                </span>
              ) : null}
              <span className="fb-option-text">
                <span id={labelId} className="fb-option-label">
                  {option.label}
                </span>
                {option.description ? (
                  <span id={descriptionId} className="fb-option-description">
                    <InlineMarkdown text={option.description} links={false} />
                  </span>
                ) : null}
              </span>
            </label>
          )
        })}
      </div>
      {question.custom ? (
        <textarea
          className="fb-textarea fb-custom"
          rows={1}
          value={answer.custom}
          placeholder="Type your own answer"
          aria-label={`Other answer for ${question.header}`}
          aria-describedby={answer.custom.length > ANSWER_TEXT_MAX_LENGTH * 0.9 ? `${id}-count` : undefined}
          maxLength={ANSWER_TEXT_MAX_LENGTH}
          data-custom-answer=""
          onChange={(event) => onCustom(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault()
              event.stopPropagation()
              onEnter()
            }
          }}
        />
      ) : null}
      {question.custom && answer.custom.length > ANSWER_TEXT_MAX_LENGTH * 0.9 ? (
        <p id={`${id}-count`} className="fb-hint" aria-live="polite">
          {`${answer.custom.length.toLocaleString('en-US')} of ${ANSWER_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters`}
        </p>
      ) : null}
    </fieldset>
  )
}
