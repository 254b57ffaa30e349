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

const AI_SDK = 'AI SDK alone'

/** The figures' rows grouped by what their baseline column holds (the AI SDK alone first), in order. */
function byBaseline(results: FigureResult[]): { versus: string; rows: Row[] }[] {
  const groups = new Map<string, Row[]>([[AI_SDK, []]])
  for (const result of results) {
    const versus = result.versus ?? AI_SDK
    groups.set(versus, [...(groups.get(versus) ?? []), ...result.rows])
  }
  return [...groups].filter(([, rows]) => rows.length > 0).map(([versus, rows]) => ({ versus, rows }))
}

const cells = (r: Row) => [r.name, r.unit, number(r.baseline), number(r.frogbot), r.ratio === null ? '—' : number(r.ratio, '×'), describeTarget(r.target), verdict(r)]

/** One table per baseline (the AI SDK alone, then LangGraph.js), with skipped figures listed under them. */
export function formatTable(results: FigureResult[]): string {
  const out: string[] = []
  for (const { versus, rows } of byBaseline(results)) {
    const header = ['figure', 'unit', versus, 'FrogBot', 'ratio', 'target', '']
    const lines = rows.map(cells)
    const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)))
    const format = (line: string[]) => line.map((cell, column) => (column === 0 || column === 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ').trimEnd()
    if (out.length > 0) out.push('')
    out.push(format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.map(format))
  }
  for (const result of results) if (result.skipped) out.push(`skipped: ${result.title}: ${result.skipped}`)
  const notes = results.flatMap((result) => result.rows.filter((r) => r.note).map((r) => `note: ${r.name}: ${r.note}`))
  return [...out, ...notes].join('\n')
}

/** The same tables in Markdown, for bench/README.md. */
export function formatMarkdown(results: FigureResult[]): string {
  return byBaseline(results)
    .map(({ versus, rows }) => [`| figure | unit | ${versus} | FrogBot | ratio | target | |`, '|---|---|--:|--:|--:|--:|---|', ...rows.map((r) => `| ${cells(r).join(' | ')} |`)].join('\n'))
    .join('\n\n')
}
