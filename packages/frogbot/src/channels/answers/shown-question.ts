import type { CardState } from './card-state.ts'
import { optionPage } from './option-pages.ts'
import type { ChannelQuestion } from './question-answers.ts'

/**
 * What a multi-step question card shows of its partial answer `state` (FrogBot's piece kit: one
 * question at a time, its options a page at a time, `perPage` a page):
 * - `step`: the question shown (the state's, clamped to the questions there are), `question` it;
 * - `selected` and `custom`: its selection so far, the labels picked and the words typed (if any);
 * - `page`, `pages`, `first`, `shown`: the page of its options asked for (the kit's `optionPage`:
 *   clamped, at least one page), and `previousPage` and `nextPage`, the pages a card's page
 *   buttons go to (`null` on the first page, or the last).
 */
export function shownQuestion(questions: ChannelQuestion[], state: CardState, page: number, perPage: number) {
  const step = Math.min(Math.max(state.step, 0), questions.length - 1)
  const question = questions[step]
  const { selected, custom } = state.selections[step] ?? { selected: [] }
  const options = optionPage(question, page, perPage)
  const previousPage = options.page > 0 ? options.page - 1 : null
  const nextPage = options.page < options.pages - 1 ? options.page + 1 : null
  return { step, question, selected, custom, ...options, previousPage, nextPage }
}
