// Cold start: spawn → first 200 on GET /api/health, `frogbot serve` on the planner example from its
// built JavaScript (SQLite, already migrated: a restart) against the bare app on @hono/node-server,
// with Node's compile cache as `frogbot serve` enables it and without. And what the server loaded
// that its config does not use.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Figure, atMost, bySize, row } from '../figure.ts'
import { BENCH_TOKEN, REPO, serverCode, serverFolder, spawnServer } from '../spawn-server.ts'
import { p50 } from '../stats.ts'

const PLANNER_CONFIG = join(REPO, 'examples/planner/frogbot.config.ts')

/**
 * Packages the planner example does not use with no keys set (no provider, no PostgreSQL, no Redis,
 * no Slack, no agent with MCP servers), or not before its first request of them (AG-UI).
 */
export const UNUSED_PACKAGES = [
  'pg',
  'pg-pool',
  '@redis/client',
  '@ai-sdk/openai',
  '@ai-sdk/anthropic',
  '@ai-sdk/google',
  '@ai-sdk/openai-compatible',
  '@frogbotai/piece-slack',
  'chat',
  '@chat-adapter/slack',
  '@slack/web-api',
  '@modelcontextprotocol/client',
  '@ag-ui/core',
  '@ag-ui/encoder',
  '@bufbuild/protobuf'
]

/** The packages of UNUSED_PACKAGES among loaded module URLs. */
export function unusedLoaded(urls: string[]): string[] {
  const packages = new Set(urls.map((url) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1]).filter((name): name is string => !!name))
  const slack = urls.some((url) => url.includes('/packages/pieces/slack/'))
  return [...UNUSED_PACKAGES.filter((name) => packages.has(name)), ...(slack ? ['@frogbotai/piece-slack (sources)'] : [])]
}

/** How many of `urls` each package (or FrogBot's own folder) holds, most first. */
function modulesByPackage(urls: string[]): Record<string, number> {
  const counts = new Map<string, number>()
  for (const url of urls) {
    const place = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? /packages\/([^/]+)\//.exec(url)?.[1] ?? (url.startsWith('node:') ? 'node' : 'other')
    counts.set(place, (counts.get(place) ?? 0) + 1)
  }
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]))
}

/** Cold start against the bare server. */
export const coldStart: Figure = {
  id: 'cold-start',
  title: 'cold start: spawn → first 200 (frogbot serve on the planner example vs the bare app)',
  run: async (context) => {
    const starts = bySize(context.size, { full: 10, quick: 2, tiny: 0 })
    const folder = serverFolder()
    try {
      // The first start creates and migrates the database and fills the compile cache; the measured
      // ones restart on them (a tiny run skips it and times the recorded start below, which also
      // migrates: a smoke test only).
      const server = { kind: 'frogbot', config: PLANNER_CONFIG, cwd: folder.dir, token: BENCH_TOKEN } as const
      const code = serverCode(context.size)
      const cached = { code, env: { NODE_COMPILE_CACHE: join(folder.dir, 'compile-cache') } }
      const uncached = { code, env: { NODE_DISABLE_COMPILE_CACHE: '1' } }
      if (context.size !== 'tiny') await (await spawnServer(server, cached)).stop()
      const baseline: number[] = []
      const frogbot: number[] = []
      const frogbotUncached: number[] = []
      context.progress(`  ${starts} starts each, alternating`)
      for (let i = 0; i < starts; i++) {
        const bare = await spawnServer({ kind: 'baseline' }, { code })
        baseline.push(bare.readyMs)
        await bare.stop()
        for (const [samples, options] of [[frogbot, cached], [frogbotUncached, uncached]] as const) {
          const ours = await spawnServer(server, options)
          samples.push(ours.readyMs)
          await ours.stop()
        }
      }
      // Once more with the module recorder (not timed: the recorder slows loading).
      const list = join(folder.dir, 'modules.txt')
      const recorder = join(REPO, 'bench/fixtures/record-modules.ts')
      if (context.size === 'tiny') {
        const bare = await spawnServer({ kind: 'baseline' }, { code })
        baseline.push(bare.readyMs)
        await bare.stop()
      }
      const recorded = await spawnServer(server, { code, nodeFlags: ['--import', recorder], env: { ...cached.env, FROGBOT_BENCH_MODULES: list } })
      if (context.size === 'tiny') {
        frogbot.push(recorded.readyMs)
        frogbotUncached.push(recorded.readyMs)
      }
      await recorded.stop()
      const modules = readFileSync(list, 'utf8').split('\n').filter(Boolean)
      // The bare server's modules, for comparison (a full run only: one spawn less).
      let bareModules: number | null = null
      if (context.size === 'full') {
        const bareList = join(folder.dir, 'bare-modules.txt')
        await (await spawnServer({ kind: 'baseline' }, { code, nodeFlags: ['--import', recorder], env: { FROGBOT_BENCH_MODULES: bareList } })).stop()
        bareModules = readFileSync(bareList, 'utf8').split('\n').filter(Boolean).length
      }
      const unused = unusedLoaded(modules)
      return {
        rows: [
          row('cold-start', 'cold start: spawn → first 200 (p50)', 'ms', p50(baseline), p50(frogbot), atMost(1.25)),
          row('cold-start', 'cold start without the compile cache: spawn → first 200 (p50)', 'ms', p50(baseline), p50(frogbotUncached)),
          row('cold-start', 'packages loaded that the config does not use', 'count', null, unused.length, atMost(0, 'value'), unused.length ? unused.join(', ') : undefined),
          row('cold-start', 'modules loaded until the first 200', 'count', bareModules, modules.length, bareModules === null ? null : atMost(2))
        ],
        details: { starts, baseline, frogbot, frogbotUncached, unusedLoaded: unused, modulesByPackage: modulesByPackage(modules) }
      }
    } finally {
      folder.remove()
    }
  }
}
