// The table `npm run bench` prints, and the JSON file of results.
import type { FigureResult, Row, Target } from './figure.ts'

const number = (value: number | null, unit = '') => {
  if (value === null) return '—'
  if (!Number.isFinite(value)) return String(value)
  if (Number.isInteger(value)) return `${value}${unit}`
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : Math.abs(value) >= 1 ? 2 : 3
  return `${value.toFixed(digits)}${unit}`
}

/** `≤ 1.5×`, `≥ 0.8×`, `≤ 10`. */
export function describeTarget(target: Target | null): string {
  if (!target) return ''
  return `${target.direction === 'at most' ? '≤' : target.direction === 'at least' ? '≥' : '='} ${target.limit}${target.on === 'ratio' ? '×' : ''}`
}

const verdict = (row: Row) => (row.met === null ? '' : row.met ? 'met' : 'MISSED')

/** The table of every figure's rows, with skipped figures listed under it. */
export function formatTable(results: FigureResult[]): string {
  const header = ['figure', 'unit', 'AI SDK alone', 'FrogBot', 'ratio', 'target', '']
  const lines = results.flatMap((result) => result.rows.map((r) => [r.name, r.unit, number(r.baseline), number(r.frogbot), r.ratio === null ? '—' : number(r.ratio, '×'), describeTarget(r.target), verdict(r)]))
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)))
  const format = (cells: string[]) => cells.map((cell, column) => (column === 0 || column === 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ').trimEnd()
  const out = [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.map(format)]
  for (const result of results) if (result.skipped) out.push(`skipped: ${result.title}: ${result.skipped}`)
  const notes = results.flatMap((result) => result.rows.filter((r) => r.note).map((r) => `note: ${r.name}: ${r.note}`))
  return [...out, ...notes].join('\n')
}

/** The same table in Markdown, for bench/README.md. */
export function formatMarkdown(results: FigureResult[]): string {
  const lines = ['| figure | unit | AI SDK alone | FrogBot | ratio | target | |', '|---|---|--:|--:|--:|--:|---|']
  for (const result of results) {
    for (const r of result.rows) lines.push(`| ${r.name} | ${r.unit} | ${number(r.baseline)} | ${number(r.frogbot)} | ${r.ratio === null ? '—' : number(r.ratio, '×')} | ${describeTarget(r.target)} | ${verdict(r)} |`)
  }
  return lines.join('\n')
}
