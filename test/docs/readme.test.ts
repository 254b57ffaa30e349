// The README moved into the documentation site (issue 36): it keeps what GitHub needs and points
// into docs/. ../shared/tools/newcomer-check runs its two commands and greps it for /admin.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from './site-build.ts'

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')

describe('the README', () => {
  it('stays under 300 lines', () => {
    expect(readme.split('\n').length).toBeLessThan(300)
  })

  it('starts with what FrogBot is and its two commands, as they were', () => {
    const lines = readme.split('\n')
    expect(lines[0]).toBe('# FrogBot')
    const block = readme.slice(readme.indexOf('```bash'), readme.indexOf('```', readme.indexOf('```bash') + 3))
    expect(block).toContain('npm install && npm start     # the planner example on http://localhost:3000')
    expect(block).toContain('npm install && npm test      # all tests')
    expect(readme.indexOf('```bash')).toBeLessThan(readme.indexOf('\n## '))
  })

  it('keeps the first-screen prompts and the admin chat pointer', () => {
    expect(readme).toContain('**Then open the admin chat, http://localhost:3000/admin**')
    for (const prompt of ['"Plan a team offsite: city or mountains?"', '"Ask me a few questions about a team offsite"', '"Pick a file: plan.md, budget.csv or notes.txt"']) expect(readme).toContain(`| ${prompt} |`)
  })

  it('points into the site, and says how to run it', () => {
    expect(readme).toContain('npm run docs:dev')
    for (const page of ['docs/getting-started.md', 'docs/chat/questions.md', 'docs/http/overview.md', 'docs/pieces/overview.md', 'docs/ui/overview.md']) expect(readme).toContain(`](${page}`)
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts
    expect(scripts['docs:dev']).toBe('vitepress dev docs')
    expect(scripts['docs:build']).toBe('vitepress build docs')
  })
})
