// What a figure is and what it reports.

/** How long a run is: `full` (a few minutes), `quick` (under two minutes), `tiny` (the smoke test). */
export type RunSize = 'full' | 'quick' | 'tiny'

/**
 * What every figure gets: the run's size, a progress line writer, whether PostgreSQL answers, and
 * whether LangGraph.js may be installed when it is absent.
 */
export type FigureContext = { size: RunSize; progress: (line: string) => void; postgres: { available: boolean; problem: string | null }; langgraph: { allowInstall: boolean } }

/**
 * A target: the FrogBot value (`on: 'value'`) or the ratio FrogBot / baseline (`on: 'ratio'`)
 * compared with `limit` (`at most`, `at least` or `exactly`).
 */
export type Target = { on: 'value' | 'ratio'; limit: number; direction: 'at most' | 'at least' | 'exactly' }

/** One line of the table. `baseline` and `ratio` are `null` when the figure has no baseline. */
export type Row = {
  figure: string
  name: string
  unit: string
  baseline: number | null
  frogbot: number
  ratio: number | null
  target: Target | null
  /** Whether the target is met (`null`: no target). */
  met: boolean | null
  note?: string
}

/**
 * A measured figure: `rows`, or why it was skipped. `versus` names what its baseline column holds
 * when it is not the AI SDK alone (such as `LangGraph.js`).
 */
export type FigureResult = { id: string; title: string; rows: Row[]; skipped?: string; versus?: string; details?: Record<string, unknown> }

/** A figure of the suite: `id` (for `--only`), `title`, and `run`. */
export type Figure = { id: string; title: string; run: (context: FigureContext) => Promise<Omit<FigureResult, 'id' | 'title'>> }

/** A row with its ratio and met/missed worked out. */
export function row(figure: string, name: string, unit: string, baseline: number | null, frogbot: number, target: Target | null = null, note?: string): Row {
  const ratio = baseline === null ? null : baseline === 0 ? (frogbot === 0 ? 1 : Number.POSITIVE_INFINITY) : frogbot / baseline
  let met: boolean | null = null
  if (target) {
    const value = target.on === 'ratio' ? ratio : frogbot
    met = value === null || !Number.isFinite(value) ? false : target.direction === 'at most' ? value <= target.limit : target.direction === 'at least' ? value >= target.limit : value === target.limit
  }
  return { figure, name, unit, baseline, frogbot, ratio, target, met, ...(note ? { note } : {}) }
}

/** `≤ 1.5×` and the like. */
export const atMost = (limit: number, on: Target['on'] = 'ratio'): Target => ({ on, limit, direction: 'at most' })

/** `≥ 0.8×` and the like. */
export const atLeast = (limit: number, on: Target['on'] = 'ratio'): Target => ({ on, limit, direction: 'at least' })

/** `= 1` and the like. */
export const exactly = (limit: number): Target => ({ on: 'value', limit, direction: 'exactly' })

/** Iterations for a run size. */
export const bySize = (size: RunSize, counts: Record<RunSize, number>) => counts[size]

/** `run` when PostgreSQL answers; otherwise the figure is skipped, saying why. */
export function needsPostgres(run: Figure['run']): Figure['run'] {
  return async (context) => (context.postgres.available ? run(context) : { rows: [], skipped: `PostgreSQL is unreachable (${context.postgres.problem})` })
}
