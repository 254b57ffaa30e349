import { dirname, resolve } from 'node:path'
import { buildComponents } from '../admin/build-components.ts'
import { componentToolsOf } from '../admin/component-tools.ts'
import { loadConfig } from './load-config.ts'

/**
 * `frogbot build`: bundles the config's client tool components for the admin chat with Vite into
 * `.frogbot/admin/components.js` beside the config (docs/chat/ui-registries.md), so a
 * production `frogbot serve` only reads it. Prints each component left out and why.
 */
export async function buildCommand(options: { config?: string }): Promise<number> {
  const config = await loadConfig(options.config)
  const root = dirname(resolve(options.config ?? 'frogbot.config.ts'))
  const tools = componentToolsOf(config)
  const started = Date.now()
  const { file, problems } = await buildComponents({ root, tools })
  for (const problem of problems) console.error(`frogbot build: ${problem}`)
  const names = tools.map((tool) => `${tool.name} (${tool.component})`).join(', ')
  console.log(`frogbot build: ${tools.length === 0 ? 'no client tool names a component' : names} → ${file} in ${Date.now() - started} ms`)
  return problems.length > 0 ? 1 : 0
}
