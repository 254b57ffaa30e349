import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { buildComponents, type ComponentTool, componentsBundleFiles, staleReason, VITE_MISSING } from './build-components.ts'

/** The components bundle as the admin page loads it: its code, and a version for the import map's URL. */
export type ComponentsModule = { code: string; version: string }

/**
 * The app's client tool components for the admin chat (docs/chat/ui-registries.md).
 * `current()` gives the bundle to serve at `/admin/components.js`: `.frogbot/admin/components.js`
 * of the app's folder, built first when `build` is on and it is missing or older than its
 * sources (on the first request after a change, logged; one build at a time). A bundle that cannot
 * be built or is missing gives a module with no components whose `problems` say what to run, so
 * those tools get the generic form.
 */
export type AdminComponents = { current: () => Promise<ComponentsModule> }

/**
 * Options of {@link adminComponents}: `root` (the app's folder, where component paths start),
 * `tools` (the config's client tools with a `component`), `build` (build on the fly with Vite;
 * `frogbot serve` turns it on outside production) and `log`.
 */
export type AdminComponentsOptions = { root: string; tools: readonly ComponentTool[]; build: boolean; log: (line: string) => void }

/** See {@link AdminComponents}. */
export function adminComponents({ root, tools, build, log }: AdminComponentsOptions): AdminComponents {
  const files = componentsBundleFiles(root)
  const told = new Set<string>()
  const tell = (line: string) => {
    if (told.has(line)) return
    told.add(line)
    log(`frogbot: admin chat: ${line}`)
  }
  let building: Promise<void> | null = null
  const empty = (problems: string[]) => moduleOf(`export const components = {}\nexport const tools = ${JSON.stringify(tools)}\nexport const problems = ${JSON.stringify(problems)}\n`)

  async function current(): Promise<ComponentsModule> {
    if (tools.length === 0) return empty([])
    const reason = staleReason(root, tools)
    if (reason && build) {
      building ??= (async () => {
        const started = Date.now()
        log(`frogbot: admin chat: building client tool components (${reason})`)
        try {
          const { problems } = await buildComponents({ root, tools })
          log(`frogbot: admin chat: built ${files.bundle} in ${Date.now() - started} ms`)
          for (const problem of problems) log(`frogbot: admin chat: ${problem}`)
          told.clear()
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error)
          tell(message === VITE_MISSING ? message : `building client tool components failed, they get the generic form: ${message}`)
        }
      })().finally(() => {
        building = null
      })
      await building
    } else if (reason) {
      tell(`client tool components: ${reason}; run npx frogbot build`)
    }
    if (!existsSync(files.bundle)) return empty([`no components bundle (${files.bundle}); run npx frogbot build`])
    return moduleOf(readFileSync(files.bundle, 'utf8'))
  }
  return { current }
}

function moduleOf(code: string): ComponentsModule {
  return { code, version: createHash('sha256').update(code).digest('hex').slice(0, 12) }
}
