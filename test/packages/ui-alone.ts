import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO, run } from './outside-repo.ts'

const INSTALL = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']

/**
 * Packages only a server needs: none of them may reach an app that installs `@frogbotai/ui`
 * (the server, its HTTP framework, its storage, the model providers, the channels).
 */
export const SERVER_PACKAGES = ['frogbot', 'hono', '@hono/node-server', 'kysely', 'pg', '@ai-sdk/openai', '@ai-sdk/anthropic', '@ai-sdk/google', '@ai-sdk/openai-compatible', 'chat', '@frogbotai/piece-slack', 'resumable-stream', 'redis']

/** The names of the packages installed in `dir` (every `node_modules`, each once). */
async function installed(dir: string, env: NodeJS.ProcessEnv): Promise<Set<string>> {
  const { stdout } = await run('npm', ['ls', '--all', '--parseable'], { cwd: dir, env, timeoutMs: 60_000 }).catch((error: Error & { stdout?: string }) => ({ stdout: /--- stdout\n([\s\S]*?)\n--- stderr/.exec(error.message)?.[1] ?? '' }))
  const names = stdout
    .split('\n')
    .filter((line) => line.includes('node_modules'))
    .map((line) => line.slice(line.lastIndexOf('node_modules/') + 'node_modules/'.length))
  return new Set(names)
}

/**
 * A fresh Vite + React app in `root/folder`, as the UI README starts one: first React, `react-dom`,
 * `zod`, Vite and its React plugin alone, then `npm install` of the packed `@frogbotai/ui` (and
 * `@frogbotai/protocol`, which it depends on and which is not published yet). Its source is the
 * seed's `Providers` sample (unchanged), `<Chat agent="planner" />` below it (`?agent=` picks
 * another), and the UI README's `vite.config.ts` with its `/api` proxy (to `FROGBOT_URL`).
 * Resolves the app's folder and what the second install added (package names) and how long it took.
 */
export async function uiAloneApp({ root, folder, env, tarballs }: { root: string; folder: string; env: NodeJS.ProcessEnv; tarballs: { ui: string; protocol: string } }) {
  const dir = join(root, folder)
  mkdirSync(join(dir, 'src'), { recursive: true })
  const manifest = {
    name: folder,
    private: true,
    type: 'module',
    scripts: { dev: 'vite' },
    dependencies: { react: '19.3.1', 'react-dom': '19.3.1', zod: '4.6.7' },
    devDependencies: { vite: '8.3.8', '@vitejs/plugin-react': '6.3.0' }
  }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  await run('npm', INSTALL, { cwd: dir, env, timeoutMs: 5 * 60_000 })
  const before = await installed(dir, env)
  const started = Date.now()
  await run('npm', [...INSTALL, `file:${tarballs.protocol}`, `file:${tarballs.ui}`], { cwd: dir, env, timeoutMs: 5 * 60_000 })
  const seconds = (Date.now() - started) / 1000
  const after = await installed(dir, env)

  cpSync(join(REPO, 'examples/react-chat/src/providers.tsx'), join(dir, 'src/providers.tsx'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html>\n<html lang="en">\n  <head><meta charset="UTF-8" /><title>Planner</title></head>\n  <body style="margin: 0"><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>\n</html>\n')
  writeFileSync(
    join(dir, 'src/main.tsx'),
    [
      "import '@frogbotai/ui/styles.css'",
      "import { Chat } from '@frogbotai/ui/chat'",
      "import { createRoot } from 'react-dom/client'",
      "import { Providers } from './providers.tsx'",
      '',
      "const agent = new URLSearchParams(window.location.search).get('agent') ?? 'planner'",
      '',
      "createRoot(document.getElementById('root')!).render(",
      '  <Providers>',
      "    <div style={{ height: '100dvh' }}>",
      '      <Chat agent={agent} />',
      '    </div>',
      '  </Providers>',
      ')',
      ''
    ].join('\n')
  )
  writeFileSync(
    join(dir, 'vite.config.ts'),
    [
      "import react from '@vitejs/plugin-react'",
      "import { defineConfig } from 'vite'",
      '',
      '// The UI README\'s proxy: the object form keeps the Host header, so the session cookie works.',
      'export default defineConfig({',
      '  plugins: [react()],',
      "  server: { proxy: { '/api': { target: process.env.FROGBOT_URL ?? 'http://localhost:3000' } } }",
      '})',
      ''
    ].join('\n')
  )
  return { dir, added: [...after].filter((name) => !before.has(name)).sort(), seconds }
}

/** Which of {@link SERVER_PACKAGES} an app in `dir` has installed. */
export function serverPackagesIn(dir: string): string[] {
  return SERVER_PACKAGES.filter((name) => existsSync(join(dir, 'node_modules', name, 'package.json')))
}

/**
 * A config for `frogbot serve` beside the seed's samples in an app that installed `frogbot`: the
 * seed's planner on the offline demo model, and an agent `deep` whose model asks a question
 * nested 5,000 levels deep (a prompt injection's tool input), then says what became of it.
 */
export const DEEP_AGENT_CONFIG = `import { buildConfig } from 'frogbot'
import { question } from 'frogbot/tools'
import { pickFile } from './pick-file.ts'
import planner from './planner.ts'

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }
const deepInput = '{"questions":[' + '{"a":'.repeat(5000) + '1' + '}'.repeat(5000) + ']}'

const deepModel = {
  specificationVersion: 'v4',
  provider: 'journey',
  modelId: 'deep',
  supportedUrls: {},
  doGenerate: async () => {
    throw new Error('not used')
  },
  doStream: async ({ prompt }) => {
    const answered = prompt.at(-1)?.role === 'tool'
    const parts = answered
      ? [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'That question did not go through.' }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }]
      : [{ type: 'tool-call', toolCallId: 'call_deep', toolName: 'question', input: deepInput }, { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage }]
    return { stream: new ReadableStream({ start(controller) { controller.enqueue({ type: 'stream-start', warnings: [] }); for (const part of parts) controller.enqueue(part); controller.close() } }) }
  }
}

export default buildConfig({
  agents: [{ ...planner.agents[0], tools: [question, pickFile] }, { slug: 'deep', model: deepModel, tools: [question] }]
})
`
