import react from '@vitejs/plugin-react'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { defaultClientConditions, defineConfig, type Plugin } from 'vite'
import { ADMIN_SHARED_MODULES, COMPONENTS_SPECIFIER, SHARED_MODULES_FILE } from '../frogbot/src/admin/shared-modules.ts'

const require = createRequire(import.meta.url)
const PREFIX = '\0frogbot-shared:'

/**
 * One entry per shared module (docs/chat/admin.md), so the app's components, bundled apart by
 * `frogbot build`, import the very React and `@frogbotai/ui/chat` the admin runs on. React is
 * CommonJS: its entry re-exports each property by name. Writes `shared-modules.json`, the import
 * map the server puts in the admin page.
 */
function sharedModules(): Plugin {
  return {
    name: 'frogbot-shared-modules',
    resolveId: (id) => (id.startsWith(PREFIX) ? id : null),
    load(id) {
      if (!id.startsWith(PREFIX)) return null
      const specifier = id.slice(PREFIX.length)
      if (!specifier.startsWith('react')) return `export * from '${specifier}'\n`
      const names = Object.keys(require(specifier)).filter((name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name))
      return `import module from '${specifier}'\nexport default module\nexport const { ${names.join(', ')} } = module\n`
    },
    generateBundle(_options, bundle) {
      const imports: Record<string, string> = {}
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId?.startsWith(PREFIX)) imports[chunk.facadeModuleId.slice(PREFIX.length)] = `/admin/${chunk.fileName}`
      }
      this.emitFile({ type: 'asset', fileName: SHARED_MODULES_FILE, source: `${JSON.stringify({ imports }, null, 2)}\n` })
    }
  }
}

// Built into the frogbot package (its `admin/` folder), which `frogbot serve` hosts at /admin.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/admin/',
  plugins: [react(), sharedModules()],
  resolve: { conditions: ['frogbot-source', ...defaultClientConditions] },
  build: {
    outDir: fileURLToPath(new URL('../frogbot/admin', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1024,
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        ...Object.fromEntries(ADMIN_SHARED_MODULES.map((specifier) => [`shared-${specifier.replace(/[^a-z]+/g, '-')}`, `${PREFIX}${specifier}`]))
      },
      external: [COMPONENTS_SPECIFIER],
      preserveEntrySignatures: 'exports-only'
    }
  }
})
