import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { ADMIN_SHARED_MODULES } from './shared-modules.ts'

/** A client tool whose `component` the admin chat renders: its name, `client.kind` and component path. */
export type ComponentTool = { name: string; kind: string; component: string }

/** Where `frogbot build` writes the components bundle, relative to the app's folder. */
export const COMPONENTS_DIR = '.frogbot/admin'

/** What a build recorded beside the bundle (`components.json`), to tell when it is stale. */
type BuildRecord = { tools: ComponentTool[]; inputs: string[]; problems: string[] }

const EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts', '/index.jsx', '/index.js']

/**
 * The source file of a component path such as `/components/PickFileCard#PickFileCard` (seed: "Build
 * a client tool": a file of the app, from its folder, plus an export name), or `null` when no
 * `.tsx`, `.ts`, `.jsx` or `.js` file (or folder index) has that name.
 */
export function componentFile(root: string, component: string): string | null {
  const [path] = component.split('#')
  const base = resolve(root, `.${path}`)
  if (relative(root, base).startsWith('..') || isAbsolute(relative(root, base))) return null
  for (const candidate of [base, ...EXTENSIONS.map((extension) => `${base}${extension}`)]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

/** The bundle's files for an app folder: `components.js` and its build record. */
export function componentsBundleFiles(root: string) {
  const dir = join(root, COMPONENTS_DIR)
  return { dir, bundle: join(dir, 'components.js'), record: join(dir, 'components.json') }
}

/**
 * Why the components bundle of `root` must be built again, or `null` when it is current: it is
 * missing, the config's components changed, or a file it was built from changed since.
 */
export function staleReason(root: string, tools: readonly ComponentTool[]): string | null {
  const files = componentsBundleFiles(root)
  if (!existsSync(files.bundle) || !existsSync(files.record)) return `${relative(root, files.bundle)} does not exist`
  let record: BuildRecord
  try {
    record = JSON.parse(readFileSync(files.record, 'utf8')) as BuildRecord
  } catch {
    return `${relative(root, files.record)} cannot be read`
  }
  if (JSON.stringify(record.tools) !== JSON.stringify(tools)) return 'the config names other components'
  const built = statSync(files.bundle).mtimeMs
  const changed = record.inputs.find((file) => !existsSync(file) || statSync(file).mtimeMs > built)
  if (changed) return `${relative(root, changed)} changed`
  for (const tool of tools) {
    const file = componentFile(root, tool.component)
    if (file && !record.inputs.includes(file)) return `${relative(root, file)} is new`
  }
  return null
}

/** The message when Vite is not installed where FrogBot can import it. */
export const VITE_MISSING = 'the admin chat bundles client tool components with Vite: install it (npm install --save-dev vite), then run npx frogbot build'

/**
 * Bundles the app's client tool components for the admin chat (docs/chat/ui-registries.md)
 * with Vite, into `.frogbot/admin/components.js` under `root`: an ES module exporting `components`
 * (component path → the named export), `tools` (name, kind, path of each) and `problems` (a
 * component whose file is missing is left out and named there). React, `react-dom` and
 * `@frogbotai/ui/chat` stay imports: the admin page's import map gives them the admin chat's own
 * copies. Throws when Vite cannot be imported ({@link VITE_MISSING}) or the build fails.
 */
export async function buildComponents({ root, tools }: { root: string; tools: readonly ComponentTool[] }): Promise<{ file: string; problems: string[] }> {
  const files = componentsBundleFiles(root)
  // Built apart, then renamed into place: a server reading the bundle never sees half of it.
  const work = join(files.dir, `.build-${process.pid}-${randomBytes(4).toString('hex')}`)
  mkdirSync(work, { recursive: true })
  try {
    const record = await buildInto({ root, tools, work })
    renameSync(join(work, 'components.js'), files.bundle)
    writeFileSync(`${files.record}.${process.pid}`, `${JSON.stringify(record, null, 2)}\n`)
    renameSync(`${files.record}.${process.pid}`, files.record)
    return { file: files.bundle, problems: record.problems }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

async function buildInto({ root, tools, work }: { root: string; tools: readonly ComponentTool[]; work: string }): Promise<BuildRecord> {
  let vite: typeof import('vite')
  try {
    vite = await import('vite')
  } catch {
    throw new Error(VITE_MISSING)
  }
  const problems: string[] = []
  const imports: string[] = []
  const entries: string[] = []
  const sources = new Map<string, string>()
  for (const tool of tools) {
    const file = componentFile(root, tool.component)
    if (!file) {
      problems.push(`${tool.name}: component ${tool.component}: no file ${relative(root, resolve(root, `.${tool.component.split('#')[0]}`))}.tsx (or .ts, .jsx, .js) in ${root}`)
      continue
    }
    if (!sources.has(file)) {
      sources.set(file, `m${sources.size}`)
      imports.push(`import * as ${sources.get(file)} from ${JSON.stringify(file)}`)
    }
    entries.push(`  ${JSON.stringify(tool.component)}: ${sources.get(file)}[${JSON.stringify(tool.component.split('#')[1])}]`)
  }
  const entry = join(work, 'components.entry.js')
  writeFileSync(
    entry,
    [
      '// Written by frogbot build: the components of the config\'s client tools, by component path.',
      ...imports,
      `export const components = {\n${entries.join(',\n')}\n}`,
      `export const tools = ${JSON.stringify(tools)}`,
      `export const problems = ${JSON.stringify(problems)}`,
      ''
    ].join('\n')
  )
  const inputs = new Set<string>()
  await vite.build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    publicDir: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    oxc: { jsx: { runtime: 'automatic', development: false } },
    plugins: [
      {
        name: 'frogbot-component-inputs',
        generateBundle() {
          for (const id of this.getModuleIds()) if (isAbsolute(id) && !id.includes('/node_modules/') && id !== entry) inputs.add(id)
        }
      }
    ],
    build: {
      outDir: work,
      emptyOutDir: false,
      copyPublicDir: false,
      modulePreload: false,
      minify: false,
      rollupOptions: {
        input: entry,
        external: (id) => (ADMIN_SHARED_MODULES as readonly string[]).includes(id),
        preserveEntrySignatures: 'strict',
        output: { format: 'es', entryFileNames: 'components.js', codeSplitting: false }
      }
    }
  })
  return { tools: [...tools], inputs: [...inputs].sort(), problems }
}
