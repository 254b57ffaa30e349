import { execFile, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root and its pinned Node 24 binary. */
export const REPO = fileURLToPath(new URL('../../', import.meta.url))
const PINNED_NODE = realpathSync(join(REPO, 'node_modules/.bin/node'))

/** Variables of the test run that a newcomer's shell would not have: npm's (they point npm back at this
 * repository and its `frogbot-source` condition), Vitest's, and those that change what FrogBot does. */
const RUN_ONLY = /^(npm_|VITEST|NODE_OPTIONS$|NODE_ENV$|INIT_CWD$|FROGBOT_|DATABASE_URL$|REDIS_URL$|PORT$|HOST$|OPENAI_|ANTHROPIC_|GOOGLE_GENERATIVE_AI_)/i

/**
 * A temporary folder outside the repository, for apps that install the packed packages the way a
 * newcomer's app would. `env` is a newcomer's environment: this machine's (its certificates, HOME
 * and npm cache), with Node 24 first on PATH, no node_modules/.bin of this repository, and none of
 * the run's own variables ({@link RUN_ONLY}), so no model key: the offline demo model answers.
 */
export function outsideRepo() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'frogbot-newcomer-')))
  const bin = join(root, 'bin')
  mkdirSync(bin)
  symlinkSync(PINNED_NODE, join(bin, 'node'))
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !RUN_ONLY.test(name)))
  env.PATH = [bin, ...(process.env.PATH ?? '').split(':').filter((dir) => dir && !dir.includes('node_modules'))].join(':')
  env.NEXT_TELEMETRY_DISABLED = '1'
  return { root, env, remove: () => rmSync(root, { recursive: true, force: true }) }
}

/** Runs `command args` in `cwd` to completion; rejects with both outputs when it exits non-zero or outlives `timeoutMs`. */
export function run(command: string, args: string[], { cwd, env, timeoutMs }: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }) {
  return new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    execFile(command, args, { cwd, env, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} (in ${cwd}) failed: ${error.message}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`))
      else resolve({ stdout, stderr })
    })
  })
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/** A published workspace package: its folder under packages/ and its manifest. */
export type WorkspacePackage = { folder: string; name: string; manifest: Record<string, any> }

/** Every workspace under packages/ that is not private: what gets published, packed and installed. */
export function publishedPackages(): WorkspacePackage[] {
  const root = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { workspaces: string[] }
  const folders = root.workspaces.flatMap((pattern) =>
    pattern.endsWith('/*') ? readdirSync(join(REPO, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`) : [pattern]
  )
  return folders
    .filter((folder) => folder.startsWith('packages/') && existsSync(join(REPO, folder, 'package.json')))
    .map((folder) => ({ folder, manifest: JSON.parse(readFileSync(join(REPO, folder, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => !manifest.private)
    .map(({ folder, manifest }) => ({ folder, name: manifest.name as string, manifest }))
}

/** A long-running process started by {@link startUntil}. */
export type Started = { output: () => string; match: RegExpExecArray; stop: () => Promise<void> }

/**
 * Spawns `command args` in its own process group and resolves once its output matches `ready`.
 * `stop` ends the whole group (npm and npx start children of their own): SIGTERM, then SIGKILL.
 * Rejects, after stopping it, when it exits first or does not get ready within `timeoutMs`.
 */
export function startUntil(command: string, args: string[], { cwd, env, ready, timeoutMs }: { cwd: string; env: NodeJS.ProcessEnv; ready: RegExp; timeoutMs: number }) {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name)
    } catch {
      // the group is gone already
    }
  }
  const stop = async () => {
    signal('SIGTERM')
    const timer = setTimeout(() => signal('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
    signal('SIGKILL') // children that outlived their parent
  }
  return new Promise<Started>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer)
      void stop().finally(() => reject(new Error(`${command} ${args.join(' ')} ${why}\n--- output\n${output}`)))
    }
    const timer = setTimeout(() => fail(`was not ready within ${timeoutMs} ms`), timeoutMs)
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const match = ready.exec(output)
      if (match) {
        clearTimeout(timer)
        child.off('exit', onExit)
        resolve({ output: () => output, match, stop })
      }
    }
    const onExit = (code: number | null) => fail(`exited (code ${code}) before it was ready`)
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', onExit)
  })
}
