import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { discordJourney } from './discord-journey.ts'
import { doorsJourney } from './doors-journey.ts'
import { githubJourney } from './github-journey.ts'
import { linearJourney } from './linear-journey.ts'
import { freePort, outsideRepo, publishedPackages, REPO, run, startUntil, type Started } from './outside-repo.ts'
import { slackJourney } from './slack-journey.ts'
import { teamsJourney } from './teams-journey.ts'
import { telegramJourney } from './telegram-journey.ts'
import { DEEP_AGENT_CONFIG, serverPackagesIn, uiAloneApp } from './ui-alone.ts'
import { chatThroughProxy } from './ui-journey.ts'
import { findChromium, isStrictCI, playwrightChromiumPath } from '../../scripts/find-chromium.ts'
import { answerOverHttp } from './walkthrough.ts'

// The packages as a newcomer gets them: packed by npm (the `prepack` build included), installed from
// the tarballs into apps in a temporary folder outside the repository, with no workspace links.

const SEED = join(REPO, 'packages/frogbot/test/seed')
const INSTALL = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']
const MINUTE = 60_000
// Without Chromium the UI journey is skipped like the browser suites (vitest.config.ts says so once); CI=true runs it.
const noChromium = !findChromium({ playwrightPath: await playwrightChromiumPath() }).path && !isStrictCI()

type Packed = { name: string; folder: string; tarball: string; files: string[] }

const place = outsideRepo()
const packed: Packed[] = []
const running: Started[] = []

beforeAll(async () => {
  const destination = join(place.root, 'tarballs')
  mkdirSync(destination)
  for (const { folder, name } of publishedPackages()) {
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', destination], { cwd: join(REPO, folder), env: place.env, timeoutMs: 3 * MINUTE })
    const [report] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>
    packed.push({ name, folder, tarball: join(destination, report.filename), files: report.files.map((file) => file.path) })
  }
}, 5 * MINUTE)

afterAll(async () => {
  await Promise.all(running.map((process) => process.stop()))
  place.remove()
}, 2 * MINUTE)

/** Every file an `exports`, `imports` or `bin` entry of a manifest points at. */
function entryFiles(manifest: Record<string, any>): string[] {
  const targets: string[] = []
  const walk = (value: unknown) => {
    if (typeof value === 'string') targets.push(value.replace(/^\.\//, ''))
    else if (value && typeof value === 'object') Object.values(value).forEach(walk)
  }
  walk(manifest.exports)
  walk(manifest.imports)
  walk(manifest.bin)
  return targets
}

/** A fresh app in `folder` that depends on every packed tarball plus `dependencies` / `devDependencies` (from the registry), installed. */
async function freshApp(folder: string, { dependencies = {}, devDependencies = {} }: { dependencies?: Record<string, string>; devDependencies?: Record<string, string> }) {
  const app = join(place.root, folder)
  mkdirSync(app)
  const own = Object.fromEntries(packed.map(({ name, tarball }) => [name, `file:${tarball}`]))
  const manifest = { name: folder, private: true, type: 'module', dependencies: { ...own, ...dependencies }, devDependencies }
  writeFileSync(join(app, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  await run('npm', INSTALL, { cwd: app, env: place.env, timeoutMs: 5 * MINUTE })
  return app
}

/**
 * The admin chat as the installed package serves it, with no build step (README "The admin chat"):
 * `/` leads to `/admin/`, whose page maps the shared modules to files that load, and the
 * components bundle answers (empty here, naming what to run, since the app has no Vite).
 */
async function adminChatServed(base: string) {
  const root = await fetch(`${base}/`, { redirect: 'manual' })
  expect([root.status, root.headers.get('location')]).toEqual([302, '/admin/'])
  const page = await fetch(`${base}/admin/`)
  expect(page.status).toBe(200)
  const html = await page.text()
  const importMap = JSON.parse(/<script type="importmap">(.*?)<\/script>/.exec(html)![1]) as { imports: Record<string, string> }
  expect(Object.keys(importMap.imports)).toEqual(expect.arrayContaining(['react', 'react/jsx-runtime', '@frogbotai/ui/chat', 'frogbot:components']))
  for (const url of [importMap.imports.react, importMap.imports['@frogbotai/ui/chat'], /src="(\/admin\/assets\/[^"]+\.js)"/.exec(html)![1]]) {
    const asset = await fetch(`${base}${url}`)
    expect([url, asset.status, asset.headers.get('cache-control')]).toEqual([url, 200, 'public, max-age=31536000, immutable'])
  }
  const components = await fetch(`${base}${importMap.imports['frogbot:components']}`)
  expect(components.status).toBe(200)
  expect(await components.text()).toContain('export const components')
}

describe('every package, packed', () => {
  it('holds built code, declarations, a README and the license; no tests or fixtures; every entry point exists', async () => {
    expect(packed.map(({ name }) => name)).toContain('frogbot')
    expect(packed.find(({ name }) => name === 'frogbot')!.files, 'the admin chat ships built').toEqual(expect.arrayContaining(['admin/index.html', 'admin/shared-modules.json']))
    for (const { name, folder, files } of packed) {
      const manifest = JSON.parse(readFileSync(join(REPO, folder, 'package.json'), 'utf8'))
      expect(files, name).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE']))
      expect(files.filter((file) => /\.test\.|(^|\/)(test|tests|fixtures|__tests__)\//.test(file)), name).toEqual([])
      expect(entryFiles(manifest).filter((file) => !files.includes(file)), `${name}: entry points missing from the tarball`).toEqual([])
      expect(manifest).toMatchObject({ license: 'MIT', type: 'module', engines: { node: '>=24' } })
      if (name.startsWith('@')) expect(manifest.publishConfig, `${name}: a scoped package must publish as public`).toMatchObject({ access: 'public' })
    }
  })

  it('passes publint (strict) and "Are the types wrong?" for ESM-only packages', async () => {
    for (const { name, tarball } of packed) {
      const data = readFileSync(tarball)
      const { messages, pkg } = await publint({ pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) }, strict: true })
      expect(messages.map((message) => formatMessage(message, pkg, { color: false })), name).toEqual([])
      // Entry points that are not modules (a stylesheet, package.json) have no types to check.
      const manifest = JSON.parse(readFileSync(join(REPO, packed.find((entry) => entry.name === name)!.folder, 'package.json'), 'utf8'))
      const assets = Object.entries(manifest.exports ?? {}).flatMap(([entry, target]) => (typeof target === 'string' && !/\.(m?js|ts)$/.test(target) ? [entry] : []))
      const exclude = assets.length > 0 ? ['--exclude-entrypoints', ...assets] : []
      await run(join(REPO, 'node_modules/.bin/attw'), [tarball, '--profile', 'esm-only', '--no-color', ...exclude], { cwd: place.root, env: place.env, timeoutMs: 2 * MINUTE })
    }
  })

  it('npm publish --dry-run passes for each', async () => {
    for (const { folder } of packed) {
      // Publishing runs `prepublishOnly` (each package's type check under its build config), then
      // `prepack`, the build `npm pack` ran above for these very tarballs: it is not run twice.
      const at = { cwd: join(REPO, folder), env: place.env, timeoutMs: 3 * MINUTE }
      await run('npm', ['run', 'prepublishOnly', '--if-present', '--loglevel=error'], at)
      await run('npm', ['publish', '--dry-run', '--ignore-scripts', '--loglevel=error'], at)
    }
  }, 6 * MINUTE)
})

describe('a fresh app that installs the tarballs', () => {
  let app: string

  beforeAll(async () => {
    // The protocol doors' official clients, for the README's example scripts (doors-journey.ts).
    app = await freshApp('app', { dependencies: { zod: '4.6.7', react: '19.3.1', 'react-dom': '19.3.1', '@modelcontextprotocol/client': '2.4.0', '@ag-ui/client': '1.0.0' }, devDependencies: { typescript: '7.0.2', '@types/node': '24.19.4', '@types/react': '19.3.3' } })
    // The seed's code samples, unchanged, beside a config that serves both.
    cpSync(join(SEED, 'planner.seed.ts'), join(app, 'planner.ts'))
    cpSync(join(SEED, 'pick-file.seed.ts'), join(app, 'pick-file.ts'))
    // The seed's "Answer in the chat UI" sample, against the installed @frogbotai/ui.
    cpSync(join(REPO, 'examples/react-chat/src/providers.tsx'), join(app, 'providers.tsx'))
    writeFileSync(
      join(app, 'frogbot.config.ts'),
      [
        "import { buildConfig } from 'frogbot'",
        "import { question } from 'frogbot/tools'",
        "import { pickFile } from './pick-file.ts'",
        "import planner from './planner.ts'",
        '',
        'export default buildConfig({ agents: [{ ...planner.agents[0], tools: [question, pickFile] }] })',
        ''
      ].join('\n')
    )
    const compilerOptions = { target: 'es2024', module: 'nodenext', strict: true, noEmit: true, allowImportingTsExtensions: true, skipLibCheck: true, types: ['node'], jsx: 'react-jsx', lib: ['es2024', 'dom'] }
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts', '*.tsx'] }, null, 2))
  }, 6 * MINUTE)

  it("type-checks the seed's samples with tsc against the installed declarations, which hold no type error", async () => {
    await run('npx', ['tsc', '-p', 'tsconfig.json'], { cwd: app, env: place.env, timeoutMs: 2 * MINUTE })
    // Checking every declaration file too: the packages' own must be clean (other libraries' are theirs).
    const strict = await run('npx', ['tsc', '-p', 'tsconfig.json', '--skipLibCheck', 'false'], { cwd: app, env: place.env, timeoutMs: 2 * MINUTE }).then(
      () => '',
      (error: Error) => error.message
    )
    const own = packed.map(({ name }) => `node_modules/${name}/`)
    expect(strict.split('\n').filter((line) => own.some((folder) => line.startsWith(folder)))).toEqual([])
  }, 4 * MINUTE)

  it('loads every entry point in plain Node (the Slack piece with Chat SDK too), and the wire contract (@frogbotai/protocol, also frogbot/protocol) imports no Node built-in', async () => {
    const script = [
      "import * as frogbot from 'frogbot'",
      "import * as tools from 'frogbot/tools'",
      "import * as protocol from 'frogbot/protocol'",
      "import * as wire from '@frogbotai/protocol'",
      "import * as channels from 'frogbot/channels'",
      "import { createSlack } from '@frogbotai/piece-slack'",
      "const slack = createSlack({ botToken: 'xoxb-packed', signingSecret: 'packed-secret', env: {} })",
      'console.log(JSON.stringify({ buildConfig: typeof frogbot.buildConfig, createFrogbot: typeof frogbot.createFrogbot, question: tools.question.slug, protocol: Object.keys(protocol).length, wire: Object.keys(wire).length, kit: [typeof channels.createPiece, typeof channels.createChatSdkPiece, typeof channels.readNumberedAnswer], slack: [slack.piece, slack.instance, slack.label] }))'
    ].join('\n')
    const { stdout } = await run('node', ['--input-type=module', '-e', script], { cwd: app, env: place.env, timeoutMs: MINUTE })
    expect(JSON.parse(stdout)).toMatchObject({ buildConfig: 'function', createFrogbot: 'function', question: 'question', kit: ['function', 'function', 'function'], slack: ['slack', 'slack', 'Slack'] })
    // frogbot/testing ships, and its peer (vitest) is not pulled into an app that does not test.
    expect(existsSync(join(app, 'node_modules/frogbot/dist/testing/index.js'))).toBe(true)
    expect(existsSync(join(app, 'node_modules/vitest'))).toBe(false)
    expect(JSON.parse(stdout).protocol).toBeGreaterThan(0)
    expect(JSON.parse(stdout).wire).toBe(JSON.parse(stdout).protocol)
    expect(nodeImportsOf(join(app, 'node_modules/@frogbotai/protocol/dist/index.js'))).toEqual([])
  }, 2 * MINUTE)

  it('runs a Slack thread end to end with the installed Slack piece: mention, reply and card, a refusal told, the modal, Answered by, the continuation, Dismiss, a restart, an approval', async () => {
    await slackJourney({ app, env: place.env, running })
  }, 3 * MINUTE)

  it('runs a Discord thread end to end with the installed Discord piece: a signed PING answered, forged and stale ones refused, a forwarded mention, a card asking one question at a time, a refusal told, picks and Next, Answered by, the continuation', async () => {
    await discordJourney({ app, env: place.env, running })
  }, 2 * MINUTE)

  it('runs a Teams conversation end to end with the installed Teams piece: unsigned, forged and expired activities refused, a mention, one card of three questions, a refusal told, a typed answer and two picks, Answered by, the continuation', async () => {
    await teamsJourney({ app, env: place.env, running })
  }, 2 * MINUTE)

  it('runs a GitHub issue thread end to end with the installed GitHub piece: forged and repeated deliveries refused, a question per comment, a refusal told, one /answer with typed words and several picks, Answered by, the continuation', async () => {
    await githubJourney({ app, env: place.env, running })
  }, 3 * MINUTE)

  it('runs a Telegram group conversation end to end with the installed Telegram piece: a wrong secret token and repeated updates refused, one card of three questions, a refusal told privately, a typed answer, a tap and two toggles with Done, Answered by, the continuation', async () => {
    await telegramJourney({ app, env: place.env, running })
  }, 60_000)

  it('runs Linear agent sessions end to end with the installed Linear piece: forged, stale and repeated deliveries refused, a session acknowledged, a select question, a refusal told, a pick answered with Answered by and the continuation, a numbered reply to three questions, a stop signal ending the session', async () => {
    await linearJourney({ app, env: place.env, running })
  }, 2 * MINUTE)

  it("serves the samples with npx frogbot serve and answers the seed's walkthrough", async () => {
    const token = 'newcomer-token-0123456789abcdef'
    const serve = await startUntil('npx', ['frogbot', 'serve', '--port', '0', '--host', '127.0.0.1'], {
      cwd: app,
      env: { ...place.env, FROGBOT_TOKEN: token },
      ready: /listening on http:\/\/localhost:(\d+)/,
      timeoutMs: MINUTE
    })
    running.push(serve)
    await answerOverHttp(`http://127.0.0.1:${serve.match[1]}`, token)
    await adminChatServed(`http://127.0.0.1:${serve.match[1]}`)
    await serve.stop()
  }, 2 * MINUTE)

  it('opens the protocol doors under npx frogbot serve: the MCP client\'s ask_human answered over HTTP, an AG-UI HttpAgent interrupted at a question and resumed', async () => {
    await doorsJourney({ app, env: place.env, running })
  }, 3 * MINUTE)

  it.skipIf(noChromium)("a Vite app that installs @frogbotai/ui alone gets no server package, and through the UI README's proxy it signs in, asks, answers, renders Markdown and survives a 5,000-level tool input", async () => {
    const tarball = (name: string) => packed.find((entry) => entry.name === name)!.tarball
    const ui = await uiAloneApp({ root: place.root, folder: 'vite-app', env: place.env, tarballs: { ui: tarball('@frogbotai/ui'), protocol: tarball('@frogbotai/protocol') } })
    console.log(`@frogbotai/ui alone added ${ui.added.length} packages in ${ui.seconds.toFixed(1)} s: ${ui.added.join(', ')}`)
    expect(serverPackagesIn(ui.dir)).toEqual([])
    expect(ui.added).toEqual(expect.arrayContaining(['@frogbotai/ui', '@frogbotai/protocol', 'ai', '@ai-sdk/react', 'react-markdown']))
    // The UI README states this count; it grows only with the chat's own libraries.
    expect(ui.added.length, ui.added.join(', ')).toBeLessThanOrEqual(140)

    writeFileSync(join(app, 'ui-journey.config.ts'), DEEP_AGENT_CONFIG)
    const user = { email: 'ada@example.com', password: 'a password for Ada' }
    await run('npx', ['frogbot', 'users', 'create', '--email', user.email], { cwd: app, env: { ...place.env, FROGBOT_PASSWORD: user.password }, timeoutMs: MINUTE })
    const serve = await startUntil('npx', ['frogbot', 'serve', '--config', 'ui-journey.config.ts', '--port', '0', '--host', '127.0.0.1'], { cwd: app, env: place.env, ready: /listening on http:\/\/localhost:(\d+)/, timeoutMs: MINUTE })
    running.push(serve)
    const vitePort = await freePort()
    const vite = await startUntil('npx', ['vite', '--port', String(vitePort), '--host', '127.0.0.1', '--strictPort'], {
      cwd: ui.dir,
      env: { ...place.env, FROGBOT_URL: `http://127.0.0.1:${serve.match[1]}` },
      ready: /ready in/i,
      timeoutMs: MINUTE
    })
    running.push(vite)
    await chatThroughProxy(`http://127.0.0.1:${vitePort}/`, user)
    await vite.stop()
    await serve.stop()
  }, 8 * MINUTE)
})

describe('examples/nextjs, installed from the tarballs outside the repository', () => {
  it("builds with next build, signs in with the README's commands and answers the walkthrough", async () => {
    const app = join(place.root, 'nextjs')
    cpSync(join(REPO, 'examples/nextjs'), app, { recursive: true, filter: (source) => !/(^|\/)(node_modules|\.next|frogbot\.db[^/]*|next-env\.d\.ts)$/.test(source) })
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'))
    for (const { name, tarball } of packed) if (manifest.dependencies[name]) manifest.dependencies[name] = `file:${tarball}`
    writeFileSync(join(app, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
    await run('npm', INSTALL, { cwd: app, env: place.env, timeoutMs: 6 * MINUTE })

    const env = { ...place.env, FROGBOT_PASSWORD: 'a password for Ada' }
    await run('npx', ['frogbot', 'users', 'create', '--email', 'ada@example.com'], { cwd: app, env, timeoutMs: MINUTE })
    const { stdout } = await run('npx', ['frogbot', 'tokens', 'create', '--email', 'ada@example.com', '--name', 'nextjs'], { cwd: app, env, timeoutMs: MINUTE })
    const token = /\b(fbt_\S+)/.exec(stdout)?.[1]
    expect(token, stdout).toBeDefined()

    await run('npm', ['run', 'build'], { cwd: app, env, timeoutMs: 6 * MINUTE })
    const port = await freePort()
    const next = await startUntil('npm', ['start', '--', '--port', String(port), '--hostname', '127.0.0.1'], { cwd: app, env, ready: /Ready in/, timeoutMs: MINUTE })
    running.push(next)
    await answerOverHttp(`http://127.0.0.1:${port}`, token!)
    await next.stop()
  }, 15 * MINUTE)
})

/** The `node:` modules that `file` and the relative modules it imports (transitively) import. */
function nodeImportsOf(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return []
  seen.add(file)
  const source = readFileSync(file, 'utf8')
  const specifiers = [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1])
  return specifiers.flatMap((specifier) => {
    if (specifier.startsWith('node:')) return [`${file}: ${specifier}`]
    return specifier.startsWith('.') ? nodeImportsOf(join(file, '..', specifier), seen) : []
  })
}
