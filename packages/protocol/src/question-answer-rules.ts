import { quote } from './question-schemas.ts'
import { isBlankText, typedTextProblem } from './text-rules.ts'
import { ANSWER_TEXT_MAX_LENGTH, tooLongText } from './answer-text.ts'
import type { QuestionInput, QuestionOutput } from './question-schemas.ts'

/** `text` in Unicode normalisation form C, the form labels are compared in. */
const nfc = (text: string) => text.normalize('NFC')

/**
 * `output` with each selected label given as the option's own label it matches after NFC
 * normalisation (see rule 3 of {@link checkQuestionAnswer}), so that an answer holds labels
 * "exactly as they were offered" (the seed) whatever form the person's client sent them in. A
 * label no option matches, or an answer past the questions, is kept as it is. Pure.
 */
export function labelsAsOffered(input: QuestionInput, output: QuestionOutput): QuestionOutput {
  return {
    ...output,
    answers: output.answers.map((answer, index) => {
      const options = input.questions[index]?.options ?? []
      const offered = (label: string) => options.find((option) => nfc(option.label) === nfc(label))?.label
      return { ...answer, selected: answer.selected.map((label) => offered(label) ?? label) }
    })
  }
}

/**
 * `output` without the typed answers (`custom`) that show nothing: a `custom` that `isBlankText`
 * calls blank (`"   "`, `"\u200b"`) beside a selected option is no typed answer, so it is left out
 * of the answer kept and the model never reads `you wrote: "\u200b"` (with nothing selected,
 * {@link checkQuestionAnswer} refuses it). Every other answer is kept as it is. Pure.
 */
export function withoutBlankCustom(output: QuestionOutput): QuestionOutput {
  const kept = (answer: QuestionOutput['answers'][number]) => {
    if (answer.custom === undefined || !isBlankText(answer.custom)) return answer
    const { custom: _blank, ...rest } = answer
    return rest
  }
  return { ...output, answers: output.answers.map(kept) }
}

/**
 * Checks an answer against the questions it answers: the `question` tool's answer rules
 * (source: the seed, "Question and answer shape").
 *
 * Both arguments must already be parsed (`QuestionInput.parse` fills in `multiple: false` and
 * `custom: true`). The rules, checked in this order:
 * 1. exactly one answer per question (`answers` has as many entries as `questions`);
 * 2. in order: `answers[i].header` equals `questions[i].header`;
 * 3. every `selected` label was offered by that question, compared after NFC normalisation (a
 *    label typed or pasted in another Unicode form, `"Cafe\u0301"`, is the option `"Café"`; see
 *    {@link labelsAsOffered} for the label the answer keeps);
 * 4. no label is selected twice, in either form (the seed is silent; a pick counted twice would
 *    mislead the model);
 * 5. a single-choice question (`multiple: false`) has at most one selected label;
 * 6. `custom` is present only where the question allows it (`custom: true`);
 * 7. `custom` holds no NUL (U+0000) and is well-formed Unicode (see `typedTextProblem`) and is at most
 *    {@link ANSWER_TEXT_MAX_LENGTH} characters;
 * 8. each answer has at least one selected label or a `custom` that is not blank (`isBlankText`: not only
 *    white space, invisible or control characters; beside a selection, a blank one is dropped, see
 *    {@link withoutBlankCustom}).
 * Rules 2 to 8 are checked answer by answer.
 *
 * Returns `true` when the answer is acceptable, otherwise the message of the FIRST broken rule.
 * Messages are shown to API users (`400 invalid-output`) and start with the answer's path and the
 * question's header, e.g. `answers[0] ("Color"): "Green" was not offered; choose one of "Red", "Blue"`.
 */
export function checkQuestionAnswer(input: QuestionInput, output: QuestionOutput): true | string {
  const { questions } = input
  const { answers } = output

  if (answers.length !== questions.length) {
    const headers = questions.map((q) => quote(q.header)).join(', ')
    const expected = questions.length === 1 ? '1 answer' : `${questions.length} answers`
    return `answers: expected ${expected}, one per question in order (${headers}), got ${answers.length}`
  }

  for (let i = 0; i < questions.length; i++) {
    const q = questions[i]
    const a = answers[i]
    const at = `answers[${i}] (${quote(q.header)})`
    const offered = q.options.map((o) => o.label)
    const offeredList = offered.map(quote).join(', ')

    if (a.header !== q.header) {
      return (
        `${at}: header is ${quote(a.header)} but question ${i} is ${quote(q.header)}; ` +
        'answer every question once, in the order asked'
      )
    }

    const nfcOffered = offered.map(nfc)
    const notOffered = a.selected.find((label) => !nfcOffered.includes(nfc(label)))
    if (notOffered !== undefined) {
      return `${at}: ${quote(notOffered)} was not offered; choose one of ${offeredList}`
    }

    const picked = a.selected.map(nfc)
    const twice = a.selected.find((_label, index) => picked.indexOf(picked[index]) !== index)
    if (twice !== undefined) {
      return `${at}: ${quote(twice)} is selected twice; select each option at most once`
    }

    if (!q.multiple && a.selected.length > 1) {
      const list = a.selected.map(quote).join(', ')
      return `${at}: ${a.selected.length} options are selected (${list}) but this question allows only one`
    }

    if (a.custom !== undefined && !q.custom) {
      return `${at}: a custom answer is not allowed for this question; omit "custom" and choose from ${offeredList}`
    }

    const broken = a.custom === undefined ? null : typedTextProblem(a.custom)
    if (broken) {
      return `${at}: "custom" ${broken}`
    }

    if (a.custom !== undefined && a.custom.length > ANSWER_TEXT_MAX_LENGTH) {
      return `${at}: "custom" ${tooLongText(a.custom.length, ANSWER_TEXT_MAX_LENGTH, 'a typed answer')}`
    }

    if (a.selected.length === 0 && (a.custom === undefined || isBlankText(a.custom))) {
      return q.custom
        ? `${at}: nothing is selected and the custom answer is empty; select at least one option or type a custom answer`
        : `${at}: nothing is selected; select at least one of ${offeredList}`
    }
  }

  return true
}
