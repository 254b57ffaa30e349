import type { ChannelQuestion } from './question-answers.ts'

/**
 * The page of `question`'s options a card shows, `perPage` options a page (FrogBot's piece kit; a
 * card pages its options where the platform holds fewer controls than a question may have):
 * `page` is the one asked for, clamped to the pages there are (a stale or forged page number
 * shows the first or the last); `pages` how many there are, at least one (a question without
 * options has one, empty); `first` the index of the first option shown; `shown` the options on it.
 */
export function optionPage(question: Pick<ChannelQuestion, 'options'>, page: number, perPage: number) {
  const pages = Math.max(1, Math.ceil(question.options.length / perPage))
  const shownPage = Math.min(Math.max(page, 0), pages - 1)
  const first = shownPage * perPage
  return { page: shownPage, pages, first, shown: question.options.slice(first, first + perPage) }
}
