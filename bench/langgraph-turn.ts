// LangGraph.js for the comparison figures: an install of its own in bench/langgraph (its own
// package.json and lockfile), so the repository's install never fetches or builds its SQLite
// driver (better-sqlite3, a native addon). The bench installs it on first use; this module finds
// it, installs it when asked, and loads `bench/langgraph/graph.ts`.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** Where LangGraph's turn keeps its checkpoints: a SQLite file, or a `pg.Pool` on a database of its own. */
export type LangGraphTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; pool: unknown }

/** The benchmark's turn on LangGraph (see `bench/langgraph/graph.ts`). */
export type LangGraphTurn = {
  /** How often the scripted model asked and continued. */
  model: { asks: number; continuations: number }
  /** Runs the turn to its interrupt on a new thread; resolves with the thread id. */
  ask: () => Promise<string>
  /** Resumes the thread with the answer and reads the whole stream; resolves with ms from `started` to the first text. */
  answer: (threadId: string, started: number) => Promise<number>
  /** Rows the checkpointer's tables hold. */
  rows: () => Promise<number>
  /** Bytes its database holds: the SQLite file and its WAL after a checkpoint, or PostgreSQL's database size. */
  bytes: () => Promise<number>
  close: () => Promise<void>
}

type LangGraphModule = { startLangGraph: (target: LangGraphTarget) => Promise<LangGraphTurn> }

/** The folder of LangGraph's install of its own. */
export const LANGGRAPH_DIR = join(import.meta.dirname, 'langgraph')

const installed = () => ['@langchain/langgraph-checkpoint-sqlite', '@langchain/langgraph-checkpoint-postgres', 'better-sqlite3'].every((name) => existsSync(join(LANGGRAPH_DIR, 'node_modules', name, 'package.json')))

/** `npm ci` in bench/langgraph, with this Node first on PATH. */
function install(progress: (line: string) => void): Promise<void> {
  const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` }
  progress('  installing LangGraph.js into bench/langgraph (npm ci, its own lockfile) ...')
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['ci', '--no-audit', '--no-fund'], { cwd: LANGGRAPH_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 && installed() ? resolve() : reject(new Error(`npm ci in bench/langgraph failed (${code}):\n${output.slice(-3000)}`))))
  })
}

let loading: Promise<LangGraphModule | { missing: string }> | undefined

/**
 * LangGraph's turn, installing it first when it is absent and `allowInstall` is set; otherwise
 * `{ missing }` says why the figures are skipped. Loaded once per process.
 */
export function loadLangGraph({ allowInstall, progress }: { allowInstall: boolean; progress: (line: string) => void }): Promise<LangGraphModule | { missing: string }> {
  loading ??= (async () => {
    if (!installed()) {
      if (!allowInstall) return { missing: 'LangGraph.js is not installed in bench/langgraph (a full or quick run installs it; add --install-langgraph to a tiny run)' }
      await install(progress)
    }
    return (await import(pathToFileURL(join(LANGGRAPH_DIR, 'graph.ts')).href)) as LangGraphModule
  })()
  return loading
}
