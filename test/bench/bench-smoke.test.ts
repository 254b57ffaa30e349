import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'
import { FIGURES } from '../../bench/figures/index.ts'
import type { FigureResult } from '../../bench/figure.ts'

// `npm run bench -- --tiny`: every figure runs a few iterations and lands in the JSON file with
// numbers. No timing is asserted: only that each figure measured something, and that each race
// gave exactly one continuation. A tiny run never installs LangGraph.js: without its install of its
// own (bench/langgraph) its figures are skipped with a notice.

const REPO = fileURLToPath(new URL('../../', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'frogbot-bench-smoke-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function runBench(json: string) {
  return new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    execFile(join(REPO, 'node_modules/.bin/node'), ['--conditions=frogbot-source', 'bench/main.ts', '--tiny', '--json', json], { cwd: REPO, timeout: 110_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`bench failed: ${error.message}\n${stdout}\n${stderr}`)) : resolve({ stdout, stderr })
    )
  })
}

it('runs every figure and writes each with numbers, baselines and targets to the JSON file', { timeout: 120_000 }, async () => {
  const json = join(dir, 'results.json')
  const { stdout } = await runBench(json)
  const results = JSON.parse(readFileSync(json, 'utf8')) as { size: string; figures: FigureResult[] }
  expect(results.size).toBe('tiny')
  expect(results.figures.map((figure) => figure.id)).toEqual(FIGURES.map((figure) => figure.id))
  for (const figure of results.figures) {
    if (figure.skipped) {
      expect(figure.id, `${figure.id} skipped: ${figure.skipped}`).toMatch(/postgres|langgraph/)
      if (figure.id.startsWith('langgraph') && !figure.id.endsWith('postgres')) expect(figure.skipped).toMatch(/not installed/)
      continue
    }
    expect(figure.rows.length, figure.id).toBeGreaterThan(0)
    for (const row of figure.rows) {
      expect(Number.isFinite(row.frogbot), `${row.name}: ${row.frogbot}`).toBe(true)
      if (row.baseline !== null) expect(Number.isFinite(row.baseline) && Number.isFinite(row.ratio!), `${row.name}: ${row.baseline}`).toBe(true)
      if (row.target) expect(typeof row.met, row.name).toBe('boolean')
      expect(stdout).toContain(row.name)
    }
  }
  const races = results.figures.filter((figure) => figure.id.startsWith('race-') && !figure.skipped)
  expect(races.length).toBeGreaterThan(0)
  for (const race of races) {
    const { continuations, accepted } = race.details as { continuations: number[]; accepted: number[] }
    expect(continuations.every((count) => count === 1), race.id).toBe(true)
    expect(accepted.every((count) => count === 1), race.id).toBe(true)
  }
  const statements = results.figures.find((figure) => figure.id === 'statements-sqlite')!
  expect(statements.rows.every((row) => row.frogbot > 0)).toBe(true)
})
