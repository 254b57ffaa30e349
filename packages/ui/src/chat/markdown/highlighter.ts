import type { Root } from 'hast'
import { createLowlight } from 'lowlight'

type Grammar = Parameters<ReturnType<typeof createLowlight>['register']>[1]
type Loader = () => Promise<{ default: Grammar }>

// Each grammar is a chunk of its own, loaded the first time a code block of its language shows.
const GRAMMARS: Record<string, Loader> = {
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  diff: () => import('highlight.js/lib/languages/diff'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
  go: () => import('highlight.js/lib/languages/go'),
  graphql: () => import('highlight.js/lib/languages/graphql'),
  ini: () => import('highlight.js/lib/languages/ini'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  php: () => import('highlight.js/lib/languages/php'),
  python: () => import('highlight.js/lib/languages/python'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  scss: () => import('highlight.js/lib/languages/scss'),
  shell: () => import('highlight.js/lib/languages/shell'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml')
}

const ALIASES: Record<string, string> = {
  sh: 'bash', zsh: 'bash', console: 'shell', js: 'javascript', jsx: 'javascript', mjs: 'javascript', cjs: 'javascript',
  ts: 'typescript', tsx: 'typescript', mts: 'typescript', cts: 'typescript', jsonc: 'json', json5: 'json', py: 'python',
  rb: 'ruby', rs: 'rust', cs: 'csharp', 'c#': 'csharp', 'c++': 'cpp', cc: 'cpp', h: 'c', hpp: 'cpp', kt: 'kotlin',
  yml: 'yaml', html: 'xml', svg: 'xml', xhtml: 'xml', vue: 'xml', md: 'markdown', patch: 'diff', docker: 'dockerfile',
  toml: 'ini', gql: 'graphql', postgres: 'sql', postgresql: 'sql', sqlite: 'sql', mysql: 'sql'
}

const lowlight = createLowlight()
const loading = new Map<string, Promise<boolean>>()

/** The grammar name for a fence's language (`ts` → `typescript`), or `null` when none is bundled. */
export function grammarOf(language: string): string | null {
  const name = ALIASES[language.toLowerCase()] ?? language.toLowerCase()
  return name in GRAMMARS ? name : null
}

/** Loads the grammar of `language` once; resolves whether code in it can be highlighted. */
export function loadGrammar(language: string): Promise<boolean> {
  const name = grammarOf(language)
  if (!name) return Promise.resolve(false)
  if (lowlight.registered(name)) return Promise.resolve(true)
  let loaded = loading.get(name)
  if (!loaded) {
    loaded = GRAMMARS[name]().then(
      (grammar) => (lowlight.register(name, grammar.default), true),
      () => false
    )
    loading.set(name, loaded)
  }
  return loaded
}

/** Whether code in `language` can be highlighted now (its grammar is loaded). */
export function canHighlight(language: string): boolean {
  const name = grammarOf(language)
  return name !== null && lowlight.registered(name)
}

/** `code` as a highlighted syntax tree when the grammar of `language` is loaded, else `null`. */
export function highlight(code: string, language: string): Root | null {
  const name = grammarOf(language)
  return name && lowlight.registered(name) ? lowlight.highlight(name, code) : null
}
