import { describe, expect, it } from 'vitest'
import { optionPage } from './option-pages.ts'

const options = (count: number) => ({ options: Array.from({ length: count }, (_, index) => ({ label: `Option ${index + 1}` })) })

describe('optionPage', () => {
  it('shows perPage options a page, the last page what is left', () => {
    expect(optionPage(options(20), 0, 8)).toEqual({ page: 0, pages: 3, first: 0, shown: options(8).options })
    expect(optionPage(options(20), 2, 8)).toMatchObject({ page: 2, pages: 3, first: 16, shown: [{ label: 'Option 17' }, { label: 'Option 18' }, { label: 'Option 19' }, { label: 'Option 20' }] })
  })

  it('clamps a page out of range to the first or the last, and has one page without options', () => {
    expect(optionPage(options(20), 7, 8)).toMatchObject({ page: 2, first: 16 })
    expect(optionPage(options(20), -3, 8)).toMatchObject({ page: 0, first: 0 })
    expect(optionPage(options(8), 1, 8)).toMatchObject({ page: 0, pages: 1 })
    expect(optionPage(options(0), 0, 8)).toEqual({ page: 0, pages: 1, first: 0, shown: [] })
  })
})
