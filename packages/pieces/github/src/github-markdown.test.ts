import { describe, expect, it } from 'vitest'
import { COMMENT_BUDGET, commentParts, CONTINUED, escapeText, neutralise, neutraliseMarkdown } from './github-markdown.ts'

const J = '\u2060'

describe('escapeText: the model’s words as literal text in a comment', () => {
  it('escapes every Markdown control character, so nothing becomes emphasis, code, a link, an image, HTML, a table or math', () => {
    expect(escapeText('**bold** _it_ `code` [link](https://x.test) ![img](a.png) <b>&amp;</b> a|b ~~gone~~ $x$ \\')).toBe(
      `\\*\\*bold\\*\\* \\_it\\_ \\\`code\\\` \\[link\\](https${J}://x.test) \\!\\[img\\](a.png) \\<b\\>\\&amp;\\</b\\> a\\|b \\~\\~gone\\~\\~ \\$x\\$ \\\\`
    )
  })

  it('escapes what would make a line a heading, a quote, a list item or a rule, and drops indentation that would make code', () => {
    expect(escapeText('# Title\n> quoted\n- item\n+ item\n1. first\n2) second\n---\n====\n        code?')).toBe('\\# Title\n\\> quoted\n\\- item\n\\+ item\n1\\. first\n2\\) second\n\\---\n\\====\ncode?')
  })

  it('neutralises mentions, team mentions and issue references, and breaks addresses, with an invisible word joiner', () => {
    expect(escapeText('ask @ada and @acme/core about #12, acme/shed#3, GH-7 and https://github.com/acme/shed/issues/1 or www.example.com; mail ada@example.com')).toBe(
      `ask @${J}ada and @${J}acme/core about #${J}12, acme/shed#${J}3, GH-${J}7 and https${J}://github.com/acme/shed/issues/1 or www${J}.example.com; mail ada@example.com`
    )
  })

  it('folds a label onto one line, keeps a question’s lines (blank runs as one), and removes control characters', () => {
    expect(escapeText('  Blue\n\n  and\tgreen \u0007', { oneLine: true })).toBe('Blue and green')
    expect(escapeText('First line\n\n\n\nSecond\u0000 line\n')).toBe('First line\n\nSecond line')
  })
})

describe('neutraliseMarkdown: the model’s reply keeps its Markdown', () => {
  it('neutralises mentions and references in the text, but not in code spans, fenced code or link addresses', () => {
    const reply = ['Thanks @ada, see #4 and [the docs](https://example.com/@team#1).', 'Run `npm i @types/node` first:', '```ts', "import x from '@scope/pkg' // #1", '```', '~~~', '@still-code', '~~~', 'Then ping @bob.'].join('\n')
    expect(neutraliseMarkdown(reply)).toBe(
      [`Thanks @${J}ada, see #${J}4 and [the docs](https://example.com/@team#1).`, 'Run `npm i @types/node` first:', '```ts', "import x from '@scope/pkg' // #1", '```', '~~~', '@still-code', '~~~', `Then ping @${J}bob.`].join('\n')
    )
  })

  it('leaves emails and plain text alone', () => {
    expect(neutralise('write to ada@example.com, not to me')).toBe('write to ada@example.com, not to me')
  })
})

describe('commentParts: text longer than a comment', () => {
  it('is one comment when it fits', () => {
    expect(commentParts('short')).toEqual(['short'])
  })

  it('is cut between lines into comments within the budget, each after the first marked “(continued)”, nothing lost', () => {
    const lines = Array.from({ length: 40 }, (_, index) => `${index + 1}. ${'option '.repeat(10)}`)
    const parts = commentParts(lines.join('\n'), 500)
    expect(parts.length).toBeGreaterThan(5)
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(500)
    for (const part of parts.slice(1)) expect(part.startsWith(`${CONTINUED}\n\n`)).toBe(true)
    expect(parts.map((part) => part.replace(`${CONTINUED}\n\n`, '')).join('\n')).toBe(lines.join('\n'))
  })

  it('cuts a line longer than a comment at a space, or anywhere but inside an escape', () => {
    const spaced = `${'word '.repeat(50_000)}end`
    const parts = commentParts(spaced)
    expect(parts.length).toBe(5)
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(COMMENT_BUDGET)
    expect(parts.map((part) => part.replace(`${CONTINUED}\n\n`, '')).join('')).toBe(spaced)
    const escapes = '\\*'.repeat(40)
    for (const part of commentParts(escapes, 25)) expect(part.replace(`${CONTINUED}\n\n`, '')).toMatch(/^(\\\*)+$/)
  })

  it('closes a fenced code block at the end of a comment and opens it again in the next', () => {
    const code = ['Here:', '```js', ...Array.from({ length: 30 }, (_, index) => `console.log(${index})`), '```', 'Done.'].join('\n')
    const parts = commentParts(code, 200)
    expect(parts.length).toBeGreaterThan(2)
    for (const part of parts) expect(part.split('\n').filter((line) => line.startsWith('```')).length % 2).toBe(0)
    expect(parts[1].startsWith(`${CONTINUED}\n\n\`\`\`js\n`)).toBe(true)
    expect(parts.at(-1)!.endsWith('```\nDone.')).toBe(true)
  })
})
