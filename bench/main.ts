// `npm run bench`: every figure of FrogBot's performance beside its baseline (the same turn through
// the AI SDK alone), in one run. Options:
//   --quick          a run under two minutes (fewer iterations)
//   --tiny           a few iterations of each figure (the smoke test; numbers are not meaningful)
//   --only <ids>     comma-separated figure ids (see FIGURES)
//   --json <file>    where the results go (default bench/results/latest.json)
//   --markdown       also print the table in Markdown (for bench/README.md)
//   --install-langgraph  let a tiny run install LangGraph.js into bench/langgraph when it is absent
//                    (full and quick runs do on first use)
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { Figure, FigureResult, RunSize } from './figure.ts'
import { FIGURES } from './figures/index.ts'
import { postgresProblem } from './postgres.ts'
import { formatMarkdown, formatTable } from './report.ts'

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    tiny: { type: 'boolean', default: false },
    only: { type: 'string' },
    json: { type: 'string', default: resolve(import.meta.dirname, 'results/latest.json') },
    markdown: { type: 'boolean', default: false },
    'install-langgraph': { type: 'boolean', default: false }
  }
})
const size: RunSize = values.tiny ? 'tiny' : values.quick ? 'quick' : 'full'
const wanted = values.only?.split(',').map((id) => id.trim())
const unknown = wanted?.filter((id) => !FIGURES.some((figure) => figure.id === id)) ?? []
if (unknown.length > 0) {
  console.error(`unknown figure ${unknown.join(', ')}; figures: ${FIGURES.map((figure) => figure.id).join(', ')}`)
  process.exit(2)
}
const figures: Figure[] = wanted ? FIGURES.filter((figure) => wanted.includes(figure.id)) : FIGURES

const progress = (line: string) => process.stderr.write(`${line}\n`)
const problem = await postgresProblem()
if (problem) progress(`notice: PostgreSQL is unreachable (${problem}); its figures are skipped. Set FROGBOT_BENCH_POSTGRES_URL or start it.`)
const context = { size, progress, postgres: { available: problem === null, problem }, langgraph: { allowInstall: size !== 'tiny' || values['install-langgraph'] } }

const started = performance.now()
const results: FigureResult[] = []
progress(`FrogBot benchmark (${size} run, Node ${process.version}, zero-latency scripted model)`)
for (const figure of figures) {
  const at = performance.now()
  progress(`${figure.title} ...`)
  results.push({ id: figure.id, title: figure.title, ...(await figure.run(context)) })
  progress(`  done in ${((performance.now() - at) / 1000).toFixed(1)} s`)
}
const seconds = (performance.now() - started) / 1000

console.log()
console.log(formatTable(results))
console.log(`\n${size} run in ${seconds.toFixed(0)} s`)
if (values.markdown) console.log(`\n${formatMarkdown(results)}`)

const file = resolve(values.json)
mkdirSync(dirname(file), { recursive: true })
writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), size, node: process.version, seconds, figures: results }, null, 2)}\n`)
console.log(`results: ${file}`)
