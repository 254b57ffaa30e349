// Every TypeScript sample of the documentation type-checks against the packages, as the seed's
// samples do (packages/frogbot/test/seed): each ```ts and ```tsx block of docs/ is written to a file
// of its own under test-output/, beside stand-ins for the files samples import from their own app
// (./frogbot.config.ts, ./providers.tsx), and `tsc` checks them all with the repository's settings.
import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { DOCS, ROOT, docsPages } from './site-build.ts'

const OUT = join(ROOT, 'test-output/docs-samples')

/** A fenced TypeScript block of a page, where it starts, and what the comment before it says. */
type Sample = { page: string; line: number; lang: 'ts' | 'tsx'; code: string; skip?: string; context?: string }

/** The ```ts and ```tsx blocks of a Markdown text (the info string's first word is the language). */
export function samplesOf(page: string, text: string): Sample[] {
  const lines = text.split('\n')
  const samples: Sample[] = []
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)```(ts|tsx|typescript)(\s.*)?$/.exec(lines[index])
    if (!open) {
      if (/^\s*```/.test(lines[index])) {
        // another language: skip to its end
        index += 1
        while (index < lines.length && !/^\s*```\s*$/.test(lines[index])) index += 1
      }
      continue
    }
    const indent = open[1].length
    const body: string[] = []
    const start = index + 1
    index += 1
    while (index < lines.length && !/^\s*```\s*$/.test(lines[index])) body.push(lines[index++].slice(indent))
    let before = start - 2
    while (before >= 0 && lines[before].trim() === '') before -= 1
    const comments: string[] = []
    while (before >= 0 && /^\s*<!--.*-->\s*$/.test(lines[before])) comments.unshift(lines[before--].trim())
    const directive = (name: string) => comments.map((comment) => new RegExp(`^<!--\\s*${name}:\\s*([\\s\\S]*?)\\s*-->$`).exec(comment)?.[1]).find(Boolean)
    samples.push({ page, line: start + 1, lang: open[2] === 'tsx' ? 'tsx' : 'ts', code: body.join('\n'), skip: directive('sample'), context: directive('sample-context') })
  }
  return samples
}

// What a sample imports from its own app, as the app would have it.
const STAND_INS: Record<string, string> = {
  'frogbot.config.ts': "import { buildConfig } from 'frogbot'\n\nexport default buildConfig({ agents: [{ slug: 'planner', model: 'fast' }] })\n",
  // what a bundler's client types (vite/client) say of CSS imports
  'css.d.ts': "declare module '*.css'\n",
  'providers.tsx': 'export function Providers({ children }: { children: React.ReactNode }) {\n  return <>{children}</>\n}\n'
}

describe('the TypeScript samples of docs/', () => {
  const all = docsPages({ withReadme: true }).flatMap((page) => samplesOf(page, readFileSync(join(DOCS, page), 'utf8')))

  it('are found, and the few that are not checked say why', () => {
    expect(all.length).toBeGreaterThan(25)
    for (const sample of all.filter((sample) => sample.skip !== undefined)) expect(sample.skip, `${sample.page}:${sample.line}`).toMatch(/^not checked, because \S/)
    expect(all.filter((sample) => sample.skip).length).toBeLessThanOrEqual(3)
    expect(all.some((sample) => sample.page === 'chat/questions.md' && sample.code.includes("slug: 'pick_file'"))).toBe(true)
  })

  it('type-check against the packages', { timeout: 120_000 }, async () => {
    rmSync(OUT, { recursive: true, force: true })
    const where = new Map<string, Sample>()
    all.forEach((sample, index) => {
      if (sample.skip) return
      const folder = join(OUT, `${sample.page.replace(/\.md$/, '').replace(/[/\\]/g, '__')}-${index}`)
      mkdirSync(folder, { recursive: true })
      for (const [name, code] of Object.entries(STAND_INS)) writeFileSync(join(folder, name), code)
      const file = join(folder, `sample.${sample.lang}`)
      const prefix = sample.context ? `${sample.context}\n` : ''
      writeFileSync(file, `${prefix}${sample.code}\n`)
      where.set(relative(ROOT, file), { ...sample, line: sample.line - (prefix ? 1 : 0) })
    })
    writeFileSync(
      join(OUT, 'tsconfig.json'),
      JSON.stringify({ extends: '../../tsconfig.json', compilerOptions: { moduleDetection: 'force', noEmit: true }, include: ['**/*.ts', '**/*.tsx'] }, null, 2)
    )
    let output = ''
    try {
      await promisify(execFile)(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(OUT, 'tsconfig.json'), '--pretty', 'false'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 })
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error)
    }
    // Point each error at the page and line it comes from.
    const errors = output
      .split('\n')
      .filter((line) => line.includes('error TS'))
      .map((line) => {
        const match = /^(.+?)\((\d+),(\d+)\): (.*)$/.exec(line)
        const sample = match ? where.get(match[1]) : undefined
        return sample && match ? `docs/${sample.page}:${sample.line + Number(match[2]) - 1}: ${match[4]}` : line
      })
    expect(errors).toEqual([])
    expect(where.size).toBeGreaterThan(25)
  })
})
