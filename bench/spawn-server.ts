// Child processes for the over-HTTP and cold-start figures: `frogbot serve` and the bare app.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { RunSize } from './figure.ts'

/** The repository's root, the `frogbot` bin script, and the bare app's server script. */
export const REPO = fileURLToPath(new URL('../', import.meta.url))
export const FROGBOT_BIN = join(REPO, 'packages/frogbot/bin/frogbot.mjs')
export const BASELINE_SERVER = join(REPO, 'bench/fixtures/baseline-server.ts')

/** The API token the benchmark starts `frogbot serve` with (`FROGBOT_TOKEN`). */
export const BENCH_TOKEN = 'bench-token-0123456789abcdef'

/** Which server to start: FrogBot with `config` (in `cwd`, SQLite ./frogbot.db there), or the bare app. */
export type ServerKind = { kind: 'frogbot'; config: string; cwd: string; token: string } | { kind: 'baseline' }

/** A started server: its `base` URL, ms from spawn to its first 200 on `GET /api/health`, and `stop()`. */
export type SpawnedServer = { base: string; child: ChildProcess; readyMs: number; output: () => string; stop: () => Promise<void> }

/** A port no one listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** A temporary folder for a FrogBot server (its SQLite file), and its removal. */
export function serverFolder() {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'frogbot-bench-serve-')))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * The environment of a child: this one's without model keys, FrogBot's variables and the
 * repository's `frogbot-source` condition (npm scripts pass it in NODE_OPTIONS), plus `extra`.
 */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const key of Object.keys(env)) if (/^(FROGBOT_|DATABASE_URL$|REDIS_URL$|PORT$|HOST$|SLACK_|OPENAI|ANTHROPIC|GOOGLE_GENERATIVE)/.test(key)) delete env[key]
  if (env.NODE_OPTIONS) env.NODE_OPTIONS = env.NODE_OPTIONS.replace(/--conditions[= ]frogbot-source/g, '').trim()
  return { ...env, ...extra }
}

/** Modification times (ms) of the files under `dir` whose names end with `suffix`; none when it is missing. */
function mtimes(dir: string, suffix: string): number[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith(suffix)).map((entry) => statSync(join(entry.parentPath, entry.name)).mtimeMs)
}

/** The packages `frogbot serve` loads, whose built JavaScript (dist/) users run. */
const BUILT_PACKAGES = [
  { workspace: 'frogbot', dir: join(REPO, 'packages/frogbot') },
  { workspace: '@frogbotai/protocol', dir: join(REPO, 'packages/protocol') }
]

/** Builds `frogbot` and `@frogbotai/protocol` (dist/) when a source is newer than the build, so a spawned server never runs a stale build. */
function buildPackages() {
  const stale = BUILT_PACKAGES.filter(({ dir }) => {
    const built = mtimes(join(dir, 'dist'), '.js')
    return built.length === 0 || Math.max(...mtimes(join(dir, 'src'), '.ts')) > Math.min(...built)
  })
  if (stale.length === 0) return
  const args = ['run', 'build', ...stale.flatMap(({ workspace }) => ['-w', workspace])]
  execFileSync('npm', args, { cwd: REPO, stdio: 'ignore', env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` } })
}

/**
 * What a spawned server runs: `build`, the built JavaScript users install (`frogbot` and
 * `@frogbotai/protocol` dist/, built first when a source is newer), or `sources`, the repository's
 * TypeScript through the `frogbot-source` condition. A tiny run (the smoke test) uses the sources:
 * CI's other suites rebuild dist/ while they pack the packages.
 */
export type ServerCode = 'build' | 'sources'

/** The code a figure's servers run in a run of `size` (see {@link ServerCode}). */
export const serverCode = (size: RunSize): ServerCode => (size === 'tiny' ? 'sources' : 'build')

/**
 * Spawns a server on a free port with this Node (`nodeFlags` before the script), both kinds from
 * `code`. Polls `GET /api/health` every 2 ms until it answers 200: `readyMs` is spawn → first 200.
 * Rejects (killing it) when it exits first or takes over 30 s.
 */
export async function spawnServer(server: ServerKind, { code, nodeFlags = [] as string[], env = {} as Record<string, string> }: { code: ServerCode; nodeFlags?: string[]; env?: Record<string, string> }): Promise<SpawnedServer> {
  const port = await freePort()
  if (code === 'build') buildPackages()
  const flags = code === 'sources' ? ['--conditions=frogbot-source', ...nodeFlags] : nodeFlags
  const args = server.kind === 'frogbot' ? [...flags, FROGBOT_BIN, 'serve', '--port', String(port), '--host', '127.0.0.1', '--config', server.config] : [...flags, BASELINE_SERVER, String(port)]
  const extra = server.kind === 'frogbot' ? { FROGBOT_TOKEN: server.token, ...env } : env
  const spawned = performance.now()
  const child = spawn(process.execPath, args, { cwd: server.kind === 'frogbot' ? server.cwd : REPO, env: childEnv(extra), stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    }
  }
  const base = `http://127.0.0.1:${port}`
  let gone = false
  void exited.then(() => (gone = true))
  for (;;) {
    if (gone) throw new Error(`${server.kind} server exited before answering:\n${output}`)
    if (performance.now() - spawned > 30_000) {
      await stop()
      throw new Error(`${server.kind} server did not answer within 30 s:\n${output}`)
    }
    const ok = await fetch(`${base}/api/health`).then((response) => response.status === 200, () => false)
    if (ok) return { base, child, readyMs: performance.now() - spawned, output: () => output, stop }
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
}
