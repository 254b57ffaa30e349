import { describe, expect, it } from 'vitest'
import { factsMarkdown } from './facts-markdown.ts'

describe('factsMarkdown', () => {
  it('is a last paragraph in italics, escaped by the platform, and nothing without facts', () => {
    expect(factsMarkdown(['Waiting for Dana', 'Expires in 2 h'], (text) => text.replace(/_/g, '\\_'))).toBe('\n\n_Waiting for Dana · Expires in 2 h_')
    expect(factsMarkdown(['Waiting for _x_'], (text) => text.replace(/_/g, '\\_'))).toBe('\n\n_Waiting for \\_x\\__')
    expect(factsMarkdown([], () => 'never')).toBe('')
  })
})
